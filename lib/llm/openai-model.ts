import { createHash } from "node:crypto";
import type { ChatCompletionFunctionTool } from "openai/resources/chat/completions";
import {
  type ChatMessage,
  type ChatModel,
  ContextExceededError,
  ModelError,
  type ModelResponseMeta,
  type ModelTier,
  type ObjectRequest,
  type ObjectResponse,
  type ToolCallRequest,
  type ToolCallResponse,
  usageOf,
} from "./chat-model";
import {
  type Endpoint,
  endpointFor,
  isRejection,
  isSchemaRejection,
  schemaName,
  withModel,
  withSchemaInstruction,
} from "./openai-endpoint";
import {
  type Parsed,
  parseObject,
  parseToolCalls,
  type Reply,
  toolCallSchema,
  toolCallsFromJson,
} from "./openai-parse";
import { type Completion, OpenAITransport, type StreamParams } from "./openai-transport";
import { probeContextTokens } from "./server-context";
import { portable, wireSchema } from "./wire-schema";

export { openAIModelFromEnv } from "./openai-env";

/** How `generateObject` asks for JSON; "auto" tries json_schema and remembers a server's refusal. */
export type StructuredOutputs = "auto" | "json_schema" | "json_object";

export interface OpenAIChatModelOptions {
  /** Any OpenAI-compatible endpoint (OpenAI, llama.cpp, vLLM, Ollama, LM Studio); OpenAI's otherwise. */
  baseURL?: string;
  apiKey: string;
  fastModel: string;
  strongModel: string;
  /** Longest a whole reply may take. Default 300 s. */
  timeoutMs?: number;
  /** Longest wait for the first streamed chunk and between chunks. Default min(60 s, timeoutMs). */
  firstByteTimeoutMs?: number;
  /** Retries of 429, 5xx and connection errors (never of timeouts or context overflows). Default 2. */
  maxRetries?: number;
  /** Output cap sent as max_tokens on every request (lowered to what the context leaves). Default 1024. */
  maxOutputTokens?: number;
  /** The server's context size in tokens; read from the server (llama.cpp, vLLM) when not given. */
  contextTokens?: number;
  /** USD per million tokens; cost is 0 without them. */
  prices?: { inputPerMTok: number; outputPerMTok: number };
  structuredOutputs?: StructuredOutputs;
  fetch?: typeof globalThis.fetch;
  /** Milliseconds, for latency; injectable so tests control time. */
  now?: () => number;
}

const rawLimit = 4_000;
/** A `ChatModel` over the Chat Completions API of OpenAI or any server that speaks it. */
export class OpenAIChatModel implements ChatModel {
  readonly name: string;
  private readonly transport: OpenAITransport;
  private readonly now: () => number;
  private readonly endpoint: Endpoint;

  constructor(private readonly options: OpenAIChatModelOptions) {
    this.name = `openai:${options.strongModel}`;
    this.now = options.now ?? (() => performance.now());
    const timeoutMs = options.timeoutMs ?? 300_000;
    this.transport = new OpenAITransport({
      baseURL: options.baseURL,
      apiKey: options.apiKey,
      timeoutMs,
      firstByteTimeoutMs: options.firstByteTimeoutMs ?? Math.min(60_000, timeoutMs),
      maxRetries: options.maxRetries ?? 2,
      fetch: options.fetch,
    });
    this.endpoint = endpointFor(this.transport.baseURL);
  }

  async generateObject<T>(request: ObjectRequest<T>): Promise<ObjectResponse<T>> {
    const started = this.now();
    const name = schemaName(request.schemaName);
    const schema = wireSchema(request.schema);
    const { value, ...meta } = await this.withRepair(
      request,
      started,
      (messages) => this.requestObject(request, messages, name, schema),
      (reply) => parseObject(reply, request.schema),
    );
    return { output: value, ...meta };
  }

  async callTools(request: ToolCallRequest): Promise<ToolCallResponse> {
    const started = this.now();
    const tools: ChatCompletionFunctionTool[] = request.tools.map((tool) => ({
      type: "function",
      function: { name: tool.name, description: tool.description, parameters: portable(tool.parameters) },
    }));
    const { value, ...meta } = await this.withRepair(
      request,
      started,
      (messages) => this.requestToolCalls(request, messages, tools),
      parseToolCalls,
    );
    return { calls: value, ...meta };
  }

