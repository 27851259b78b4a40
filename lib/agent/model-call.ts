import type { z } from "zod";
import { ModelError, type ModelTier, type ToolCall, type ToolDefinition, zeroUsage } from "../llm/chat-model";
import type { ModelContext } from "../llm/model-context";
import { type RouteDecision, routeCall } from "../llm/routing";
import { digest, normaliseArgs } from "./idempotency";
import { recordExchange } from "./model-exchange";
import { routingOf } from "./model-route";
import { renderMessages } from "./prompts";
import type { RunContext } from "./run-context";
import { firePromptSkills } from "./skill-firing";

export type ModelOutcome<T> = { ok: true; output: T } | { ok: false; code: string; message: string };

/** What the loop asks a model; distillation is asked after a run, outside it (lib/experience). */
type LoopContext = Exclude<ModelContext, { purpose: "distill" }>;

interface CallSpec {
  /** Identifies the call's place in the run, so a resumed run reuses a recorded reply instead of asking again. */
  callId: string;
  context: LoopContext;
  taskId: string | null;
}

/** What goes to the model: the context with the prompt skills that fired, and the routed tier. */
interface Routed {
  messages: ReturnType<typeof renderMessages>;
  context: ModelContext;
  tier: ModelTier;
}

/** Consecutive failures of this purpose for this subject before the call: how far routing escalates. */
function escalationFailures(ctx: RunContext, spec: CallSpec): number {
  const s = ctx.state;
  const task = spec.taskId ? s.tasks[spec.taskId] : undefined;
  switch (spec.context.purpose) {
    case "execute":
      return task?.failures ?? 0;
    case "plan":
    case "repair":
      return s.planRejections;
    case "reflect": {
      let n = 0;
      for (const r of s.reflections.filter((x) => x.taskId === spec.taskId).reverse()) {
        if (r.effective !== false) break;
        n++;
      }
      return n;
    }
    default:
      return 0;
  }
}

const describeError = (e: unknown) =>
  e instanceof ModelError
    ? { code: e.code, message: e.message }
    : { code: "model_failed", message: e instanceof Error ? e.message : String(e) };

async function record<T>(
  ctx: RunContext,
  spec: CallSpec,
  invoke: (routed: Routed) => Promise<{
    output: T;
    model: string;
    usage: ReturnType<typeof zeroUsage>;
    latencyMs: number;
    raw: string;
    repaired: boolean;
    repairRounds?: number;
  }>,
  validate: (output: unknown) => T,
): Promise<ModelOutcome<T>> {
  const recorded = ctx.state.modelCalls[spec.callId];
  if (recorded) {
    if (recorded.error) return { ok: false, ...recorded.error };
    return { ok: true, output: validate(recorded.output) };
  }
  const { tier, route } = routeCall(
    routingOf(ctx.state.config),
    spec.context.purpose,
    escalationFailures(ctx, spec),
  );
  const skills = await firePromptSkills(ctx, spec.context.purpose, spec.taskId);
  const context: ModelContext = skills.length
    ? { ...spec.context, skills: skills.map((p) => ({ id: p.id, name: p.name, text: p.template })) }
    : spec.context;
  // The run's prompt budget, lowered to what the server's context leaves when the model knows it.
  const serverBudget = (await ctx.deps.model.promptBudgetChars?.(tier)) ?? null;
  const budget = Math.min(ctx.state.config.promptBudgetChars, serverBudget ?? Number.POSITIVE_INFINITY);
  const messages = renderMessages(context, budget);
  const promptChars = messages.reduce((n, m) => n + m.content.length, 0);
  // Canonical JSON: a context rebuilt from stored events (jsonb reorders keys) must hash the same.
  const requestHash = digest(`${context.purpose}:${JSON.stringify(normaliseArgs(context, false))}`);
  const base = {
    callId: spec.callId,
    purpose: context.purpose,
    tier,
    taskId: spec.taskId,
    promptChars,
    requestHash,
    route: route satisfies RouteDecision,
    attempt: spec.taskId ? (ctx.state.tasks[spec.taskId]?.attempt ?? null) : null,
  };
  const exchange = (raw: string) => recordExchange(ctx.state.config, messages, raw);
  const replayed = ctx.deps.replay?.model.get(requestHash);
  if (replayed) {
    // A fork asking exactly what its parent asked: reuse the reply instead of paying for it again.
    const output = validate(replayed.output);
    await ctx.emit({
      type: "model.called",
      ...base,
      model: replayed.model,
      output,
      error: null,
      usage: zeroUsage(),
      latencyMs: 0,
      repaired: false,
      replayed: true,
      repairRounds: 0,
      exchange: exchange(JSON.stringify(replayed.output) ?? ""),
    });
    return { ok: true, output };
  }
  // The reply is recorded after the call, so nothing needs to be stored before asking; a slow
  // call makes the run so far visible while the model thinks (a quick one waits for the next commit).
  const flushed = ctx.flushIfSlow();
  const started = ctx.deps.clock.now();
  try {
    const r = await invoke({ messages, context, tier }).finally(flushed);
    await ctx.emit({
      type: "model.called",
      ...base,
      model: r.model,
      output: r.output,
      error: null,
      usage: r.usage,
      latencyMs: r.latencyMs,
      repaired: r.repaired,
      replayed: false,
      repairRounds: r.repairRounds ?? (r.repaired ? 1 : 0),
      exchange: exchange(r.raw),
    });
    return { ok: true, output: r.output };
  } catch (e) {
    const error = describeError(e);
    if (ctx.cancelled && error.code === "aborted") throw e;
    await ctx.emit({
      type: "model.called",
      ...base,
      // The model the call went to, named as a successful call names it.
      model: e instanceof ModelError && e.options.model ? e.options.model : ctx.deps.model.name,
      output: null,
      error,
      usage: (e instanceof ModelError && e.options.usage) || zeroUsage(),
      latencyMs: Math.max(0, ctx.deps.clock.now() - started),
      repaired: false,
      replayed: false,
      // Counted for replies that came back; a failure says only what went wrong.
      repairRounds: 0,
      exchange: exchange(e instanceof ModelError ? (e.options.raw ?? "") : ""),
    });
    return { ok: false, ...error };
  }
}

/**
 * A signal of the call's own, aborted with the run's: whatever a client hangs on it is collected
 * with the call, instead of accumulating on the run's signal (one listener per call, forever).
 */
const callSignal = (ctx: RunContext) => (ctx.deps.signal ? AbortSignal.any([ctx.deps.signal]) : undefined);

/** Ask for a structured reply; the reply (or the failure) is recorded as a model.called event. */
export function askObject<T>(
  ctx: RunContext,
  spec: CallSpec & { schema: z.ZodType<T>; schemaName: string },
): Promise<ModelOutcome<T>> {
  return record(
    ctx,
    spec,
    ({ messages, context, tier }) =>
      ctx.deps.model.generateObject({
        tier,
        messages,
        context,
        schema: spec.schema,
        schemaName: spec.schemaName,
        signal: callSignal(ctx),
      }),
    (output) => spec.schema.parse(output),
  );
}

/** Ask for tool calls; recorded like askObject. */
export function askToolCalls(
  ctx: RunContext,
  spec: CallSpec & { tools: ToolDefinition[] },
): Promise<ModelOutcome<ToolCall[]>> {
  return record(
    ctx,
    spec,
    async ({ messages, context, tier }) => {
      const r = await ctx.deps.model.callTools({
        tier,
        messages,
        context,
        tools: spec.tools,
        signal: callSignal(ctx),
      });
      return { ...r, output: r.calls };
    },
    (output) => output as ToolCall[],
  );
}
