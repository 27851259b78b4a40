import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionFunctionTool,
} from "openai/resources/chat/completions";
import { z } from "zod";
import {
  type ChatMessage,
  type ChatModel,
  estimateTokens,
  ModelError,
  type ModelResponseMeta,
  type ModelTier,
  type ObjectRequest,
  type ObjectResponse,
  type ToolCall,
  type ToolCallRequest,
  type ToolCallResponse,
} from "./chat-model";

/** How `generateObject` asks for JSON; "auto" tries json_schema and remembers a server's refusal. */
export type StructuredOutputs = "auto" | "json_schema" | "json_object";

export interface OpenAIChatModelOptions {
  /** Any OpenAI-compatible endpoint (OpenAI, Azure proxy, vLLM, Ollama, …); the SDK's default otherwise. */
  baseURL?: string;
  apiKey: string;
  fastModel: string;
  strongModel: string;
  /** Per HTTP attempt; the SDK retries timeouts too. Default 60 s. */
  timeoutMs?: number;
  /** Retries of 429, 5xx, timeouts and connection errors, done by the SDK. Default 2. */
  maxRetries?: number;
  /** USD per million tokens; cost is 0 without them. */
  prices?: { inputPerMTok: number; outputPerMTok: number };
  structuredOutputs?: StructuredOutputs;
  fetch?: typeof globalThis.fetch;
  /** Milliseconds, for latency; injectable so tests control time. */
  now?: () => number;
}

const rawLimit = 4_000;

/** One completion, reduced to what this adapter uses. */
interface Reply {
  content: string;
  toolCalls: { name: string; arguments: string }[];
  /** What the model sent, as shown to the debugger and quoted back in a repair round. */
  raw: string;
  promptTokens: number;
  completionTokens: number;
}

type Parsed<V> =
  | { ok: true; value: V }
  | { ok: false; code: "invalid_json" | "schema_violation"; problem: string; feedback: string };

type CompletionParams = Omit<ChatCompletionCreateParamsNonStreaming, "model" | "messages">;

/** A `ChatModel` over the Chat Completions API of OpenAI or any server that speaks it. */
export class OpenAIChatModel implements ChatModel {
  readonly name: string;
  private readonly client: OpenAI;
  private readonly now: () => number;
  private jsonSchemaRejected = false;
  private requiredToolChoiceRejected = false;

  constructor(private readonly options: OpenAIChatModelOptions) {
    this.name = `openai:${options.strongModel}`;
    this.now = options.now ?? (() => performance.now());
    // Retries (with Retry-After / retry-after-ms) and per-attempt timeouts are the SDK's job.
    this.client = new OpenAI({
      baseURL: options.baseURL,
      apiKey: options.apiKey,
      timeout: options.timeoutMs ?? 60_000,
      maxRetries: options.maxRetries ?? 2,
      fetch: options.fetch,
    });
  }