  async promptBudgetChars(_tier: ModelTier): Promise<number | null> {
    const context = await this.contextTokens();
    if (!context) return null;
    const reserve = Math.min(this.options.maxOutputTokens ?? 1024, Math.floor(context / 4));
    return Math.max(0, Math.floor((context - reserve) * this.endpoint.charsPerToken));
  }

  private contextTokens(): Promise<number | null> {
    if (this.options.contextTokens) return Promise.resolve(this.options.contextTokens);
    if (!this.options.baseURL) return Promise.resolve(null);
    // Bounded by a quarter of the first-byte timeout: a hung server still fails within 1.25 of it.
    const firstByte = this.options.firstByteTimeoutMs ?? Math.min(60_000, this.options.timeoutMs ?? 300_000);
    this.endpoint.contextTokens ??= probeContextTokens(
      this.options.baseURL,
      this.options.strongModel,
      this.options.fetch,
      Math.min(1_000, Math.max(100, firstByte / 4)),
    );
    return this.endpoint.contextTokens;
  }

  /** Sends the prompt; if the reply is unusable, sends it back once with what is wrong with it. */
  private async withRepair<V>(
    request: { tier: ModelTier; messages: ChatMessage[] },
    started: number,
    send: (messages: ChatMessage[]) => Promise<Reply>,
    parse: (reply: Reply) => Parsed<V>,
  ): Promise<ModelResponseMeta & { value: V }> {
    const model = this.modelFor(request.tier);
    const check = (reply: Reply) => {
      try {
        return parse(reply);
      } catch (error) {
        throw withModel(error, model);
      }
    };
    const first = await send(request.messages);
    let last = first;
    let parsed = check(first);
    if (!parsed.ok) {
      last = await send([
        ...request.messages,
        { role: "assistant", content: first.raw.slice(0, rawLimit) },
        { role: "user", content: parsed.feedback },
      ]);
      parsed = check(last);
      if (!parsed.ok) {
        throw new ModelError(parsed.code, `Unusable reply after one repair round: ${parsed.problem}`, {
          raw: last.raw.slice(0, rawLimit),
          model,
          usage: usageOf([first, last]),
        });
      }
    }
    const replies = last === first ? [first] : [first, last];
    const promptTokens = replies.reduce((n, r) => n + r.promptTokens, 0);
    const completionTokens = replies.reduce((n, r) => n + r.completionTokens, 0);
    const prices = this.options.prices ?? { inputPerMTok: 0, outputPerMTok: 0 };
    return {
      value: parsed.value,
      model,
      usage: {
        promptTokens,
        completionTokens,
        totalTokens: promptTokens + completionTokens,
        costUsd: (promptTokens * prices.inputPerMTok + completionTokens * prices.outputPerMTok) / 1_000_000,
      },
      latencyMs: this.now() - started,
      raw: last.raw.slice(0, rawLimit),
      repaired: replies.length > 1,
      repairRounds: replies.length - 1,
    };
  }

