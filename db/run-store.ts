import type { RunEvent } from "@/lib/agent/events";
import type { RunState, RunStatus } from "@/lib/agent/state";
import type {
  ArtifactRow,
  ClaimResult,
  InheritedQuestion,
  NewFork,
  NewRun,
  QuestionRow,
  RunRow,
  RunStore,
} from "@/lib/runs/run-store";
import type { Db } from "./client";
import { type AppendEntry, appendEvent, appendEvents } from "./queries/append-event";
import { getArtifact } from "./queries/artifacts";
import { eventsAfter } from "./queries/events-after";
import { getRun } from "./queries/get-run";
import { discardHiddenRuns } from "./queries/hidden-runs";
import { insertFork } from "./queries/insert-fork";
import { insertRun } from "./queries/insert-run";
import { type EventWithState, insertRunWithEvents } from "./queries/insert-run-with-events";
import { listForks, listRuns, unfinishedRunIds } from "./queries/list-runs";
import { claimQuestion, getQuestion, listQuestions } from "./queries/questions";
import { snapshotAtOrBefore } from "./queries/snapshots";

export { DuplicateEventError, EventOrderError } from "./queries/append-event";
export { QuestionAlreadyAnsweredError } from "./queries/questions";

export interface DbRunStoreOptions {
  /** Store the reduced state every this many events (and at the end of the run). */
  snapshotEvery?: number;
  /** Events per transaction when a whole run is written at once (import, fork). */
  batchSize?: number;
}

/** The RunStore on PostgreSQL or PGlite: events are the truth, the other tables their projections. */
export class DbRunStore implements RunStore {
  private readonly snapshotEvery: number;
  private readonly batchSize: number;

  constructor(
    private readonly db: Db,
    { snapshotEvery = 100, batchSize = 200 }: DbRunStoreOptions = {},
  ) {
    if (!Number.isInteger(snapshotEvery) || snapshotEvery < 1) {
      throw new RangeError(`snapshotEvery must be a positive integer, got ${snapshotEvery}`);
    }
    this.snapshotEvery = snapshotEvery;
    this.batchSize = batchSize;
  }

  insertRun(run: NewRun): Promise<void> {
    return insertRun(this.db, run);
  }

  insertRunWithEvents(
    run: NewRun,
    entries: AsyncIterable<EventWithState> | Iterable<EventWithState>,
  ): Promise<RunState | null> {
    return insertRunWithEvents(this.db, run, entries, {
      batchSize: this.batchSize,
      snapshotEvery: this.snapshotEvery,
    });
  }

  insertFork(
    run: NewFork,
    inherited: readonly InheritedQuestion[],
    entries: readonly EventWithState[],
  ): Promise<void> {
    return insertFork(this.db, run, inherited, entries);
  }

  discardHiddenRuns(olderThanMs?: number): Promise<number> {
    return discardHiddenRuns(this.db, olderThanMs);
  }

  append(event: RunEvent, state: RunState): Promise<void> {
    return appendEvent(this.db, event, state, { snapshotEvery: this.snapshotEvery });
  }

  appendBatch(entries: readonly AppendEntry[]): Promise<void> {
    return appendEvents(this.db, entries, { snapshotEvery: this.snapshotEvery });
  }

  events(runId: string, afterSeq = -1, limit?: number): Promise<RunEvent[]> {
    return eventsAfter(this.db, runId, afterSeq, limit);
  }

  run(runId: string): Promise<RunRow | null> {
    return getRun(this.db, runId);
  }

  runs(query?: { status?: RunStatus; limit?: number }): Promise<RunRow[]> {
    return listRuns(this.db, query);
  }

  forks(runId: string): Promise<RunRow[]> {
    return listForks(this.db, runId);
  }

  questions(query?: { status?: "pending" | "answered"; runId?: string }): Promise<QuestionRow[]> {
    return listQuestions(this.db, query);
  }

  question(id: string): Promise<QuestionRow | null> {
    return getQuestion(this.db, id);
  }

  claimQuestion(id: string, answer: string, by: string): Promise<ClaimResult> {
    return claimQuestion(this.db, id, answer, by);
  }

  artifact(runId: string, artifactId: string): Promise<ArtifactRow | null> {
    return getArtifact(this.db, runId, artifactId);
  }

  snapshotAtOrBefore(runId: string, seq: number): Promise<{ seq: number; state: RunState } | null> {
    return snapshotAtOrBefore(this.db, runId, seq);
  }

  partialSnapshotAtOrBefore<K extends keyof RunState>(
    runId: string,
    seq: number,
    leaveOut: readonly K[],
  ): Promise<{ seq: number; state: Omit<RunState, K> } | null> {
    return snapshotAtOrBefore(this.db, runId, seq, leaveOut);
  }

  unfinishedRuns(): Promise<string[]> {
    return unfinishedRunIds(this.db);
  }
}