  async generateObject<T>(request: ObjectRequest<T>): Promise<ObjectResponse<T>> {
    const started = this.now();
    const name = request.schemaName.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 64) || "output";
    const { $schema: _dialect, ...schema } = z.toJSONSchema(request.schema, {
      io: "input",
      unrepresentable: "any",
    });
    const { value, ...meta } = await this.withRepair(
      request,
      started,
      (messages) => this.requestObject(request, messages, name, schema),
      (reply) => parseObject(reply.content, request.schema),
    );
    return { output: value, ...meta };
  }

  async callTools(request: ToolCallRequest): Promise<ToolCallResponse> {
    const started = this.now();
    const tools: ChatCompletionFunctionTool[] = request.tools.map((tool) => ({
      type: "function",
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
    const { value, ...meta } = await this.withRepair(
      request,
      started,
      (messages) => this.requestToolCalls(request, messages, tools),
      parseToolCalls,
    );
    return { calls: value, ...meta };
  }

  /** Sends the prompt; if the reply is unusable, sends it back once with what is wrong with it. */
  private async withRepair<V>(
    request: { tier: ModelTier; messages: ChatMessage[] },
    started: number,
    send: (messages: ChatMessage[]) => Promise<Reply>,
    parse: (reply: Reply) => Parsed<V>,
  ): Promise<ModelResponseMeta & { value: V }> {
    const first = await send(request.messages);
    let last = first;
    let parsed = parse(first);
    if (!parsed.ok) {
      last = await send([
        ...request.messages,
        { role: "assistant", content: first.raw },
        { role: "user", content: parsed.feedback },
      ]);
      parsed = parse(last);
      if (!parsed.ok) {
        throw new ModelError(parsed.code, `Unusable reply after one repair round: ${parsed.problem}`, {
          raw: last.raw.slice(0, rawLimit),
        });
      }
    }
    const replies = last === first ? [first] : [first, last];
    const promptTokens = sum(replies, (reply) => reply.promptTokens);
    const completionTokens = sum(replies, (reply) => reply.completionTokens);
    const prices = this.options.prices ?? { inputPerMTok: 0, outputPerMTok: 0 };
    return {
      value: parsed.value,
      model: this.modelFor(request.tier),
      usage: {
        promptTokens,
        completionTokens,
        totalTokens: promptTokens + completionTokens,
        costUsd: (promptTokens * prices.inputPerMTok + completionTokens * prices.outputPerMTok) / 1_000_000,
      },
      latencyMs: this.now() - started,
      raw: last.raw.slice(0, rawLimit),
      repaired: replies.length > 1,
    };
  }

  private async requestObject<T>(
    request: ObjectRequest<T>,
    messages: ChatMessage[],
    name: string,
    schema: Record<string, unknown>,
  ): Promise<Reply> {
    const mode = this.options.structuredOutputs ?? "auto";
    if (mode === "json_schema" || (mode === "auto" && !this.jsonSchemaRejected)) {
      try {
        const response_format = {
          type: "json_schema",
          json_schema: { name, schema, strict: false },
        } as const;
        return await this.complete(request, messages, { response_format });
      } catch (error) {
        if (mode !== "auto" || !isRejection(error, /response_format|json_schema|structured output/i))
          throw error;
        this.jsonSchemaRejected = true;
      }
    }
    return this.complete(request, withSchemaInstruction(messages, schema), {
      response_format: { type: "json_object" },
    });
  }

  private async requestToolCalls(
    request: ToolCallRequest,
    messages: ChatMessage[],
    tools: ChatCompletionFunctionTool[],
  ): Promise<Reply> {
    if (!this.requiredToolChoiceRejected) {
      try {
        return await this.complete(request, messages, { tools, tool_choice: "required" });
      } catch (error) {
        if (!isRejection(error, /tool_choice/i)) throw error;
        this.requiredToolChoiceRejected = true;
      }
    }
    return this.complete(request, messages, { tools, tool_choice: "auto" });
  }

  private async complete(
    request: { tier: ModelTier; signal?: AbortSignal },
    messages: ChatMessage[],
    params: CompletionParams,
  ): Promise<Reply> {
    const completion = await this.client.chat.completions
      .create({ model: this.modelFor(request.tier), messages, ...params }, { signal: request.signal })
      .catch((error: unknown) => {
        throw this.toModelError(error, request.signal);
      });
    const choice = completion.choices[0];
    if (!choice) throw new ModelError("server_error", "The model server sent a completion without choices");
    const toolCalls = (choice.message.tool_calls ?? []).flatMap((call) =>
      call.type === "function" ? [{ name: call.function.name, arguments: call.function.arguments }] : [],
    );
    // A refusal arrives instead of content; treating it as the reply lets the repair round try again.
    const content = choice.message.content ?? choice.message.refusal ?? "";
    const raw = toolCalls.length > 0 ? JSON.stringify(toolCalls) : content;
    if (choice.finish_reason === "length") {
      throw new ModelError("truncated", "The reply hit the output token limit and was cut off", {
        raw: raw.slice(0, rawLimit),
      });
    }
    return {
      content,
      toolCalls,
      raw,
      promptTokens:
        completion.usage?.prompt_tokens ?? estimateTokens(messages.map((m) => m.content).join("\n")),
      completionTokens: completion.usage?.completion_tokens ?? estimateTokens(raw),
    };
  }

  private modelFor(tier: ModelTier): string {
    return tier === "fast" ? this.options.fastModel : this.options.strongModel;
  }

  private toModelError(error: unknown, signal: AbortSignal | undefined): ModelError {
    if (error instanceof APIUserAbortError || signal?.aborted) {
      return new ModelError("aborted", "The model call was aborted");
    }
    if (error instanceof APIConnectionTimeoutError) {
      const ms = this.options.timeoutMs ?? 60_000;
      return new ModelError("timeout", `The model server did not answer within ${ms} ms`, {
        retryable: true,
      });
    }
    if (error instanceof APIConnectionError) {
      return new ModelError("network", `Could not reach the model server at ${this.client.baseURL}`, {
        retryable: true,
        cause: error.cause,
      });
    }
    // The server's message is kept (it says what was wrong) but the SDK error is not attached as
    // cause: some servers echo the credentials they were sent.
    const message = this.redact(error instanceof Error ? error.message : String(error));
    if (!(error instanceof APIError) || error.status === undefined) {
      return new ModelError("server_error", `Unexpected reply from the model server: ${message}`);
    }
    const status = error.status;
    if (status === 429) return new ModelError("rate_limited", message, { retryable: true, status });
    if (status === 408) return new ModelError("timeout", message, { retryable: true, status });
    if (status >= 500) return new ModelError("server_error", message, { retryable: true, status });
    return new ModelError("bad_request", message, { status });
  }

  private redact(text: string): string {
    const key = this.options.apiKey;
    return key.length >= 4 ? text.split(key).join("[redacted]") : text;
  }
}

function isRejection(error: unknown, topic: RegExp): boolean {
  return error instanceof ModelError && error.code === "bad_request" && topic.test(error.message);
}

/** The json_object fallback cannot carry a schema, so the prompt does. */
function withSchemaInstruction(messages: ChatMessage[], schema: Record<string, unknown>): ChatMessage[] {
  const instruction = `Reply with one JSON object, without prose or code fences, that matches this JSON Schema:\n${JSON.stringify(schema)}`;
  const [first, ...rest] = messages;
  if (first?.role === "system")
    return [{ role: "system", content: `${first.content}\n\n${instruction}` }, ...rest];
  return [{ role: "system", content: instruction }, ...messages];
}

function parseObject<T>(content: string, schema: z.ZodType<T>): Parsed<T> {
  const json = parseJson(content);
  if (!json.ok) {
    return {
      ok: false,
      code: "invalid_json",
      problem: json.error,
      feedback: `Your reply is not valid JSON (${json.error}). Reply again with only the JSON object.`,
    };
  }
  const result = schema.safeParse(json.value);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues
    .slice(0, 10)
    .map(
      (issue) => `- ${issue.path.length > 0 ? issue.path.map(String).join(".") : "(root)"}: ${issue.message}`,
    );
  return {
    ok: false,
    code: "schema_violation",
    problem: issues.join(" "),
    feedback: `Your JSON does not match the required schema:\n${issues.join("\n")}\nReply again with the corrected JSON object only.`,
  };
}

function parseToolCalls(reply: Reply): Parsed<ToolCall[]> {
  if (reply.toolCalls.length === 0) {
    throw new ModelError("no_tool_call", "The model answered without calling a tool", {
      raw: reply.raw.slice(0, rawLimit),
    });
  }
  const calls: ToolCall[] = [];
  const problems: string[] = [];
  for (const call of reply.toolCalls) {
    // Some servers send "" for a call without arguments.
    const json = parseJson(call.arguments.trim() === "" ? "{}" : call.arguments);
    if (json.ok) calls.push({ name: call.name, arguments: json.value });
    else problems.push(`- ${call.name}: ${json.error}`);
  }
  if (problems.length === 0) return { ok: true, value: calls };
  return {
    ok: false,
    code: "invalid_json",
    problem: problems.join(" "),
    feedback: `The arguments of these tool calls are not valid JSON:\n${problems.join("\n")}\nCall the tool again with arguments that are one JSON object.`,
  };
}

/** Parses JSON, also when the model wrapped it in a ```json fence. */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1];
  let firstError = "";
  for (const candidate of fenced === undefined ? [text] : [text, fenced]) {
    try {
      return { ok: true, value: JSON.parse(candidate) };
    } catch (error) {
      firstError ||= error instanceof Error ? error.message.slice(0, 200) : "unparseable";
    }
  }
  return { ok: false, error: firstError };
}

