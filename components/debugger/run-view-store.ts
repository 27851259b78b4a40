import { createStore } from "zustand/vanilla";
import type { RunEvent } from "@/lib/agent/events";
import { reduceAll, replay } from "@/lib/agent/reducer";
import type { RunState } from "@/lib/agent/state";

export type Connection = "connecting" | "open" | "reconnecting" | "ended" | "closed";

const CHECKPOINT_EVERY = 50;

export interface RunView {
  runId: string;
  /** Every event received so far, contiguous from seq 0. */
  events: RunEvent[];
  /** reduce(events): the run as it is now. */
  head: RunState;
  /** The last seq the run had when the page was served: until it arrives, the view is catching up. */
  catchUpTo: number;
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
 * checkpoint (every 50 events) in one draft, so any step costs at most 49 events and one copy of
 * each map the events touch, never a replay of the whole run.
 */
export function createRunView(runId: string, catchUpTo = -1) {
  const checkpoints = new Map<number, RunState>();
  let cache: { seq: number; state: RunState } | null = null;

  const store = createStore<RunView>()((set, get) => ({
    runId,
    events: [],
    head: replay([], runId),
    catchUpTo,
    cursor: null,
    connection: "connecting",
    error: null,
    receive(incoming) {
      const { events, head } = get();
      const added: RunEvent[] = [];
      for (const e of incoming) if (e.seq === events.length + added.length) added.push(e);
      if (added.length === 0) return;
      // One draft per stretch between checkpoints: a burst of history costs one copy of each map.
      let state = head;
      let from = 0;
      for (let i = 0; i < added.length; i++) {
        const seq = (added[i] as RunEvent).seq;
        if (seq % CHECKPOINT_EVERY !== 0 && i < added.length - 1) continue;
        state = reduceAll(state, added.slice(from, i + 1));
        from = i + 1;
        if (seq % CHECKPOINT_EVERY === 0) checkpoints.set(seq, state);
      }
      set({ events: events.concat(added), head: state });
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
    // Stepping forward within a stretch goes on from the moment shown rather than the checkpoint.
    const from = cache && cache.seq > base && cache.seq < seq ? cache : null;
    const start = from?.state ?? checkpoints.get(base) ?? replay(events.slice(0, base + 1), runId);
    const state = reduceAll(start, events.slice((from?.seq ?? base) + 1, seq + 1));
    cache = { seq, state };
    return state;
  }

  return { store, stateAt };
}

export type RunViewHandle = ReturnType<typeof createRunView>;
