import type { RunEvent } from "./events";

/** One value of a memory entry's confidence, at the event that set it. */
export interface ConfidencePoint {
  seq: number;
  iteration: number;
  confidence: number;
}

export interface EvictedEntry {
  id: string;
  kind: string;
  content: string;
  reason: string;
  seq: number;
  iteration: number;
}

/**
 * Each memory entry's confidence over the run, keyed by entry id, in event order. The state only
 * holds the latest value; the debugger needs the path (decay, contradiction penalties, rollbacks)
 * to explain why an entry weighs what it does now. A point is recorded only when the value the
 * reducer holds actually changes or the entry (re)appears, so series stay short on long runs.
 */
export function confidenceSeries(events: readonly RunEvent[]): Map<string, ConfidencePoint[]> {
  const series = new Map<string, ConfidencePoint[]>();
  // Confidence of the entries in working memory right now, mirroring the reducer.
  const live = new Map<string, number>();
  const snapshots = new Map<string, Map<string, number>>();
  let iteration = 0;

  const record = (id: string, seq: number, at: number, confidence: number) => {
    live.set(id, confidence);
    const points = series.get(id) ?? [];
    const last = points.at(-1);
    // Several changes inside one event (a rollback over many entries) keep only the final value.
    if (last?.seq === seq) last.confidence = confidence;
    else points.push({ seq, iteration: at, confidence });
    series.set(id, points);
  };

  for (const e of events) {
    switch (e.type) {
      case "iteration.started":
        iteration = e.iteration;
        break;
      case "memory.added":
        record(e.entry.id, e.seq, iteration, e.entry.confidence);
        break;
      case "memory.updated":
        // The reducer ignores updates to entries that are not in memory; so does the history.
        if (e.patch.confidence !== undefined && live.has(e.id))
          record(e.id, e.seq, iteration, e.patch.confidence);
        break;
      case "memory.decayed":
        for (const c of e.changes) if (live.has(c.id)) record(c.id, e.seq, e.iteration, c.to);
        break;
      case "memory.evicted":
        for (const { id } of e.evictions) live.delete(id);
        break;
      case "snapshot.taken":
        snapshots.set(
          e.snapshotId,
          new Map(Object.values(e.memory.entries).map((entry) => [entry.id, entry.confidence])),
        );
        break;
      case "rollback": {
        const snapshot = snapshots.get(e.snapshotId);
        if (!snapshot) break;
        for (const id of [...live.keys()]) if (!snapshot.has(id)) live.delete(id);
        for (const [id, confidence] of snapshot) {
          if (live.get(id) !== confidence) record(id, e.seq, iteration, confidence);
        }
        break;
      }
      default:
        break;
    }
  }
  return series;
}

/**
 * Entries dropped from working memory, with when and why. The reducer's `state.evicted` keeps the
 * seq but not the iteration; the memory view shows both. Memory is mirrored (rollbacks included) so
 * the content shown is the one the entry had when it was dropped.
 */
export function evictedEntries(events: readonly RunEvent[]): EvictedEntry[] {
  type Held = { kind: string; content: string };
  let memory = new Map<string, Held>();
  const snapshots = new Map<string, Map<string, Held>>();
  const evicted: EvictedEntry[] = [];
  let iteration = 0;
  for (const e of events) {
    switch (e.type) {
      case "iteration.started":
        iteration = e.iteration;
        break;
      case "memory.added":
        memory.set(e.entry.id, { kind: e.entry.kind, content: e.entry.content });
        break;
      case "memory.updated": {
        const held = memory.get(e.id);
        if (held && e.patch.content !== undefined) memory.set(e.id, { ...held, content: e.patch.content });
        break;
      }
      case "snapshot.taken":
        snapshots.set(
          e.snapshotId,
          new Map(Object.values(e.memory.entries).map((x) => [x.id, { kind: x.kind, content: x.content }])),
        );
        break;
      case "rollback": {
        const snapshot = snapshots.get(e.snapshotId);
        if (snapshot) memory = new Map(snapshot);
        break;
      }
      case "memory.evicted":
        for (const { id, reason } of e.evictions) {
          const held = memory.get(id);
          if (!held) continue;
          evicted.push({ id, ...held, reason, seq: e.seq, iteration });
          memory.delete(id);
        }
        break;
      default:
        break;
    }
  }
  return evicted;
}