function sum<T>(items: T[], pick: (item: T) => number): number {
  return items.reduce((total, item) => total + pick(item), 0);
}

const unsetIfBlank = <S extends z.ZodType>(schema: S) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    schema.optional(),
  );

const OpenAIEnv = z.object({
  OPENAI_BASE_URL: unsetIfBlank(z.url()),
  OPENAI_API_KEY: unsetIfBlank(z.string()),
  OPENAI_MODEL: unsetIfBlank(z.string()),
  OPENAI_MODEL_FAST: unsetIfBlank(z.string()),
  OPENAI_MODEL_STRONG: unsetIfBlank(z.string()),
  OPENAI_TIMEOUT_MS: unsetIfBlank(z.coerce.number().int().positive()),
  OPENAI_PRICE_INPUT_PER_MTOK: unsetIfBlank(z.coerce.number().nonnegative()),
  OPENAI_PRICE_OUTPUT_PER_MTOK: unsetIfBlank(z.coerce.number().nonnegative()),
});

/** Builds the model from `OPENAI_*` variables; throws a message naming each bad variable (never its value). */
export function openAIModelFromEnv(env: Record<string, string | undefined> = process.env): OpenAIChatModel {
  const parsed = OpenAIEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid OpenAI settings: ${problems.join("; ")}`);
  }
  const settings = parsed.data;
  // Local servers (Ollama, vLLM) need no key, but api.openai.com always does.
  if (!settings.OPENAI_API_KEY && !settings.OPENAI_BASE_URL) {
    throw new Error("Invalid OpenAI settings: OPENAI_API_KEY is required unless OPENAI_BASE_URL is set");
  }
  const fallbackModel = settings.OPENAI_MODEL ?? "gpt-4o-mini";
  const pricesGiven =
    settings.OPENAI_PRICE_INPUT_PER_MTOK !== undefined || settings.OPENAI_PRICE_OUTPUT_PER_MTOK !== undefined;
  return new OpenAIChatModel({
    baseURL: settings.OPENAI_BASE_URL,
    apiKey: settings.OPENAI_API_KEY ?? "not-needed",
    fastModel: settings.OPENAI_MODEL_FAST ?? fallbackModel,
    strongModel: settings.OPENAI_MODEL_STRONG ?? fallbackModel,
    timeoutMs: settings.OPENAI_TIMEOUT_MS,
    prices: pricesGiven
      ? {
          inputPerMTok: settings.OPENAI_PRICE_INPUT_PER_MTOK ?? 0,
          outputPerMTok: settings.OPENAI_PRICE_OUTPUT_PER_MTOK ?? 0,
        }
      : undefined,
  });
}
