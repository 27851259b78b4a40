import { createStore } from "zustand/vanilla";
import type { RunEvent } from "@/lib/agent/events";
import { reduce, reduceAll, replay } from "@/lib/agent/reducer";
import type { RunState } from "@/lib/agent/state";

export type Connection = "connecting" | "open" | "reconnecting" | "ended" | "closed";

const CHECKPOINT_EVERY = 50;

export interface RunView {
  runId: string;
  /** Every event received so far, contiguous from seq 0. */
  events: RunEvent[];
  /** reduce(events): the run as it is now. */
  head: RunState;
  /** The moment shown: a seq, or null to follow the head live. */
  cursor: number | null;
  connection: Connection;
  error: string | null;
  receive(events: RunEvent[]): void;
  setCursor(seq: number | null): void;
  /** Move the cursor by `delta` events (arrow keys); leaving the live head pins it first. */
  step(delta: number): void;
  setConnection(c: Connection, error?: string | null): void;
}

/**
 * One store per open run, fed by the shared reducer. Time travel reduces from the nearest
 * checkpoint (every 50 events), so any step renders without replaying the whole run.
 */
export function createRunView(runId: string) {
  const checkpoints = new Map<number, RunState>();
  let cache: { seq: number; state: RunState } | null = null;

  const store = createStore<RunView>()((set, get) => ({
    runId,
    events: [],
    head: replay([], runId),
    cursor: null,
    connection: "connecting",
    error: null,
    receive(incoming) {
      const { events, head } = get();
      let state = head;
      const added: RunEvent[] = [];
      for (const e of incoming) {
        if (e.seq !== events.length + added.length) continue;
        state = reduce(state, e);
        added.push(e);
        if (e.seq % CHECKPOINT_EVERY === 0) checkpoints.set(e.seq, state);
      }
      if (added.length > 0) set({ events: events.concat(added), head: state });
    },
    setCursor(seq) {
      const last = get().events.length - 1;
      set({ cursor: seq === null || seq >= last ? null : Math.max(0, seq) });
    },
    step(delta) {
      const { cursor, events } = get();
      const from = cursor ?? events.length - 1;
      get().setCursor(from + delta);
    },
    setConnection(connection, error = null) {
      set({ connection, error });
    },
  }));

  /** The state right after event `seq`. */
  function stateAt(seq: number): RunState {
    const { events, head } = store.getState();
    if (seq >= events.length - 1) return head;
    if (cache?.seq === seq) return cache.state;
    const base = Math.floor(seq / CHECKPOINT_EVERY) * CHECKPOINT_EVERY;
    const from = checkpoints.get(base) ?? replay(events.slice(0, base + 1), runId);
    const state = reduceAll(from, events.slice(base + 1, seq + 1));
    cache = { seq, state };
    return state;
  }

  return { store, stateAt };
}

export type RunViewHandle = ReturnType<typeof createRunView>;
