import path from "node:path";
import type {
  Llama,
  LlamaCompletion,
  LlamaContext,
  LlamaContextSequence,
  LlamaGrammar,
  LlamaModel,
} from "node-llama-cpp";
import type { z } from "zod";
import {
  type ChatMessage,
  type ChatModel,
  ContextExceededError,
  ModelError,
  type ModelTier,
  type ObjectRequest,
  type ObjectResponse,
  type ToolCallRequest,
  type ToolCallResponse,
  usageOf,
} from "./chat-model";
import {
  type Parsed,
  parseObject,
  parseToolCalls,
  type Reply,
  toolCallSchema,
  toolCallsFromJson,
} from "./openai-parse";
import { wireSchema } from "./wire-schema";

export interface LocalGgufOptions {
  /** A GGUF file (PREFRONTAL_GGUF). */
  modelPath: string;
  /** Context size in tokens. Default 2048. */
  contextTokens?: number;
  /** Output cap per reply. Default 512. */
  maxOutputTokens?: number;
  /** CPU threads. Default 2. */
  threads?: number;
  now?: () => number;
}

interface Engine {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  sequence: LlamaContextSequence;
  completion: LlamaCompletion;
}

/**
 * A GGUF model run in this process by node-llama-cpp (its prebuilt CPU binaries; nothing is
 * downloaded or built): no server. Structured output goes through its JSON-schema grammar, so the
 * reply is well-formed JSON of the schema's shape; zod checks the rest, with one repair round.
 * Calls are serialised: one context sequence, one generation at a time.
 */
export class LocalGgufModel implements ChatModel {
  readonly name: string;
  private engine: Promise<Engine> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly now: () => number;
  private readonly grammars = new Map<string, Promise<LlamaGrammar>>();

  constructor(private readonly options: LocalGgufOptions) {
    this.name = `local:${path.basename(options.modelPath)}`;
    this.now = options.now ?? (() => performance.now());
  }

  async generateObject<T>(request: ObjectRequest<T>): Promise<ObjectResponse<T>> {
    const schema = wireSchema(request.schema as z.ZodType);
    const { value, ...meta } = await this.run(request, schema, (reply) => parseObject(reply, request.schema));
    return { output: value, ...meta };
  }

  async callTools(request: ToolCallRequest): Promise<ToolCallResponse> {
    const schema = toolCallSchema(request.tools);
    const { value, ...meta } = await this.run(request, schema, (reply) =>
      parseToolCalls({ ...reply, toolCalls: toolCallsFromJson(reply.content, request.tools) ?? [] }),
    );
    return { calls: value, ...meta };
  }

  async promptBudgetChars(_tier: ModelTier): Promise<number | null> {
    const contextTokens = this.options.contextTokens ?? 2048;
    const reserve = Math.min(this.options.maxOutputTokens ?? 512, Math.floor(contextTokens / 4));
    // Measured on this model's own tokenizer: small vocabularies spend more tokens per character.
    const { model } = await this.load();
    const sample = "Plan the research as a task graph with checkable criteria for each task.";
    const perToken = sample.length / Math.max(1, model.tokenize(sample).length);
    return Math.floor((contextTokens - reserve) * Math.min(perToken, 4));
  }

  private load(): Promise<Engine> {
    this.engine ??= (async () => {
      const { getLlama, LlamaCompletion } = await import("node-llama-cpp");
      // build "never": only the prebuilt binaries shipped in npm packages; never a download or a build.
      const llama = await getLlama({ gpu: false, build: "never" });
      const model = await llama.loadModel({ modelPath: this.options.modelPath });
      const context = await model.createContext({
        contextSize: this.options.contextTokens ?? 2048,
        threads: this.options.threads ?? 2,
      });
      const sequence = context.getSequence();
      return {
        llama,
        model,
        context,
        sequence,
        completion: new LlamaCompletion({ contextSequence: sequence }),
      };
    })();
    return this.engine;
  }

  private grammar(engine: Engine, schema: Record<string, unknown>): Promise<LlamaGrammar> {
    const key = JSON.stringify(schema);
    let grammar = this.grammars.get(key);
    if (!grammar) {
      // A schema its converter cannot take still gets well-formed JSON; zod checks the shape.
      grammar = engine.llama
        .createGrammarForJsonSchema(withOneOf(schema) as never)
        .catch(() => engine.llama.getGrammarFor("json"));
      this.grammars.set(key, grammar);
    }
    return grammar;
  }

