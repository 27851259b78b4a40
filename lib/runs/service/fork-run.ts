import { z } from "zod";
import type { RunEvent } from "../../agent/events";
import { reduce, replay } from "../../agent/reducer";
import { RunContext } from "../../agent/run-context";
import type { ReplayCache } from "../../agent/runtime";
import { MemoryPatch } from "../../memory/entry";
import { invalidInput, ServiceError } from "../errors";
import { requireRun } from "./run-context-for";
import type { RunService } from "./run-service";
import { newRunId } from "./start-run";

export const ForkRunInput = z.object({
  runId: z.string().min(1).max(200),
  /** The last event of the parent that the fork keeps. */
  seq: z.number().int().min(0),
  by: z.string().trim().min(1).max(100).default("user"),
  /** Edited working-memory entries, applied right after the fork point. */
  memory: z
    .array(z.object({ id: z.string().min(1), patch: MemoryPatch }))
    .max(100)
    .default([]),
  /** A different answer to a question asked at or before the fork point. */
  answer: z.object({ questionId: z.string().min(1), answer: z.string().trim().min(1).max(4_000) }).optional(),
});
export type ForkRunInput = z.input<typeof ForkRunInput>;

/** What the parent recorded after the fork point, reusable by identical requests in the child. */
function replayCache(events: readonly RunEvent[]): ReplayCache {
  const model = new Map<string, { output: unknown; model: string }>();
  const tools = new Map<
    string,
    { result: Extract<RunEvent, { type: "tool.returned" }>["result"]; output: unknown }
  >();
  for (const e of events) {
    if (e.type === "model.called" && !e.error && e.requestHash && !model.has(e.requestHash)) {
      model.set(e.requestHash, { output: e.output, model: e.model });
    }
    if (
      e.type === "tool.returned" &&
      e.result.ok &&
      !e.cached &&
      e.output !== null &&
      !tools.has(e.idempotencyKey)
    ) {
      tools.set(e.idempotencyKey, { result: e.result, output: e.output });
    }
  }
  return { model, tools };
}

/**
 * A new run whose history is the parent's events up to `seq`, linked to its parent, with optional
 * edits; it continues from there, reusing the parent's recorded replies for identical requests.
 */
export async function forkRun(service: RunService, input: unknown): Promise<{ runId: string }> {
  const parsed = ForkRunInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { runId, seq, by, memory, answer } = parsed.data;
  const parent = await requireRun(service, runId);
  const events = await service.store.events(runId);
  if (seq >= events.length) {
    throw new ServiceError(
      "seq_out_of_range",
      `Run ${runId} has events 0…${events.length - 1}; there is no seq ${seq}.`,
    );
  }
  const childId = newRunId();
  const prefix = events.slice(0, seq + 1).map((e): RunEvent => {
    const copy = { ...e, runId: childId };
    return copy.type === "run.started" ? { ...copy, parentRunId: runId, forkSeq: seq } : copy;
  });
  const state0 = replay(prefix);
  for (const m of memory) {
    if (!state0.memory.entries[m.id])
      throw new ServiceError("invalid_input", `memory: no entry ${m.id} at seq ${seq}.`);
  }
  if (answer && !state0.questions[answer.questionId]) {
    throw new ServiceError("invalid_input", `answer: no question ${answer.questionId} at seq ${seq}.`);
  }
  await service.store.insertRun({
    id: childId,
    goal: parent.goal,
    model: parent.model,
    config: parent.config,
    parentRunId: runId,
    forkSeq: seq,
    readOnly: false,
  });
  const deps = await service.deps(
    childId,
    parent.model,
    replayCache(events.slice(seq + 1)),
    parent.config.faults,
  );
  // The copied history keeps its original times; only what happens after the fork is new.
  let state = replay([], childId);
  for (const e of prefix) {
    state = reduce(state, e);
    await deps.sink.append(e, state);
  }
  const ctx = new RunContext(state, deps);
  for (const m of memory) {
    await ctx.emit({
      type: "memory.updated",
      id: m.id,
      patch: m.patch,
      reason: `edited by ${by} when forking`,
    });
  }
  if (answer) {
    const q = ctx.state.questions[answer.questionId];
    if (q?.status === "pending") {
      await ctx.emit({ type: "question.answered", questionId: answer.questionId, answer: answer.answer, by });
    }
  }
  void service.launch(ctx, deps.abort);
  return { runId: childId };
}
