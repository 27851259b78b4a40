import type {
  ChatModel,
  ModelPurpose,
  ObjectRequest,
  ObjectResponse,
  ToolCall,
  ToolCallRequest,
  ToolCallResponse,
} from "./chat-model";
import { estimateTokens, ModelError } from "./chat-model";

type AnyRequest = ObjectRequest<unknown> | ToolCallRequest;

/** One scripted reply: an object, tool calls, an error, or a function of the request. */
export type ScriptedReply =
  | { purpose?: ModelPurpose; output: unknown }
  | { purpose?: ModelPurpose; calls: ToolCall[] }
  | { purpose?: ModelPurpose; error: ModelError }
  | { purpose?: ModelPurpose; respond: (request: AnyRequest) => unknown };

export interface RecordedPrompt {
  purpose: ModelPurpose;
  kind: "object" | "tools";
  request: AnyRequest;
}

/**
 * A test double: replays a queue of replies in order and records every prompt. A reply may name
 * the purpose it expects, so a script that drifts from the loop fails loudly instead of silently.
 * When the queue is empty, `fallback` answers (or the call fails).
 */
export class ScriptedModel implements ChatModel {
  readonly name = "scripted";
  readonly prompts: RecordedPrompt[] = [];
  private queue: ScriptedReply[];

  constructor(
    replies: ScriptedReply[] = [],
    private readonly fallback?: (request: AnyRequest) => unknown,
  ) {
    this.queue = [...replies];
  }

  push(...replies: ScriptedReply[]): void {
    this.queue.push(...replies);
  }

  get remaining(): number {
    return this.queue.length;
  }

  private next(request: AnyRequest, kind: "object" | "tools"): unknown {
    const purpose = request.context.purpose;
    this.prompts.push({ purpose, kind, request });
    const reply = this.queue.shift();
    if (!reply) {
      if (this.fallback) return this.fallback(request);
      throw new Error(`ScriptedModel: no reply left for ${purpose}`);
    }
    if (reply.purpose && reply.purpose !== purpose) {
      throw new Error(`ScriptedModel: expected a ${reply.purpose} request, got ${purpose}`);
    }
    if ("error" in reply) throw reply.error;
    if ("respond" in reply) return reply.respond(request);
    if ("calls" in reply) return reply.calls;
    return reply.output;
  }

  private meta(request: AnyRequest, output: unknown) {
    const prompt = estimateTokens(request.messages.map((m) => m.content).join("\n"));
    const completion = estimateTokens(JSON.stringify(output) ?? "");
    return {
      model: this.name,
      usage: {
        promptTokens: prompt,
        completionTokens: completion,
        totalTokens: prompt + completion,
        costUsd: 0,
      },
      latencyMs: 0,
      raw: (JSON.stringify(output) ?? "").slice(0, 4_000),
      repaired: false,
    };
  }

  async generateObject<T>(request: ObjectRequest<T>): Promise<ObjectResponse<T>> {
    const value = this.next(request as ObjectRequest<unknown>, "object");
    const parsed = request.schema.safeParse(value);
    if (!parsed.success) {
      throw new ModelError(
        "schema_violation",
        `Scripted reply violates ${request.schemaName}: ${parsed.error.message}`,
        {
          raw: JSON.stringify(value)?.slice(0, 4_000),
        },
      );
    }
    return { output: parsed.data, ...this.meta(request as ObjectRequest<unknown>, value) };
  }

  async callTools(request: ToolCallRequest): Promise<ToolCallResponse> {
    const value = this.next(request, "tools");
    const calls = Array.isArray(value) ? (value as ToolCall[]) : [];
    if (calls.length === 0) throw new ModelError("no_tool_call", "Scripted reply made no tool call.");
    return { calls, ...this.meta(request, value) };
  }
}
