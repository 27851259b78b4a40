import type { z } from "zod";
import type { ModelContext } from "./model-context";

/** Why the agent is asking: picks the prompt, the tier and, for the builtin model, the rule set. */
export type ModelPurpose = ModelContext["purpose"];
/** `strong` plans and reflects; `fast` executes and assesses. */
export type ModelTier = "fast" | "strong";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ModelUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** USD; 0 when the endpoint's price is unknown or the model is local. */
  costUsd: number;
}

interface RequestBase {
  tier: ModelTier;
  /** The prompt, rendered from `context` by lib/agent/prompts.ts. */
  messages: ChatMessage[];
  /** The same information as `messages`, structured, for models that work by rules. */
  context: ModelContext;
  signal?: AbortSignal;
}

export interface ObjectRequest<T> extends RequestBase {
  schema: z.ZodType<T>;
  schemaName: string;
}

export interface ToolDefinition {
  name: string;
  description: string;
  /** JSON Schema of the tool's input. */
  parameters: Record<string, unknown>;
}

export interface ToolCallRequest extends RequestBase {
  tools: ToolDefinition[];
}

export interface ModelResponseMeta {
  model: string;
  usage: ModelUsage;
  latencyMs: number;
  /** The reply as the model sent it (for the debugger), capped. */
  raw: string;
  /** The first reply was unusable and one repair round fixed it. */
  repaired: boolean;
  /** Replies beyond the first it took (absent: 1 when repaired, else 0). */
  repairRounds?: number;
}

export interface ObjectResponse<T> extends ModelResponseMeta {
  output: T;
}

export interface ToolCall {
  name: string;
  arguments: unknown;
}

export interface ToolCallResponse extends ModelResponseMeta {
  calls: ToolCall[];
}

export interface ChatModel {
  /** Shown in the UI and recorded on every model call. */
  readonly name: string;
  generateObject<T>(request: ObjectRequest<T>): Promise<ObjectResponse<T>>;
  callTools(request: ToolCallRequest): Promise<ToolCallResponse>;
  /**
   * The most prompt characters worth sending to this tier, from the server's context size; absent
   * or null when unknown (then only the run's prompt budget applies).
   */
  promptBudgetChars?(tier: ModelTier): Promise<number | null>;
}

export type ModelErrorCode =
  | "invalid_json"
  | "schema_violation"
  | "truncated"
  | "no_tool_call"
  | "rate_limited"
  | "server_error"
  | "bad_request"
  | "timeout"
  | "network"
  | "aborted";

/** Every failure of a model call, with a code the monitor can act on and whether retrying may help. */
export class ModelError extends Error {
  override readonly name = "ModelError";
  constructor(
    readonly code: ModelErrorCode,
    message: string,
    readonly options: {
      retryable?: boolean;
      raw?: string;
      status?: number;
      cause?: unknown;
      /** The model asked (as a successful call would record it), so failures and successes match. */
      model?: string;
      /** Tokens the failed call still spent (unusable replies), so the run's count stays true. */
      usage?: ModelUsage;
    } = {},
  ) {
    super(message, { cause: options.cause });
  }
  get retryable(): boolean {
    return this.options.retryable ?? false;
  }
}

/**
 * The prompt plus the reply would not fit the server's context window: a truncation, never worth
 * retrying unchanged (the same request overflows again); the prompt must shrink first.
 */
export class ContextExceededError extends ModelError {
  constructor(message: string, options: { status?: number; model?: string; raw?: string } = {}) {
    super("truncated", message, { ...options, retryable: false });
  }
}

/** The usage of replies that came back, priced at nothing (a failed call's spend is in tokens). */
export function usageOf(replies: { promptTokens: number; completionTokens: number }[]): ModelUsage {
  const promptTokens = replies.reduce((n, r) => n + r.promptTokens, 0);
  const completionTokens = replies.reduce((n, r) => n + r.completionTokens, 0);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens, costUsd: 0 };
}

export const zeroUsage = (): ModelUsage => ({
  promptTokens: 0,
  completionTokens: 0,
  totalTokens: 0,
  costUsd: 0,
});

/** A rough token count for models that report none: ~4 characters a token (CJK: ~1 a character). */
export function estimateTokens(text: string): number {
  let cjk = 0;
  for (const ch of text) if (/[\u3400-\u9fff]/u.test(ch)) cjk++;
  return Math.ceil((text.length - cjk) / 4) + cjk;
}
