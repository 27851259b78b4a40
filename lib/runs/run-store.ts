import type { RunConfig } from "../agent/config";
import type { RunEvent } from "../agent/events";
import type { RunState, RunStatus } from "../agent/state";

/** A run as the runs list and the API show it: a projection of its events, kept by the store. */
export interface RunRow {
  id: string;
  goal: string;
  model: string;
  status: RunStatus;
  config: RunConfig;
  parentRunId: string | null;
  /** The parent's seq this run was forked after. */
  forkSeq: number | null;
  /** Imported from an export: shown, never executed. */
  readOnly: boolean;
  createdAt: Date;
  updatedAt: Date;
  lastSeq: number;
  iterations: number;
  toolCalls: number;
  modelCalls: number;
  tokens: number;
  costUsd: number;
  tasksDone: number;
  tasksTotal: number;
  reportArtifactId: string | null;
  outcomeCode: string | null;
  outcomeReason: string | null;
}

export type NewRun = Pick<
  RunRow,
  "id" | "goal" | "model" | "config" | "parentRunId" | "forkSeq" | "readOnly"
>;

/** A fork by reference: its history up to `forkSeq` is read from `prefixRunId`, never copied. */
export type NewFork = NewRun & { prefixRunId: string; forkSeq: number };

/** A question open at the fork point: the fork gets its own row, answered or not like any of its questions. */
export type InheritedQuestion = Pick<
  QuestionRow,
  "questionId" | "prompt" | "choices" | "taskId" | "origin" | "askedAt"
>;

export interface QuestionRow {
  /** Unique across runs: `${runId}~${questionId}`. */
  id: string;
  runId: string;
  questionId: string;
  prompt: string;
  choices: string[];
  taskId: string | null;
  origin: "clarify" | "task" | "gate";
  status: "pending" | "answered";
  answer: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  askedAt: Date;
  /** When it stops waiting and `onDeadline` applies (null: it waits until answered). */
  deadline: Date | null;
  /** The answer taken at the deadline; null: the run then ends as unanswered. */
  onDeadline: string | null;
  /** False: the run goes on without waiting for the answer; an answer amends its goal. */
  blocking: boolean;
  /** The run's goal, for the inbox. */
  goal: string;
}

export interface ArtifactRow {
  runId: string;
  artifactId: string;
  name: string;
  mediaType: string;
  bytes: number;
  data: unknown;
  createdAt: Date;
}

export type ClaimResult = "claimed" | "already_answered" | "not_found";

export const questionKey = (runId: string, questionId: string) => `${runId}~${questionId}`;

/**
 * Persistence of runs. Events are the truth; the other tables are projections written in the same
 * transaction as the event that changes them.
 */
export interface RunStore {
  insertRun(run: NewRun): Promise<void>;
  /**
   * A run with its whole history at once (import, fork): invisible until the last event is stored;
   * if any event is refused nothing of the run remains. Returns the last state (null: no events).
   */
  insertRunWithEvents(
    run: NewRun,
    entries:
      | AsyncIterable<{ event: RunEvent; state: RunState }>
      | Iterable<{ event: RunEvent; state: RunState }>,
  ): Promise<RunState | null>;
  /**
   * A fork by reference in one short transaction, whatever the length of the history it inherits:
   * its row, its own rows for the questions open at the fork, and its first own events (seq
   * forkSeq + 1 on). Its events (and snapshots, artifacts) up to forkSeq stay its parent's and are
   * read as its own by `events`, `snapshotAtOrBefore` and `artifact`. The entries' states serve
   * only the row's projection (counters, status, tasks) and are never stored: they may be slim.
   */
  insertFork(
    run: NewFork,
    inherited: readonly InheritedQuestion[],
    entries: readonly { event: RunEvent; state: RunState }[],
  ): Promise<void>;
  /** Remove runs a dead process left half-written (older than `olderThanMs`). */
  discardHiddenRuns(olderThanMs?: number): Promise<number>;
  /**
   * Append one event (its seq must be the run's next) and update the projections: the runs row,
   * questions, artifacts, and a state snapshot every `snapshotEvery` events. One transaction.
   */
  append(event: RunEvent, state: RunState): Promise<void>;
  /**
   * Append consecutive events (the first must follow the stored log), each with the state it
   * produced: all stored or none, in one transaction; the runs row is updated once, to the last.
   */
  appendBatch(entries: readonly { event: RunEvent; state: RunState }[]): Promise<void>;
  /** Events with seq > afterSeq, in order, at most `limit` (a fork's inherited ones included, as its own). */
  events(runId: string, afterSeq?: number, limit?: number): Promise<RunEvent[]>;
  run(runId: string): Promise<RunRow | null>;
  runs(query?: { status?: RunStatus; limit?: number }): Promise<RunRow[]>;
  /** The runs forked from this one, oldest first. */
  forks(runId: string): Promise<RunRow[]>;
  /** Oldest first. */
  questions(query?: { status?: "pending" | "answered"; runId?: string }): Promise<QuestionRow[]>;
  question(id: string): Promise<QuestionRow | null>;
  /** Mark a pending question answered; only the first of concurrent claims wins. */
  claimQuestion(id: string, answer: string, by: string): Promise<ClaimResult>;
  artifact(runId: string, artifactId: string): Promise<ArtifactRow | null>;
  /** The newest stored state at or before `seq`. */
  snapshotAtOrBefore(runId: string, seq: number): Promise<{ seq: number; state: RunState } | null>;
  /** The same without the fields named, which are not even read from the database. */
  partialSnapshotAtOrBefore<K extends keyof RunState>(
    runId: string,
    seq: number,
    leaveOut: readonly K[],
  ): Promise<{ seq: number; state: Omit<RunState, K> } | null>;
  /** Runs whose loop should be running (status running or pending, not read-only). */
  unfinishedRuns(): Promise<string[]>;
}
