import type { NewEvent, RunEvent } from "./events";
import { reduce } from "./reducer";
import type { AgentDeps } from "./runtime";
import type { RunState } from "./state";

/**
 * The loop's only way to change anything: emit an event. It is numbered, folded into the state by
 * the shared reducer, and appended to the sink in order — so the state is always reduce(events).
 */
export class RunContext {
  private tail: Promise<void> = Promise.resolve();
  private failure: unknown = null;

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
    const state = this.state;
    this.tail = this.tail.then(async () => {
      if (this.failure) return;
      try {
        await this.deps.sink.append(full, state);
      } catch (e) {
        this.failure = e;
      }
    });
    return this.tail.then(() => {
      if (this.failure) throw this.failure;
      return full;
    });
  }

  get cancelled(): boolean {
    return this.deps.signal?.aborted ?? false;
  }
}
