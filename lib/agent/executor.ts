import { type AnyTool, ToolError, type ToolOutput } from "../tools/tool";
import type { ToolResult } from "./events";
import { idempotencyKey, repeatKey } from "./idempotency";
import { leftOutSteps } from "./left-out";
import type { RunContext } from "./run-context";
import { fireSkill, skillOn } from "./skill-firing";
import type { TaskState } from "./state";

const failure = (code: string, summary: string, durationMs: number, transient: boolean): ToolResult => ({
  ok: false,
  code,
  summary,
  artifactId: null,
  durationMs,
  confidence: 0,
  evidence: [],
  claims: [],
  transient,
});

async function withTimeout(
  tool: AnyTool,
  input: unknown,
  ctx: RunContext,
  task: TaskState,
): Promise<ToolOutput> {
  const timeout = AbortSignal.timeout(tool.timeoutMs);
  const signal = ctx.deps.signal ? AbortSignal.any([ctx.deps.signal, timeout]) : timeout;
  const run = tool.run(input, {
    runId: ctx.state.runId,
    taskId: task.id,
    signal,
    library: ctx.deps.library,
    workspace: ctx.deps.workspace,
    readDocuments: new Set(ctx.state.readDocuments),
    leftOut: tool.deliverable ? leftOutSteps(ctx.state) : [],
  });
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () =>
      reject(
        ctx.deps.signal?.aborted
          ? new ToolError("aborted", "The run was cancelled.")
          : new ToolError("timeout", `${tool.name} took longer than ${tool.timeoutMs} ms.`, true),
      );
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  return Promise.race([run, aborted]);
}

/**
 * Run one task's tool call: validate the input, reuse a recorded result for the same idempotency
 * key, otherwise execute with a timeout, retrying transient errors with exponential backoff.
 * Every try is recorded; the last tool.returned carries the attempt's outcome.
 */
export async function executeTool(
  ctx: RunContext,
  task: TaskState,
  tool: AnyTool,
  args: unknown,
): Promise<void> {
  const key = idempotencyKey(tool.name, args);
  const rkey = repeatKey(tool.name, args);
  const base = {
    taskId: task.id,
    attempt: task.attempt,
    tool: tool.name,
    idempotencyKey: key,
    repeatKey: rkey,
  };
  const cached = ctx.state.toolCache[key];
  if (cached) {
    await ctx.emit({
      type: "tool.returned",
      ...base,
      try: 0,
      result: cached.result,
      output: null,
      cached: true,
      final: true,
      replayed: false,
    });
    return;
  }
  const replayed = ctx.deps.replay?.tools.get(key);
  if (replayed) {
    // A fork making exactly its parent's call: reuse the recorded result, execute nothing.
    await ctx.emit({
      type: "tool.returned",
      ...base,
      try: 0,
      result: { ...replayed.result, artifactId: `a:${task.id}:${task.attempt}` },
      output: replayed.output,
      cached: false,
      final: true,
      replayed: true,
    });
    return;
  }
  const retries = skillOn(ctx, "tool-retry-backoff") ? ctx.state.config.toolRetries : 0;
  for (let t = ctx.state.tasks[task.id]?.tries ?? 0; t <= retries; t++) {
    if (!ctx.state.tasks[task.id]?.inFlight) {
      if (t > 0) await fireSkill(ctx, "tool-retry-backoff", "tool_transient", task.id, "retry");
      await ctx.emit({ type: "tool.called", ...base, try: t, args });
    }
    const started = ctx.deps.clock.now();
    let result: ToolResult;
    let output: unknown = null;
    try {
      const parsed = tool.input.safeParse(args);
      if (!parsed.success) {
        const issues = parsed.error.issues
          .map((i) => `${i.path.join(".") || "input"}: ${i.message}`)
          .join("; ");
        throw new ToolError("invalid_input", `Invalid input for ${tool.name}: ${issues}`);
      }
      // The call is stored before it has effects: a resumed run sees it in flight.
      await ctx.commit();
      const out = await withTimeout(tool, parsed.data, ctx, task);
      const artifactId = `a:${task.id}:${task.attempt}`;
      output = out.data ?? null;
      result = {
        ok: true,
        code: "ok",
        summary: out.summary.slice(0, 500),
        artifactId,
        durationMs: Math.max(0, ctx.deps.clock.now() - started),
        confidence: Math.max(0, Math.min(1, out.confidence ?? 1)),
        evidence: (out.evidence ?? []).slice(0, 20),
        claims: (out.claims ?? []).slice(0, 50),
        transient: false,
      };
    } catch (e) {
      if (ctx.cancelled) throw e;
      const err = e instanceof ToolError ? e : null;
      const message = e instanceof Error ? e.message : String(e);
      result = failure(
        err?.code ?? "failed",
        (err ? message : `${tool.name} threw: ${message}`).slice(0, 500),
        Math.max(0, ctx.deps.clock.now() - started),
        err?.transient ?? false,
      );
    }
    const last = result.ok || !result.transient || t === retries;
    await ctx.emit({
      type: "tool.returned",
      ...base,
      try: t,
      result,
      output,
      cached: false,
      final: last,
      replayed: false,
    });
    if (last) return;
    const delay = ctx.state.config.toolBackoffMs * 2 ** t * (1 + ctx.deps.random() * 0.25);
    await ctx.commit();
    await ctx.deps.clock.sleep(delay, ctx.deps.signal);
  }
}