  /** One reply, and one repair round if it is unusable; serialised with every other call. */
  private run<V>(
    request: { tier: ModelTier; messages: ChatMessage[]; signal?: AbortSignal },
    schema: Record<string, unknown>,
    parse: (reply: Reply) => Parsed<V>,
  ) {
    const next = this.queue.then(async () => {
      const started = this.now();
      const engine = await this.load();
      const grammar = await this.grammar(engine, schema);
      const first = await this.generate(engine, grammar, request.messages, request.signal);
      let last = first;
      let parsed = this.check(parse, first);
      if (!parsed.ok) {
        last = await this.generate(
          engine,
          grammar,
          [
            ...request.messages,
            { role: "assistant", content: first.raw },
            { role: "user", content: parsed.feedback },
          ],
          request.signal,
        );
        parsed = this.check(parse, last);
        if (!parsed.ok) {
          throw new ModelError(parsed.code, `Unusable reply after one repair round: ${parsed.problem}`, {
            raw: last.raw.slice(0, 4_000),
            model: this.name,
            usage: usageOf([first, last]),
          });
        }
      }
      const replies = last === first ? [first] : [first, last];
      const promptTokens = replies.reduce((n, r) => n + r.promptTokens, 0);
      const completionTokens = replies.reduce((n, r) => n + r.completionTokens, 0);
      return {
        value: parsed.value,
        model: this.name,
        usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens, costUsd: 0 },
        latencyMs: this.now() - started,
        raw: last.raw.slice(0, 4_000),
        repaired: replies.length > 1,
        repairRounds: replies.length - 1,
      };
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  private check<V>(parse: (reply: Reply) => Parsed<V>, reply: Reply): Parsed<V> {
    try {
      return parse(reply);
    } catch (error) {
      if (error instanceof ModelError)
        throw new ModelError(error.code, error.message, { ...error.options, model: this.name });
      throw error;
    }
  }

  private async generate(
    engine: Engine,
    grammar: LlamaGrammar,
    messages: ChatMessage[],
    signal?: AbortSignal,
  ): Promise<Reply> {
    if (signal?.aborted) throw new ModelError("aborted", "The model call was aborted", { model: this.name });
    // ChatML, the template most small instruction models use; a model without one just continues the text.
    const prompt = `${messages.map((m) => `<|im_start|>${m.role}\n${m.content}<|im_end|>`).join("\n")}\n<|im_start|>assistant\n`;
    const promptTokens = engine.model.tokenize(prompt).length;
    const contextTokens = engine.context.contextSize;
    const room = contextTokens - promptTokens - 8;
    if (room < 32) {
      throw new ContextExceededError(
        `The prompt (${promptTokens} tokens) leaves no room for a reply in the ${contextTokens}-token context`,
        { model: this.name },
      );
    }
    // Each call stands alone: nothing of the previous prompt may leak into this one.
    await engine.sequence.clearHistory();
    try {
      const { response, metadata } = await engine.completion.generateCompletionWithMeta(prompt, {
        grammar,
        maxTokens: Math.min(this.options.maxOutputTokens ?? 512, room),
        signal,
      });
      return {
        content: response,
        toolCalls: [],
        raw: response,
        finishReason: metadata.stopReason === "maxTokens" ? "length" : "stop",
        promptTokens,
        completionTokens: engine.model.tokenize(response).length,
      };
    } catch (error) {
      if (signal?.aborted)
        throw new ModelError("aborted", "The model call was aborted", { model: this.name });
      throw new ModelError(
        "server_error",
        `Local model failed: ${error instanceof Error ? error.message : String(error)}`,
        {
          model: this.name,
        },
      );
    }
  }
}

/** node-llama-cpp's converter knows `oneOf` but not `anyOf`; the wire schema's alternatives are disjoint. */
function withOneOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withOneOf);
  if (typeof node !== "object" || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key === "anyOf" ? "oneOf" : key, withOneOf(value)]),
  );
}
