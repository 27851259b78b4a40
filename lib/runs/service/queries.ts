import { z } from "zod";
import { reduceAll, replay } from "../../agent/reducer";
import { initialState, type RunState } from "../../agent/state";
import { invalidInput, ServiceError } from "../errors";
import type { QuestionRow, RunRow, RunStore } from "../run-store";
import { requireRun } from "./run-context-for";
import type { RunService } from "./run-service";

const RunStatus = z.enum(["pending", "running", "waiting", "succeeded", "failed", "cancelled"]);

export const ListRunsInput = z.object({
  status: RunStatus.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export async function listRuns(service: RunService, input: unknown = {}): Promise<RunRow[]> {
  const parsed = ListRunsInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  return service.store.runs(parsed.data);
}

export async function getRun(service: RunService, runId: string): Promise<RunRow> {
  return requireRun(service, runId);
}

/** The runs forked from this one, oldest first. */
export async function listForks(service: RunService, runId: string): Promise<RunRow[]> {
  await requireRun(service, runId);
  return service.store.forks(runId);
}

export const ListQuestionsInput = z.object({ status: z.enum(["pending", "answered"]).optional() });

/** Questions across runs, oldest first: the reviewers' inbox. */
export async function listQuestions(service: RunService, input: unknown = {}): Promise<QuestionRow[]> {
  const parsed = ListQuestionsInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  return service.store.questions(parsed.data);
}

/** A run's state as it was right after `seq` (the latest when omitted): nearest snapshot + the events after it. */
export async function runStateAt(service: RunService, runId: string, seq?: number): Promise<RunState> {
  const run = await requireRun(service, runId);
  const at = seq ?? run.lastSeq;
  if (at < 0 || at > run.lastSeq) {
    throw new ServiceError(
      "seq_out_of_range",
      `Run ${runId} has events 0…${run.lastSeq}; there is no seq ${at}.`,
    );
  }
  return stateAt(service.store, runId, at);
}

/** The state right after `seq` (which must exist): the nearest snapshot and the events after it. */
export async function stateAt(store: RunStore, runId: string, seq: number): Promise<RunState> {
  const snap = await store.snapshotAtOrBefore(runId, seq);
  const after = snap?.seq ?? -1;
  // A snapshot read is built for this call (new containers around shared, frozen pieces).
  const events = await store.events(runId, after, seq - after);
  return snap ? reduceAll(snap.state, events, { owned: true }) : replay(events, runId);
}

/**
 * The fields of a state that grow with the run's history — every model reply, tool output and
 * decision, the memory snapshots — as opposed to its plan, working memory, questions and counters.
 */
export const HISTORY_FIELDS = [
  "modelCalls",
  "artifacts",
  "toolCache",
  "decisions",
  "reflections",
  "evicted",
  "snapshots",
  "plans",
  "lastSnapshot",
] as const satisfies readonly (keyof RunState)[];

/**
 * The state right after `seq` without its history: the nearest snapshot is read without the
 * history fields (they hold only what the few events after it add), so this costs what the plan
 * and the working memory weigh, whatever the run's length. Every other field is exact — the
 * reducer derives none of them from the history fields — and that is what a fork checks its edits
 * against and projects its row from. Never stored, never driven.
 */
export async function slimStateAt(store: RunStore, runId: string, seq: number): Promise<RunState> {
  const snap = await store.partialSnapshotAtOrBefore(runId, seq, HISTORY_FIELDS);
  const after = snap?.seq ?? -1;
  const base: RunState = { ...initialState(runId), ...snap?.state };
  return reduceAll(base, await store.events(runId, after, seq - after));
}
