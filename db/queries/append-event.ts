import { and, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { RunEvent } from "@/lib/agent/events";
import { isTerminal, type RunState } from "@/lib/agent/state";
import type { RunRow } from "@/lib/runs/run-store";
import type { Db } from "../client";
import { runEvents, runs } from "../schema";
import { insertArtifact } from "./artifacts";
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

/** Everything the event row and the runs row get, as driver values. */
type AppendValues = {
  runId: string;
  seq: number;
  prevSeq: number;
  type: string;
  /** JSON text. */
  payload: string;
  /** ISO timestamp. */
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

function appendValues(event: RunEvent, state: RunState): AppendValues {
  const { runId, seq, type, at, ...rest } = event;
  // created_at keeps `at` to the millisecond; a fractional `at` (a test clock) stays exact in the payload.
  const payload = Number.isInteger(at) ? rest : { ...rest, at };
  let tasksDone = 0;
  let tasksTotal = 0;
  for (const id in state.tasks) {
    const status = state.tasks[id]?.status;
    tasksTotal++;
    if (status === "succeeded" || status === "skipped") tasksDone++;
  }
  const { counters, outcome } = state;
  return {
    runId,
    seq,
    prevSeq: seq - 1,
    type,
    payload: JSON.stringify(payload),
    at: new Date(at).toISOString(),
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
 * One statement, atomic on its own: move the runs row to this seq (only from seq - 1, so the
 * row lock orders concurrent writers and a second writer matches nothing) and insert the event
 * only if that happened. Returns the inserted seq, or nothing when the event was rejected.
 */
function advanceRun(db: Db, v: Bound) {
  const p = (value: unknown): SQL => sql`${value}`;
  const advanced = db.$with("advanced").as(
    db
      .update(runs)
      .set({
        status: sql`${v.status}::text`,
        lastSeq: p(v.seq),
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
  return db
    .with(advanced)
    .insert(runEvents)
    .select(
      db
        .select({
          runId: advanced.runId,
          seq: sql`${v.seq}::integer`.as("seq"),
          type: sql`${v.type}::text`.as("type"),
          payload: sql`${v.payload}::jsonb`.as("payload"),
          createdAt: sql`${v.at}::timestamptz`.as("created_at"),
        })
        .from(advanced),
    )
    .returning({ seq: runEvents.seq });
}

const placeholders = Object.fromEntries(
  (
    [
      "runId",
      "seq",
      "prevSeq",
      "type",
      "payload",
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
    statement = advanceRun(db, placeholders).prepare("prefrontal_append_event");
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

/**
 * Appends one event and updates every projection it changes, atomically: the runs row (always),
 * then questions, artifacts and the periodic state snapshot. Most events touch only the log and
 * the runs row: one prepared statement, its own transaction. Any further write makes it a
 * `db.transaction` of several statements.
 */
export async function appendEvent(db: Db, event: RunEvent, state: RunState, opts: AppendOptions) {
  const values = appendValues(event, state);
  const artifact = newArtifact(event, state);
  const snapshot = event.seq % opts.snapshotEvery === 0 || isTerminal(state.status);
  const more =
    snapshot ||
    artifact !== undefined ||
    event.type === "run.started" ||
    event.type === "question.asked" ||
    event.type === "question.answered";

  if (!more) {
    const inserted = await preparedAdvance(db).execute(values);
    if (inserted.length === 0) await explainRejected(db, event.runId, event.seq);
    return;
  }

  await db.transaction(async (tx) => {
    if (event.type === "run.started") {
      // A run started without insertRun (a script, an import) still gets its row.
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
    if (inserted.length === 0) await explainRejected(tx, event.runId, event.seq);
    if (event.type === "question.asked") await insertQuestion(tx, event);
    if (event.type === "question.answered") await recordAnswer(tx, event);
    if (artifact) await insertArtifact(tx, event.runId, artifact, new Date(event.at));
    if (snapshot) await insertSnapshot(tx, state);
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
