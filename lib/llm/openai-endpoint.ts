import { type ChatMessage, ModelError } from "./chat-model";

/** Characters per token when sizing prompts: conservative, since small vocabularies split more. */
export const CHARS_PER_TOKEN = 3;

/** What an endpoint has shown it cannot do, learnt once and shared by every model built for it. */
export interface Endpoint {
  jsonSchemaRejected: boolean;
  requiredToolChoiceRejected: boolean;
  /** The server answers tool requests with text: ask for the call as a JSON object instead. */
  toolsIgnored: boolean;
  contextTokens?: Promise<number | null>;
  /** Requests the server refused (4xx, context overflow), by body hash: never sent again. */
  refused: Map<string, ModelError>;
  /** Prompt characters per token, learnt from the server's usage (the fewest seen), for sizing. */
  charsPerToken: number;
}
const endpoints = new Map<string, Endpoint>();

/** The shared record of a base URL, created on first use. */
export function endpointFor(baseURL: string): Endpoint {
  let endpoint = endpoints.get(baseURL);
  if (!endpoint) {
    endpoint = {
      jsonSchemaRejected: false,
      requiredToolChoiceRejected: false,
      toolsIgnored: false,
      charsPerToken: CHARS_PER_TOKEN,
      refused: new Map(),
    };
    endpoints.set(baseURL, endpoint);
  }
  return endpoint;
}

export const withModel = (error: unknown, model: string) =>
  error instanceof ModelError && !error.options.model
    ? new ModelError(error.code, error.message, { ...error.options, model })
    : error;

export const schemaName = (name: string) => name.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 64) || "output";

export function isRejection(error: unknown, topic: RegExp): boolean {
  return error instanceof ModelError && error.code === "bad_request" && topic.test(error.message);
}

/** A 400 about the schema, the grammar made from it, or response_format itself. */
export const isSchemaRejection = (error: unknown) =>
  isRejection(error, /response_format|json_schema|structured output|grammar|schema/i);

/** The json_object fallback cannot carry a schema, so the prompt does. */
export function withSchemaInstruction(
  messages: ChatMessage[],
  schema: Record<string, unknown>,
): ChatMessage[] {
  const instruction = `Reply with one JSON object, without prose or code fences, that matches this JSON Schema:\n${JSON.stringify(schema)}`;
  const [first, ...rest] = messages;
  if (first?.role === "system")
    return [{ role: "system", content: `${first.content}\n\n${instruction}` }, ...rest];
  return [{ role: "system", content: instruction }, ...messages];
}
