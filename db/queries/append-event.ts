import { and, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { RunEvent } from "@/lib/agent/events";
import { isTerminal, type RunState } from "@/lib/agent/state";
import type { RunRow } from "@/lib/runs/run-store";
import type { Db } from "../client";
import { artifacts, runEvents, runs } from "../schema";
import { insertQuestion, recordAnswer } from "./questions";
import { insertSnapshot } from "./snapshots";

/** The event's seq is already stored: another writer is appending to the same run. */
export class DuplicateEventError extends Error {
  override readonly name = "DuplicateEventError";
  constructor(
    readonly runId: string,
    readonly seq: number,
  ) {
    super(
      `Run ${runId} already has an event with seq ${seq}: two writers are appending to this run ` +
        "(only one loop may drive a run).",
    );
  }
}

/** The event cannot follow the stored log: unknown run, or a gap in seq. */
export class EventOrderError extends Error {
  override readonly name = "EventOrderError";
}

export interface AppendOptions {
  /** Store the state every this many events (seq % snapshotEvery === 0), and at the end. */
  snapshotEvery: number;
}

/** One event with the state it produced. */
export interface AppendEntry {
  event: RunEvent;
  state: RunState;
}

/** Everything the events and the runs row get, as driver values. */
type AppendValues = {
  runId: string;
  prevSeq: number;
  lastSeq: number;
  /** JSON text: [{seq, type, payload, created_at}] in seq order. */
  rows: string;
  /** JSON text: [{artifact_id, name, media_type, bytes, data, created_at}], the artifacts the batch adds. */
  artifacts: string;
  /** ISO timestamp of the last event. */
  at: string;
  status: string;
} & Pick<
  RunRow,
  | "iterations"
  | "toolCalls"
  | "modelCalls"
  | "tokens"
  | "costUsd"
  | "tasksDone"
  | "tasksTotal"
  | "reportArtifactId"
  | "outcomeCode"
  | "outcomeReason"
>;

function eventRow(event: RunEvent) {
  const { runId: _runId, seq, type, at, ...rest } = event;
  // created_at keeps `at` to the millisecond; a fractional `at` (a test clock) stays exact in the payload.
  const payload = Number.isInteger(at) ? rest : { ...rest, at };
  return { seq, type, payload, created_at: new Date(at).toISOString() };
}

/** The batch's events and the runs row as the last event leaves it (the summary is written once per batch). */
function appendValues(entries: readonly AppendEntry[]): AppendValues {
  const first = entries[0] as AppendEntry;
  const { event: last, state } = entries[entries.length - 1] as AppendEntry;
  let tasksDone = 0;
  let tasksTotal = 0;
  for (const id in state.tasks) {
    const status = state.tasks[id]?.status;
    tasksTotal++;
    if (status === "succeeded" || status === "skipped") tasksDone++;
  }
  const { counters, outcome } = state;
  return {
    runId: first.event.runId,
    prevSeq: first.event.seq - 1,
    lastSeq: last.seq,
    rows: JSON.stringify(entries.map((e) => eventRow(e.event))),
    artifacts: JSON.stringify(
      entries.flatMap(({ event, state }) => {
        const a = newArtifact(event, state);
        return a
          ? [
              {
                artifact_id: a.id,
                name: a.name,
                media_type: a.mediaType,
                bytes: a.bytes,
                data: a.data ?? null,
                created_at: new Date(event.at).toISOString(),
              },
            ]
          : [];
      }),
    ),
    at: new Date(last.at).toISOString(),
    status: state.status,
    iterations: counters.iterations,
    toolCalls: counters.toolCalls,
    modelCalls: counters.modelCalls,
    tokens: counters.tokens,
    costUsd: counters.costUsd,
    tasksDone,
    tasksTotal,
    reportArtifactId: outcome?.reportArtifactId ?? null,
    outcomeCode: outcome?.code ?? null,
    outcomeReason: outcome?.reason ?? null,
  };
}

type Bound = { [K in keyof AppendValues]: AppendValues[K] | Placeholder };

/**
 * One statement, atomic on its own: move the runs row from the seq before the batch to its last
 * seq (only from there, so the row lock orders concurrent writers and a second writer matches
 * nothing) and insert all the batch's events and the artifacts they add only if that happened.
 * Returns the inserted seqs; none when the batch was rejected.
 */
function advanceRun(db: Db, v: Bound) {
  const p = (value: unknown): SQL => sql`${value}`;
  const advanced = db.$with("advanced").as(
    db
      .update(runs)
      .set({
        status: sql`${v.status}::text`,
        lastSeq: p(v.lastSeq),
        iterations: p(v.iterations),
        toolCalls: p(v.toolCalls),
        modelCalls: p(v.modelCalls),
        tokens: p(v.tokens),
        costUsd: p(v.costUsd),
        tasksDone: p(v.tasksDone),
        tasksTotal: p(v.tasksTotal),
        reportArtifactId: p(v.reportArtifactId),
        outcomeCode: p(v.outcomeCode),
        outcomeReason: p(v.outcomeReason),
        updatedAt: sql`${v.at}::timestamptz`,
      })
      .where(and(eq(runs.id, p(v.runId)), eq(runs.lastSeq, p(v.prevSeq))))
      .returning({ runId: runs.id }),
  );
  // A data-modifying WITH runs whether or not the main statement reads it; it reads `advanced`,
  // so a rejected batch stores no artifact either.
  const stored = db.$with("stored_artifacts").as(
    db
      .insert(artifacts)
      .select(
        db
          .select({
            runId: advanced.runId,
            artifactId: sql`a.artifact_id`.as("artifact_id"),
            name: sql`a.name`.as("name"),
            mediaType: sql`a.media_type`.as("media_type"),
            bytes: sql`a.bytes`.as("bytes"),
            data: sql`a.data`.as("data"),
            createdAt: sql`a.created_at`.as("created_at"),
          })
          .from(advanced)
          .innerJoin(
            sql`jsonb_to_recordset(${v.artifacts}::jsonb) as a(artifact_id text, name text, media_type text, bytes integer, data jsonb, created_at timestamptz)`,
            sql`true`,
          ),
      )
      .onConflictDoNothing()
      .returning({ artifactId: artifacts.artifactId }),
  );
  return db
    .with(advanced, stored)
    .insert(runEvents)
    .select(
      db
        .select({
          runId: advanced.runId,
          seq: sql`x.seq`.as("seq"),
          type: sql`x.type`.as("type"),
          payload: sql`x.payload`.as("payload"),
          createdAt: sql`x.created_at`.as("created_at"),
        })
        .from(advanced)
        .innerJoin(
          sql`jsonb_to_recordset(${v.rows}::jsonb) as x(seq integer, type text, payload jsonb, created_at timestamptz)`,
          sql`true`,
        ),
    )
    .returning({ seq: runEvents.seq });
}

const placeholders = Object.fromEntries(
  (
    [
      "runId",
      "prevSeq",
      "lastSeq",
      "rows",
      "artifacts",
      "at",
      "status",
      "iterations",
      "toolCalls",
      "modelCalls",
      "tokens",
      "costUsd",
      "tasksDone",
      "tasksTotal",
      "reportArtifactId",
      "outcomeCode",
      "outcomeReason",
    ] satisfies (keyof AppendValues)[]
  ).map((name) => [name, sql.placeholder(name)]),
) as Bound;

/** Built once per database: appends are the hottest write, and building SQL costs more than running it. */
const prepared = new WeakMap<Db, ReturnType<ReturnType<typeof advanceRun>["prepare"]>>();

function preparedAdvance(db: Db) {
  let statement = prepared.get(db);
  if (!statement) {
    statement = advanceRun(db, placeholders).prepare("prefrontal_append_events");
    prepared.set(db, statement);
  }
  return statement;
}

/** The artifact this event adds to the state, if any (mirrors the reducer). */
function newArtifact(event: RunEvent, state: RunState) {
  if (event.type === "artifact.written") return state.artifacts[event.artifactId];
  if (event.type === "tool.returned" && event.result.ok && !event.cached && event.result.artifactId) {
    return state.artifacts[event.result.artifactId];
  }
  return undefined;
}

/** Whether this event needs a write besides the log, the runs row and the artifacts (one statement). */
function needsMore(event: RunEvent, state: RunState, opts: AppendOptions): boolean {
  return (
    event.seq % opts.snapshotEvery === 0 ||
    isTerminal(state.status) ||
    event.type === "run.started" ||
    event.type === "question.asked" ||
    event.type === "question.answered"
  );
}

/** Appends one event: a batch of one. */
export function appendEvent(db: Db, event: RunEvent, state: RunState, opts: AppendOptions) {
  return appendEvents(db, [{ event, state }], opts);
}

/**
 * Appends consecutive events of one run (the first must follow the stored log) and updates every
 * projection they change, atomically: the runs row once for the whole batch and the artifacts the
 * batch adds (in the statement that inserts the events), then questions and the periodic state
 * snapshots. A batch that touches only the log, the runs row and artifacts — nearly every step:
 * each tool result is an artifact — is one prepared statement, its own transaction (one round
 * trip); any further write makes it a `db.transaction`.
 */
export async function appendEvents(db: Db, entries: readonly AppendEntry[], opts: AppendOptions) {
  const first = entries[0];
  if (!first) return;
  for (const [i, e] of entries.entries()) {
    if (e.event.runId !== first.event.runId || e.event.seq !== first.event.seq + i)
      throw new EventOrderError(
        `A batch must hold consecutive events of one run: entry ${i} is ${e.event.runId}#${e.event.seq}.`,
      );
  }
  const values = appendValues(entries);
  if (!entries.some((e) => needsMore(e.event, e.state, opts))) {
    const inserted = await preparedAdvance(db).execute(values);
    if (inserted.length === 0) await explainRejected(db, first.event.runId, first.event.seq);
    return;
  }

  await db.transaction(async (tx) => {
    if (first.event.type === "run.started") {
      // A run started without insertRun (a script, an import) still gets its row.
      const { state, event } = first;
      await tx
        .insert(runs)
        .values({
          id: event.runId,
          goal: state.goal,
          model: state.model,
          config: state.config,
          parentRunId: state.parentRunId,
          createdAt: new Date(event.at),
          updatedAt: new Date(event.at),
        })
        .onConflictDoNothing({ target: runs.id });
    }
    const inserted = await advanceRun(tx, values);
    if (inserted.length === 0) await explainRejected(tx, first.event.runId, first.event.seq);
    for (const { event, state } of entries) {
      if (event.type === "question.asked") await insertQuestion(tx, event);
      if (event.type === "question.answered") await recordAnswer(tx, event);
      if (event.seq % opts.snapshotEvery === 0 || isTerminal(state.status)) await insertSnapshot(tx, state);
    }
  });
}

async function explainRejected(db: Db, runId: string, seq: number): Promise<never> {
  const [run] = await db.select({ lastSeq: runs.lastSeq }).from(runs).where(eq(runs.id, runId)).limit(1);
  if (!run) throw new EventOrderError(`Run ${runId} does not exist: call insertRun before appending.`);
  if (seq <= run.lastSeq) throw new DuplicateEventError(runId, seq);
  throw new EventOrderError(
    `Run ${runId}: event seq ${seq} does not follow the stored log (last seq ${run.lastSeq}).`,
  );
}
