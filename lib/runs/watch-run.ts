import type { RunEvent } from "../agent/events";
import type { RunBus } from "./run-bus";
import type { RunStore } from "./run-store";

export type StreamFrame =
  | { kind: "event"; event: RunEvent }
  | { kind: "heartbeat" }
  | { kind: "end"; status: string };

const terminal = new Set(["run.finished", "run.failed", "run.cancelled"]);
const HISTORY_PAGE = 500;

export interface WatchOptions {
  signal?: AbortSignal;
  heartbeatMs?: number;
}

/**
 * Every event of a run after `afterSeq`, in order, without gaps or duplicates: stored events first,
 * then live ones, then `end` once the run has ended. Heartbeats keep idle connections open. One
 * generator; the SSE route, tests and CLIs wrap it.
 */
export async function* watchRun(
  store: RunStore,
  bus: RunBus,
  runId: string,
  afterSeq: number,
  { signal, heartbeatMs = 15_000 }: WatchOptions = {},
): AsyncGenerator<StreamFrame> {
  const queue: RunEvent[] = [];
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  // Subscribe before reading the store, so nothing appended in between is missed.
  const unsubscribe = bus.subscribe(runId, (e) => {
    queue.push(e);
    notify();
  });
  signal?.addEventListener("abort", notify, { once: true });
  let last = afterSeq;
  try {
    // Stored history in pages: the first frames leave while later ones are still being read, and a
    // long run's history is never held in memory whole.
    const fill = async function* (): AsyncGenerator<StreamFrame> {
      for (;;) {
        const page = await store.events(runId, last, HISTORY_PAGE);
        for (const e of page) {
          last = e.seq;
          yield { kind: "event", event: e };
        }
        if (page.length < HISTORY_PAGE) return;
      }
    };
    let ended = false;
    for await (const f of fill()) {
      yield f;
      if (f.kind === "event" && terminal.has(f.event.type)) ended = true;
    }
    if (!ended) {
      const run = await store.run(runId);
      ended = !!run && ["succeeded", "failed", "cancelled"].includes(run.status) && run.lastSeq <= last;
    }
    while (!ended && !signal?.aborted) {
      while (queue.length > 0 && !ended) {
        const e = queue.shift() as RunEvent;
        if (e.seq <= last) continue;
        if (e.seq > last + 1) {
          // Missed some (another writer, a slow subscriber): read the gap from the store.
          for await (const f of fill()) {
            yield f;
            if (f.kind === "event" && terminal.has(f.event.type)) ended = true;
          }
          if (e.seq <= last || ended) continue;
        }
        last = e.seq;
        yield { kind: "event", event: e };
        if (terminal.has(e.type)) ended = true;
      }
      if (ended || signal?.aborted) break;
      const beat = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(true), heartbeatMs);
        wake = () => {
          clearTimeout(timer);
          resolve(false);
        };
      });
      if (beat) yield { kind: "heartbeat" };
    }
    if (ended) {
      const run = await store.run(runId);
      yield { kind: "end", status: run?.status ?? "unknown" };
    }
  } finally {
    unsubscribe();
  }
}

/** One frame as Server-Sent Events text: `id:` is the seq, so reconnects resume with Last-Event-ID. */
export function encodeFrame(f: StreamFrame): string {
  if (f.kind === "heartbeat") return ": heartbeat\n\n";
  if (f.kind === "end") return `event: end\ndata: ${JSON.stringify({ status: f.status })}\n\n`;
  return `id: ${f.event.seq}\nevent: run-event\ndata: ${JSON.stringify(f.event)}\n\n`;
}
