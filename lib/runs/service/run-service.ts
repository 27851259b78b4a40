import path from "node:path";
import { drive } from "../../agent/loop";
import { nextDeadline } from "../../agent/questions";
import type { RunContext } from "../../agent/run-context";
import type { AgentDeps, Amendment, ReplayCache } from "../../agent/runtime";
import { isTerminal } from "../../agent/state";
import { experienceFrom, learnFromRun } from "../../experience/learn";
import type { LessonStore } from "../../experience/store";
import type { ChatModel } from "../../llm/chat-model";
import type { ToolFault } from "../../tools/faults";
import type { DocumentLibrary } from "../../tools/library/document-library";
import { isTransientDbError } from "../resource-errors";
import type { RunBus } from "../run-bus";
import { runDeps } from "../run-environment";
import type { RunStore } from "../run-store";
import { contextFor } from "./run-context-for";

export interface ActiveRun {
  /** A promise: a fork's context is built after the fork is created, as its loop starts. */
  ctx: Promise<RunContext>;
  abort: AbortController;
  done: Promise<void>;
}

export interface RunServiceOptions {
  store: RunStore;
  bus: RunBus;
  library: () => Promise<DocumentLibrary>;
  /** The model recorded on a run ("builtin", "openai:<name>") → an instance; throws ServiceError if unavailable. */
  model: (name: string) => ChatModel;
  /** Where each run's workspace folder lives. */
  dataDir: string;
  log?: (...args: unknown[]) => void;
  /** Who may drive a run: on a shared PostgreSQL, one server per run. Default: this process always. */
  claims?: RunClaims;
  /**
   * Whether a run records its prompts when its config does not say: on for local runs (embedded
   * database, one person's machine), off on a shared PostgreSQL. Default: on.
   */
  recordPrompts?: boolean;
  /** Wait before the nth retry of a run the database dropped (ms). */
  retryDelayMs?: (attempt: number) => number;
  /** Experience across runs: recalled at decision points, learned from each run this process ends. */
  lessons?: LessonStore;
}

/** The database's word on who drives a run, so two servers never drive one run. */
export interface RunClaims {
  /** True when this process may drive the run now (it holds the claim until release). */
  claim(runId: string): Promise<boolean>;
  release(runId: string): Promise<void>;
}

const isDuplicateEvent = (e: unknown) => e instanceof Error && e.name === "DuplicateEventError";

const everyRunIsMine: RunClaims = { claim: async () => true, release: async () => {} };
const backoff = (attempt: number) => Math.min(30_000, 500 * 2 ** attempt);
/** setTimeout's longest delay (about 24.8 days); a later deadline is re-armed when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The run service of one process: the store, the live bus, and the loops it is driving. Every
 * verb (start, answer, cancel, rollback, fork, export, import, resume) is a function over it.
 */
export class RunService {
  readonly active = new Map<string, ActiveRun>();
  /** Runs waiting to be driven again after a lost database. */
  readonly recovering = new Set<string>();
  /** One timer per waiting run: its earliest question deadline. */
  private readonly deadlines = new Map<string, ReturnType<typeof setTimeout>>();
  /** Requirement changes waiting for a running loop to take them (before its next step). */
  private readonly mailboxes = new Map<string, Amendment[]>();
  readonly log: (...args: unknown[]) => void;

  constructor(readonly o: RunServiceOptions) {
    this.log = o.log ?? console.error;
  }

  get store() {
    return this.o.store;
  }

  get bus() {
    return this.o.bus;
  }

  /** The queue of changes for a run's loop. */
  mailbox(runId: string): Amendment[] {
    let queue = this.mailboxes.get(runId);
    if (!queue) {
      queue = [];
      this.mailboxes.set(runId, queue);
    }
    return queue;
  }

  /** Dependencies for a run's loop: events go to the store, then to live viewers. */
  async deps(
    runId: string,
    modelName: string,
    replay?: ReplayCache,
    faults: readonly ToolFault[] = [],
  ): Promise<AgentDeps & { abort: AbortController }> {
    const abort = new AbortController();
    const deps = await runDeps({
      faults,
      runDir: path.join(this.o.dataDir, "runs", runId),
      model: this.o.model(modelName),
      library: await this.o.library(),
      signal: abort.signal,
      sink: {
        append: async (event, state) => {
          await this.o.store.append(event, state);
          this.o.bus.publish(event);
          // Embedded PGlite runs on this thread: yield so streams flush each event, not in bursts.
          await new Promise<void>((resolve) => setImmediate(resolve));
        },
        appendBatch: async (entries) => {
          await this.o.store.appendBatch(entries);
          for (const { event } of entries) this.o.bus.publish(event);
          await new Promise<void>((resolve) => setImmediate(resolve));
        },
      },
    });
    const mailbox = { take: () => this.mailbox(runId).splice(0) };
    const experience = this.o.lessons ? experienceFrom(this.o.lessons) : undefined;
    return { ...deps, replay, abort, mailbox, experience };
  }

  /**
   * Drive a run detached from the caller; the returned promise settles when the loop pauses or ends.
   * `ready`: what must be loaded before its first step (a fork's replay cache); the run counts as
   * active from now, so nothing else starts a second loop meanwhile.
   */
  launch(ctx: RunContext, abort: AbortController, ready?: Promise<unknown>): Promise<void> {
    return this.launchBuilt(ctx.state.runId, async () => ctx, abort, ready);
  }

