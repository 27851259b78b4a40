import type { NewEvent, RunEvent } from "./events";
import { reduce } from "./reducer";
import type { AgentDeps, SinkEntry } from "./runtime";
import type { RunState } from "./state";

/** A wait longer than this makes the pending events visible (they are written in the meantime). */
export const SLOW_WAIT_MS = 20;

/**
 * The loop's only way to change anything: emit an event. It is numbered, folded into the state by
 * the shared reducer, and appended to the sink in order — so the state is always reduce(events).
 *
 * Outside `deferCommits` every emit is stored before its promise settles. Inside (the loop's
 * `drive`), events gather and are written together at the next commit point — before a tool runs,
 * before a backoff wait, when a model call lasts more than SLOW_WAIT_MS (without waiting for the
 * write), and when `drive` returns — one sink call, one transaction, per batch. Batches are cut only at commit points, and the sink sees them
 * in seq order, so what is stored is always a prefix of the run.
 */
export class RunContext {
  private pending: SinkEntry[] = [];
  private writing: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  private deferring = 0;

  constructor(
    public state: RunState,
    readonly deps: AgentDeps,
  ) {}

  emit(event: NewEvent): Promise<RunEvent> {
    if (this.failure) return Promise.reject(this.failure);
    const full = {
      ...event,
      runId: this.state.runId,
      seq: this.state.seq + 1,
      at: this.deps.clock.now(),
    } as RunEvent;
    this.state = reduce(this.state, full);
    this.pending.push({ event: full, state: this.state });
    if (this.deferring > 0) return Promise.resolve(full);
    return this.commit().then(() => full);
  }

  /**
   * Resolves once every event emitted so far is stored; rejects with the first write failure (after
   * which nothing more is written and every emit rejects). Events emitted while a batch is being
   * written go into the next batch: concurrent commits share writes (group commit).
   */
  commit(): Promise<void> {
    if (this.pending.length > 0) {
      this.writing = this.writing.then(async () => {
        if (this.failure) return;
        const batch = this.pending.splice(0);
        if (batch.length === 0) return;
        try {
          const { sink } = this.deps;
          if (sink.appendBatch) await sink.appendBatch(batch);
          else for (const { event, state } of batch) await sink.append(event, state);
        } catch (e) {
          this.failure = e;
        }
      });
    }
    return this.writing.then(() => {
      if (this.failure) throw this.failure;
    });
  }

  /** Start writing what is pending without waiting for it (a failure surfaces at the next emit or commit). */
  flush(): void {
    this.commit().catch(() => {});
  }

  /**
   * For a wait of unknown length (a model call): if it lasts more than `ms`, start writing what is
   * pending, so viewers see the run up to the call while it waits. Call the returned function when
   * the wait is over. A quick reply leaves the events to the next commit point.
   */
  flushIfSlow(ms = SLOW_WAIT_MS): () => void {
    if (this.pending.length === 0) return () => {};
    const timer = setTimeout(() => this.flush(), ms);
    return () => clearTimeout(timer);
  }

  /** Until the returned function is called, emits do not wait for the store: callers commit. */
  deferCommits(): () => void {
    this.deferring++;
    let ended = false;
    return () => {
      if (!ended) this.deferring--;
      ended = true;
    };
  }

  /** Events emitted and not yet handed to the sink. */
  get uncommitted(): number {
    return this.pending.length;
  }

  get cancelled(): boolean {
    return this.deps.signal?.aborted ?? false;
  }
}
