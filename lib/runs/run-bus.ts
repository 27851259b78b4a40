import type { RunEvent } from "../agent/events";

type Listener = (event: RunEvent) => void;

/**
 * Live events of this process, by run: what the SSE stream follows after replaying stored events.
 * Publishing happens after the event is stored, so a subscriber never sees an event it could not
 * also load. (Across processes this becomes LISTEN/NOTIFY; the interface stays.)
 */
export class RunBus {
  private readonly listeners = new Map<string, Set<Listener>>();

  subscribe(runId: string, listener: Listener): () => void {
    let set = this.listeners.get(runId);
    if (!set) {
      set = new Set();
      this.listeners.set(runId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(runId);
    };
  }

  publish(event: RunEvent): void {
    for (const l of this.listeners.get(event.runId) ?? []) {
      try {
        l(event);
      } catch {
        // One broken viewer must not stop the run or the other viewers.
      }
    }
  }

  subscribers(runId: string): number {
    return this.listeners.get(runId)?.size ?? 0;
  }
}