  /**
   * `launch` for a context built only once the run is active (a fork's: its state is read after
   * the fork exists, not while it is created); a failure to build it stops the run as a failed
   * step would (retried when the database is back, else at the next start).
   */
  launchBuilt(
    runId: string,
    build: () => Promise<RunContext>,
    abort: AbortController,
    ready?: Promise<unknown>,
  ): Promise<void> {
    const previous = this.active.get(runId);
    const claims = this.o.claims ?? everyRunIsMine;
    const built = (previous?.done ?? Promise.resolve()).then(build);
    // Awaited by `done` (and by whoever asks for the context); never an unhandled rejection.
    built.catch(() => {});
    let ctx: RunContext | undefined;
    const done = built
      .then(async (c) => {
        ctx = c;
        await ready;
        if (!(await claims.claim(runId))) {
          this.log(`run ${runId} is driven by another server; this one leaves it alone`);
          return;
        }
        try {
          const wasOver = isTerminal(c.state.status);
          // An answer can land between the loop's last look and its return: go round again then.
          while ((await drive(c)).status === "running" && !abort.signal.aborted) {}
          if (!wasOver && isTerminal(c.state.status)) await this.learn(runId, c.deps.model);
          // Waiting for a person: the loop wakes itself at the question's deadline.
          this.armDeadline(runId, c.state.status === "waiting" ? nextDeadline(c.state) : null);
        } finally {
          await claims.release(runId).catch((e) => this.log(`run ${runId}: releasing its claim failed:`, e));
        }
      })
      .then(
        () => undefined,
        (e) => {
          // A duplicate seq after a lost connection is usually our own write that committed
          // unacknowledged: rebuilt from the log, the run goes on (if another server drives it,
          // the claim says so and this one stays out).
          if ((isTransientDbError(e) || isDuplicateEvent(e)) && !abort.signal.aborted) {
            this.log(`run ${runId} lost the database; it continues from its events once it is back:`, e);
            this.recover(runId, 0);
          } else this.log(`run ${runId} stopped with an error; it will resume at the next start:`, e);
        },
      )
      .finally(() => {
        if (this.active.get(runId)?.done !== done) return;
        this.active.delete(runId);
        // A change that arrived as the loop stopped: record it now, so it is followed on resume.
        const late = this.mailbox(runId).splice(0);
        const c = ctx;
        if (late.length > 0 && c && !isTerminal(c.state.status)) {
          void (async () => {
            for (const a of late) await c.emit({ type: "goal.amended", text: a.text, by: a.by });
            if (c.state.status === "running") void this.launch(c, abort);
          })().catch((e) => this.log(`run ${runId}: a late change could not be recorded:`, e));
        } else if (late.length > 0) {
          this.log(`run ${runId} ended before ${late.length} requirement change(s) could be followed`);
        }
        this.mailboxes.delete(runId);
      });
    this.active.set(runId, { ctx: built, abort, done });
    return done;
  }

  /**
   * Wake a waiting run at `at` (epoch ms; null: no timer), so an unanswered question's default
   * applies without anyone visiting the run. Timers longer than setTimeout allows are re-armed.
   */
  armDeadline(runId: string, at: number | null): void {
    clearTimeout(this.deadlines.get(runId));
    this.deadlines.delete(runId);
    if (at === null) return;
    const delay = Math.min(Math.max(0, at - Date.now()), MAX_TIMER_MS);
    const timer = setTimeout(() => {
      this.deadlines.delete(runId);
      this.wake(runId).catch((e) => this.log(`run ${runId}: its question deadline could not be applied:`, e));
    }, delay);
    timer.unref?.();
    this.deadlines.set(runId, timer);
  }

  /** A deadline fired: drive the run if it still waits on an overdue question (else re-arm). */
  private async wake(runId: string): Promise<void> {
    // A loop that is running re-arms the timer when it pauses again.
    if (this.active.has(runId)) return;
    const run = await this.o.store.run(runId);
    if (!run || run.readOnly || run.status !== "waiting") return;
    const { ctx, abort } = await contextFor(this, run);
    const due = ctx.state.status === "waiting" ? nextDeadline(ctx.state) : null;
    if (due === null) return;
    if (due > Date.now()) return this.armDeadline(runId, due);
    void this.launch(ctx, abort);
  }

  /**
   * Drive again, from its stored events, a run whose loop stopped because the database was
   * unreachable; retried with backoff until the database answers. No restart needed.
   */
  private recover(runId: string, attempt: number): void {
    const delay = (this.o.retryDelayMs ?? backoff)(attempt);
    this.recovering.add(runId);
    const timer = setTimeout(async () => {
      this.recovering.delete(runId);
      try {
        if (this.active.has(runId)) return;
        const run = await this.o.store.run(runId);
        if (!run || run.readOnly || (run.status !== "running" && run.status !== "pending")) return;
        const { ctx, abort } = await contextFor(this, run);
        void this.launch(ctx, abort);
      } catch (e) {
        if (isTransientDbError(e)) return this.recover(runId, attempt + 1);
        this.log(`run ${runId} could not be recovered; it will resume at the next start:`, e);
      }
    }, delay);
    timer.unref?.();
  }

  /**
   * A run this process drove to its end teaches lessons (imported runs are never driven, so never
   * learned from); a language model is asked once for its own. Experience is advice: a failure here
   * is logged and loses nothing of the run.
   */
  private async learn(runId: string, model: ChatModel): Promise<void> {
    const lessons = this.o.lessons;
    if (!lessons) return;
    try {
      const learned = await learnFromRun(lessons, await this.o.store.events(runId), Date.now(), {
        model,
        log: (...args) => this.log(`run ${runId}:`, ...args),
      });
      for (const r of learned.model?.rejected ?? [])
        this.log(`run ${runId}: a lesson the model proposed was rejected: ${r.reason}`);
    } catch (e) {
      this.log(`run ${runId}: its lessons could not be stored:`, e);
    }
  }

  /** Wait for every loop of this process to pause or end (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.active.size > 0) await Promise.all([...this.active.values()].map((a) => a.done));
  }
}
