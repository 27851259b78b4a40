import { eq, sql } from "drizzle-orm";
import type { RunEvent } from "@/lib/agent/events";
import type { RunState } from "@/lib/agent/state";
import { type NewRun, questionKey } from "@/lib/runs/run-store";
import type { Db } from "../client";
import { artifacts, questions, runEvents, runSnapshots, runs } from "../schema";
import { HIDDEN_STATUS } from "./hidden-runs";
import { questionRowOf } from "./questions";

export interface BulkOptions {
  /** Events per transaction: other requests get the database between batches. */
  batchSize: number;
  snapshotEvery: number;
}

export type EventWithState = { event: RunEvent; state: RunState };

/**
 * A whole run in one go (an import, a fork's copied history): nothing of it is visible until the
 * last event is stored, and a refused event removes everything written so far. The run row is
 * hidden (status `importing`) while the batches go in, each batch in its own short transaction so
 * that a 100,000-event import does not hold PGlite's one connection for seconds; a crash midway
 * leaves a hidden row that the next start deletes (`discardHiddenRuns`).
 */
export async function insertRunWithEvents(
  db: Db,
  run: NewRun,
  entries: AsyncIterable<EventWithState> | Iterable<EventWithState>,
  opts: BulkOptions,
): Promise<RunState | null> {
  const inserted = await db
    .insert(runs)
    .values({ ...run, status: HIDDEN_STATUS as RunState["status"] })
    .onConflictDoNothing({ target: runs.id })
    .returning({ id: runs.id });
  if (inserted.length === 0) throw new Error(`Run ${run.id} already exists.`);
  try {
    let batch: EventWithState[] = [];
    let last: EventWithState | null = null;
    for await (const entry of entries) {
      if (entry.event.runId !== run.id || entry.event.seq !== (last?.event.seq ?? -1) + 1)
        throw new Error(`Run ${run.id}: event ${entry.event.seq} is out of order.`);
      batch.push(entry);
      last = entry;
      if (batch.length >= opts.batchSize) {
        const b = batch;
        await db.transaction((tx) => writeBatch(tx, b, opts.snapshotEvery));
        batch = [];
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    const rest = batch;
    await db.transaction(async (tx) => {
      if (rest.length > 0) await writeBatch(tx, rest, opts.snapshotEvery);
      if (last) await reveal(tx, last);
      else await tx.update(runs).set({ status: "pending" }).where(eq(runs.id, run.id));
    });
    return last?.state ?? null;
  } catch (e) {
    await db.delete(runs).where(eq(runs.id, run.id));
    throw e;
  }
}

/** Rows per insert statement: far below PostgreSQL's 65,535 bind parameters. */
const ROWS_PER_STATEMENT = 1_000;

/** `snapshotEvery` null: no snapshot (the states are not whole). */
export async function writeBatch(
  tx: Db,
  batch: EventWithState[],
  snapshotEvery: number | null,
): Promise<void> {
  for (let i = 0; i < batch.length; i += ROWS_PER_STATEMENT) {
    await tx.insert(runEvents).values(
      batch.slice(i, i + ROWS_PER_STATEMENT).map(({ event }) => {
        const { runId, seq, type, at, ...rest } = event;
        const payload = Number.isInteger(at) ? rest : { ...rest, at };
        return { runId, seq, type, payload, createdAt: new Date(at) };
      }),
    );
  }
  const asked = batch.flatMap(({ event }) => (event.type === "question.asked" ? [questionRowOf(event)] : []));
  if (asked.length > 0) await tx.insert(questions).values(asked).onConflictDoNothing();
  for (const { event } of batch) {
    if (event.type === "question.answered") {
      await tx
        .update(questions)
        .set({ status: "answered", answer: event.answer, decidedBy: event.by, decidedAt: new Date(event.at) })
        .where(eq(questions.id, questionKey(event.runId, event.questionId)));
    }
  }
  const newArtifacts = batch.flatMap(({ event, state }) => {
    const id =
      event.type === "artifact.written"
        ? event.artifactId
        : event.type === "tool.returned" && event.result.ok && !event.cached
          ? event.result.artifactId
          : undefined;
    const a = id ? state.artifacts[id] : undefined;
    return a
      ? [
          {
            runId: event.runId,
            artifactId: a.id,
            name: a.name,
            mediaType: a.mediaType,
            bytes: a.bytes,
            data: a.data ?? null,
            createdAt: new Date(event.at),
          },
        ]
      : [];
  });
  if (newArtifacts.length > 0) await tx.insert(artifacts).values(newArtifacts).onConflictDoNothing();
  const snapshots =
    snapshotEvery === null ? [] : batch.filter(({ event }) => event.seq % snapshotEvery === 0);
  if (snapshots.length > 0) {
    await tx
      .insert(runSnapshots)
      .values(snapshots.map(({ state }) => ({ runId: state.runId, seq: state.seq, state })))
      .onConflictDoNothing();
  }
}

/** The run's row takes the last event's projection, which makes it visible. */
export async function reveal(tx: Db, last: EventWithState): Promise<void> {
  await tx.update(runs).set(rowProjection(last)).where(eq(runs.id, last.event.runId));
  const { state } = last;
  await tx.insert(runSnapshots).values({ runId: state.runId, seq: state.seq, state }).onConflictDoNothing();
}

/** What the runs row says after this event: status, last seq, counters, outcome. */
export function rowProjection({ event, state }: EventWithState) {
  let tasksDone = 0;
  let tasksTotal = 0;
  for (const id in state.tasks) {
    const status = state.tasks[id]?.status;
    tasksTotal++;
    if (status === "succeeded" || status === "skipped") tasksDone++;
  }
  return {
    status: state.status,
    lastSeq: event.seq,
    iterations: state.counters.iterations,
    toolCalls: state.counters.toolCalls,
    modelCalls: state.counters.modelCalls,
    tokens: state.counters.tokens,
    costUsd: state.counters.costUsd,
    tasksDone,
    tasksTotal,
    reportArtifactId: state.outcome?.reportArtifactId ?? null,
    outcomeCode: state.outcome?.code ?? null,
    outcomeReason: state.outcome?.reason ?? null,
    updatedAt: sql`${new Date(event.at).toISOString()}::timestamptz`,
  };
}
