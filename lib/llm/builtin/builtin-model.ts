import { z } from "zod";
import {
  type ChatModel,
  estimateTokens,
  ModelError,
  type ModelResponseMeta,
  type ObjectRequest,
  type ObjectResponse,
  type ToolCallRequest,
  type ToolCallResponse,
} from "../chat-model";
import type { ModelContext } from "../model-context";
import { assess } from "./assess";
import { clarify } from "./clarify";
import { toolCall } from "./execute-args";
import { planResearch } from "./plan";
import { fixViolations, replan } from "./plan-revise";
import { reflect } from "./reflect";
import { repair } from "./repair";

export interface BuiltinModelOptions {
  /** Milliseconds, for latency; injectable so tests control time. */
  now?: () => number;
  /**
   * Simulated thinking time per call. 0 by default; set (PREFRONTAL_BUILTIN_LATENCY_MS) to watch a
   * run unfold in the debugger, or to interrupt one mid-flight in a durability test.
   */
  latencyMs?: number;
}

/** Wait `ms`, or fail as aborted when the run is cancelled meanwhile. */
function think(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ModelError("aborted", "The run was cancelled."));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

const RAW_LIMIT = 4_000;

/**
 * The embedded default model: rules instead of a network call, deterministic, working from the
 * structured `request.context` (the rendered messages are ignored). It plans from the goal's own
 * terms and writes reports by extracting what the documents read actually say.
 */
export class BuiltinModel implements ChatModel {
  readonly name = "builtin";
  private readonly now: () => number;

  private readonly latencyMs: number;

  constructor(options: BuiltinModelOptions = {}) {
    this.now = options.now ?? (() => performance.now());
    this.latencyMs = Math.max(0, options.latencyMs ?? 0);
  }

  async generateObject<T>(request: ObjectRequest<T>): Promise<ObjectResponse<T>> {
    const started = this.now();
    checkAborted(request.signal);
    await think(this.latencyMs, request.signal);
    const raw = objectFor(request.context);
    let output: T;
    try {
      output = request.schema.parse(raw);
    } catch (cause) {
      const problem = cause instanceof z.ZodError ? z.prettifyError(cause) : String(cause);
      throw new ModelError(
        "schema_violation",
        `builtin ${request.context.purpose} output does not fit ${request.schemaName}: ${problem}`,
        { raw: capped(raw), cause },
      );
    }
    return { output, ...this.meta(request.context, output, started) };
  }

  async callTools(request: ToolCallRequest): Promise<ToolCallResponse> {
    const started = this.now();
    checkAborted(request.signal);
    await think(this.latencyMs, request.signal);
    const context = request.context;
    if (context.purpose !== "execute") {
      throw new ModelError(
        "bad_request",
        `callTools cannot serve purpose "${context.purpose}"; use generateObject.`,
      );
    }
    if (!request.tools.some((t) => t.name === context.task.tool)) {
      throw new ModelError(
        "bad_request",
        `Task "${context.task.id}" needs tool "${context.task.tool}", which the request does not offer (${request.tools.map((t) => t.name).join(", ") || "none"}).`,
      );
    }
    const calls = [toolCall(context)];
    return { calls, ...this.meta(context, calls, started) };
  }

  private meta(context: ModelContext, output: unknown, started: number): ModelResponseMeta {
    const json = JSON.stringify(output);
    const promptTokens = estimateTokens(JSON.stringify(context));
    const completionTokens = estimateTokens(json);
    return {
      model: this.name,
      usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens, costUsd: 0 },
      latencyMs: Math.max(0, this.now() - started),
      raw: json.slice(0, RAW_LIMIT),
      repaired: false,
    };
  }
}

/** The rule set for each purpose that answers with an object. */
function objectFor(context: ModelContext): unknown {
  switch (context.purpose) {
    case "clarify":
      return clarify(context);
    case "plan": {
      if (context.mode === "fix_violations") return fixViolations(context);
      if (context.mode === "replan") return replan(context);
      return planResearch(
        context.spec,
        context.goal,
        new Set(context.tools.map((t) => t.name)),
        context.maxTasks,
      );
    }
    case "repair":
      return repair(context);
    case "assess":
      return assess(context);
    case "reflect":
      return reflect(context);
    case "execute":
      throw new ModelError("bad_request", 'generateObject cannot serve purpose "execute"; use callTools.');
    case "distill":
      // The rule distiller already reads the run's events; a rule model has nothing to add.
      throw new ModelError("bad_request", "The builtin model does not distill lessons.");
  }
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ModelError("aborted", "The request was aborted before it started.");
}

const capped = (value: unknown): string => (JSON.stringify(value) ?? "").slice(0, RAW_LIMIT);
