import path from "node:path";
import { drive } from "../../agent/loop";
import type { RunContext } from "../../agent/run-context";
import type { AgentDeps, Amendment, ReplayCache } from "../../agent/runtime";
import { isTerminal } from "../../agent/state";
import type { ChatModel } from "../../llm/chat-model";
import type { ToolFault } from "../../tools/faults";
import type { DocumentLibrary } from "../../tools/library/document-library";
import type { RunBus } from "../run-bus";
import { runDeps } from "../run-environment";
import type { RunStore } from "../run-store";

export interface ActiveRun {
  ctx: RunContext;
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
}

/**
 * The run service of one process: the store, the live bus, and the loops it is driving. Every
 * verb (start, answer, cancel, rollback, fork, export, import, resume) is a function over it.
 */
export class RunService {
  readonly active = new Map<string, ActiveRun>();
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
      },
    });
    const mailbox = { take: () => this.mailbox(runId).splice(0) };
    return { ...deps, replay, abort, mailbox };
  }

  /** Drive a run detached from the caller; the returned promise settles when the loop pauses or ends. */
  launch(ctx: RunContext, abort: AbortController): Promise<void> {
    const runId = ctx.state.runId;
    const previous = this.active.get(runId);
    const done = (previous?.done ?? Promise.resolve())
      .then(async () => {
        // An answer can land between the loop's last look and its return: go round again then.
        while ((await drive(ctx)).status === "running" && !abort.signal.aborted) {}
      })
      .then(
        () => undefined,
        (e) => this.log(`run ${runId} stopped with an error; it will resume at the next start:`, e),
      )
      .finally(() => {
        if (this.active.get(runId)?.done !== done) return;
        this.active.delete(runId);
        // A change that arrived as the loop stopped: record it now, so it is followed on resume.
        const late = this.mailbox(runId).splice(0);
        if (late.length > 0 && !isTerminal(ctx.state.status)) {
          void (async () => {
            for (const a of late) await ctx.emit({ type: "goal.amended", text: a.text, by: a.by });
            if (ctx.state.status === "running") void this.launch(ctx, abort);
          })().catch((e) => this.log(`run ${runId}: a late change could not be recorded:`, e));
        } else if (late.length > 0) {
          this.log(`run ${runId} ended before ${late.length} requirement change(s) could be followed`);
        }
        this.mailboxes.delete(runId);
      });
    this.active.set(runId, { ctx, abort, done });
    return done;
  }

  /** Wait for every loop of this process to pause or end (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.active.size > 0) await Promise.all([...this.active.values()].map((a) => a.done));
  }
}