  private async requestObject(
    request: { tier: ModelTier; signal?: AbortSignal },
    messages: ChatMessage[],
    name: string,
    schema: Record<string, unknown>,
  ): Promise<Reply> {
    const mode = this.options.structuredOutputs ?? "auto";
    if (mode === "json_schema" || (mode === "auto" && !this.endpoint.jsonSchemaRejected)) {
      try {
        const response_format = {
          type: "json_schema",
          json_schema: { name, schema, strict: false },
        } as const;
        return await this.complete(request, messages, { response_format });
      } catch (error) {
        // llama.cpp (and Ollama) refuse a schema they cannot turn into a grammar with "failed to
        // parse grammar"; OpenAI-style servers name response_format. Either way: JSON mode, for good.
        if (mode !== "auto" || !isSchemaRejection(error)) throw error;
        this.endpoint.jsonSchemaRejected = true;
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
    let ignored: Reply | null = null;
    if (!this.endpoint.toolsIgnored) {
      const reply = await this.nativeToolCalls(request, messages, tools);
      if (reply.toolCalls.length > 0) return reply;
      const fromText = toolCallsFromJson(reply.content, request.tools);
      if (fromText) return { ...reply, toolCalls: fromText };
      // Text instead of a call: this server ignores tool_choice. Ask for the call as JSON instead.
      this.endpoint.toolsIgnored = true;
      ignored = reply;
    }
    const schema = toolCallSchema(request.tools);
    const reply = await this.requestObject(request, messages, "tool_call", schema);
    const calls = toolCallsFromJson(reply.content, request.tools) ?? [];
    return {
      ...reply,
      toolCalls: calls,
      promptTokens: reply.promptTokens + (ignored?.promptTokens ?? 0),
      completionTokens: reply.completionTokens + (ignored?.completionTokens ?? 0),
    };
  }

  private async nativeToolCalls(
    request: ToolCallRequest,
    messages: ChatMessage[],
    tools: ChatCompletionFunctionTool[],
  ): Promise<Reply> {
    if (!this.endpoint.requiredToolChoiceRejected) {
      try {
        return await this.complete(request, messages, { tools, tool_choice: "required" });
      } catch (error) {
        if (!isRejection(error, /tool_choice/i)) {
          if (!isRejection(error, /\btools?\b|jinja/i)) throw error;
          // The server takes no tools at all: the JSON fallback is the only way.
          this.endpoint.toolsIgnored = true;
          return {
            content: "",
            toolCalls: [],
            raw: "",
            promptTokens: 0,
            completionTokens: 0,
            finishReason: "stop",
          };
        }
        this.endpoint.requiredToolChoiceRejected = true;
      }
    }
    return this.complete(request, messages, { tools, tool_choice: "auto" });
  }

  /** One request, capped in output, never one the server already refused. */
  private async complete(
    request: { tier: ModelTier; signal?: AbortSignal },
    messages: ChatMessage[],
    params: Omit<StreamParams, "model" | "messages">,
  ): Promise<Reply> {
    const model = this.modelFor(request.tier);
    const promptChars =
      messages.reduce((n, m) => n + m.content.length, 0) + JSON.stringify(params.tools ?? "").length;
    const promptTokens = Math.ceil(promptChars / this.endpoint.charsPerToken);
    let cap = this.options.maxOutputTokens ?? 1024;
    const context = await this.contextTokens();
    if (context) {
      const room = context - promptTokens - 16;
      if (room < 32) {
        throw new ContextExceededError(
          `The prompt (about ${promptTokens} tokens) leaves no room for a reply in the server's ${context}-token context`,
          { model },
        );
      }
      cap = Math.min(cap, room);
    }
    // OpenAI's newer models refuse max_tokens; the other servers all read it.
    const capParam = this.options.baseURL ? { max_tokens: cap } : { max_completion_tokens: cap };
    const body: StreamParams = { model, messages, ...params, ...capParam };
    const key = createHash("sha256").update(JSON.stringify(body)).digest("hex");
    const refused = this.endpoint.refused.get(key);
    if (refused) {
      throw new ModelError(
        refused.code,
        `${refused.message} (not sent again: the server refused this exact request)`,
        {
          ...refused.options,
          model,
        },
      );
    }
    let completion: Completion;
    try {
      completion = await this.transport.complete(body, request.signal, model);
    } catch (error) {
      if (
        error instanceof ModelError &&
        (error.code === "bad_request" || error instanceof ContextExceededError)
      ) {
        if (this.endpoint.refused.size > 200) this.endpoint.refused.clear();
        this.endpoint.refused.set(key, error);
      }
      throw error;
    }
    const counted = completion.usage?.prompt_tokens;
    if (counted && counted > 20) {
      // Small vocabularies take more tokens per character than the estimate: size by what was seen.
      this.endpoint.charsPerToken = Math.max(1, Math.min(this.endpoint.charsPerToken, promptChars / counted));
    }
    const raw = completion.toolCalls.length > 0 ? JSON.stringify(completion.toolCalls) : completion.content;
    return {
      content: completion.content,
      toolCalls: completion.toolCalls,
      raw,
      finishReason: completion.finishReason,
      promptTokens: completion.usage?.prompt_tokens ?? promptTokens,
      completionTokens: completion.usage?.completion_tokens ?? Math.ceil(raw.length / 4),
    };
  }

  private modelFor(tier: ModelTier): string {
    return tier === "fast" ? this.options.fastModel : this.options.strongModel;
  }
}
