import { z } from "zod";
import type { NewEvent, RunEvent } from "../../agent/events";
import { reduce, replay } from "../../agent/reducer";
import { RunContext } from "../../agent/run-context";
import type { ReplayCache } from "../../agent/runtime";
import { MemoryPatch } from "../../memory/entry";
import { invalidInput, ServiceError } from "../errors";
import { deepSafeTextCheck, IdText, RunIdText, safeText } from "../safe-text";
import { requireRun } from "./run-context-for";
import type { RunService } from "./run-service";
import { newRunId } from "./start-run";

export const ForkRunInput = z
  .object({
    runId: RunIdText,
    /** The last event of the parent that the fork keeps. */
    seq: z.number().int().min(0),
    by: safeText({ min: 1, max: 100 }).default("user"),
    /** Edited working-memory entries, applied right after the fork point. */
    memory: z
      .array(z.object({ id: IdText, patch: MemoryPatch }))
      .max(100)
      .default([]),
    /** A different answer to a question asked at or before the fork point. */
    answer: z.object({ questionId: IdText, answer: safeText({ min: 1, max: 4_000 }) }).optional(),
  })
  // Memory patches hold free text too (their schema lives in the core).
  .check(deepSafeTextCheck);
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
  const deps = await service.deps(
    childId,
    parent.model,
    replayCache(events.slice(seq + 1)),
    parent.config.faults,
  );
  // The copied history keeps its original times; only the edits after the fork are new.
  const edits: NewEvent[] = memory.map((m) => ({
    type: "memory.updated",
    id: m.id,
    patch: m.patch,
    reason: `edited by ${by} when forking`,
  }));
  if (answer && state0.questions[answer.questionId]?.status === "pending")
    edits.push({ type: "question.answered", questionId: answer.questionId, answer: answer.answer, by });
  const now = deps.clock.now();
  const history = [
    ...prefix,
    ...edits.map((e, i) => ({ ...e, runId: childId, seq: prefix.length + i, at: now }) as RunEvent),
  ];
  // One change: the child with its copied history and edits appears whole, or not at all.
  let state = replay([], childId);
  const last = await service.store.insertRunWithEvents(
    {
      id: childId,
      goal: parent.goal,
      model: parent.model,
      config: parent.config,
      parentRunId: runId,
      forkSeq: seq,
      readOnly: false,
    },
    history.map((event) => {
      state = reduce(state, event);
      return { event, state };
    }),
  );
  const ctx = new RunContext(last ?? state, deps);
  void service.launch(ctx, deps.abort);
  return { runId: childId };
}
