import type { Claim } from "../tools/tool";
import type { MemoryEntry, MemoryPatch, MemoryState } from "./entry";

export function addEntry(memory: MemoryState, entry: MemoryEntry): MemoryState {
  const exists = entry.id in memory.entries;
  return {
    entries: { ...memory.entries, [entry.id]: entry },
    order: exists ? memory.order : [...memory.order, entry.id],
  };
}

export function updateEntry(memory: MemoryState, id: string, patch: MemoryPatch): MemoryState {
  const current = memory.entries[id];
  if (!current) return memory;
  const next: MemoryEntry = { ...current, ...patch, extra: { ...current.extra, ...patch.extra } };
  return { ...memory, entries: { ...memory.entries, [id]: next } };
}

export function removeEntries(memory: MemoryState, ids: readonly string[]): MemoryState {
  if (ids.length === 0) return memory;
  const gone = new Set(ids);
  const entries: Record<string, MemoryEntry> = {};
  for (const [id, e] of Object.entries(memory.entries)) if (!gone.has(id)) entries[id] = e;
  return { entries, order: memory.order.filter((id) => !gone.has(id)) };
}

export interface ConfidenceChange {
  id: string;
  from: number;
  to: number;
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** Results, reflections and recalled lessons lose confidence each iteration: old evidence should weigh less. */
export function decayConfidence(memory: MemoryState, factor: number): ConfidenceChange[] {
  const changes: ConfidenceChange[] = [];
  for (const id of memory.order) {
    const e = memory.entries[id];
    if (
      !e ||
      (e.kind !== "result" && e.kind !== "reflection" && e.kind !== "experience") ||
      e.confidence === 0
    )
      continue;
    changes.push({ id, from: e.confidence, to: round4(e.confidence * factor) });
  }
  return changes;
}

export function applyConfidence(memory: MemoryState, changes: readonly ConfidenceChange[]): MemoryState {
  let next = memory;
  for (const c of changes) next = updateEntry(next, c.id, { confidence: c.to });
  return next;
}

export interface Eviction {
  id: string;
  reason: string;
}

const protectedKinds = new Set(["goal", "constraint"]);

/**
 * Over capacity, drop finished entries (done, failed, discarded) first: lowest priority, then least
 * recently used, then oldest. Active entries, the goal and constraints are never evicted, so memory
 * may stay over capacity when everything in it is still needed.
 */
export function planEviction(memory: MemoryState, capacity: number): Eviction[] {
  const excess = memory.order.length - capacity;
  if (excess <= 0) return [];
  const candidates = memory.order
    .map((id, index) => ({ e: memory.entries[id] as MemoryEntry, index }))
    .filter(({ e }) => e.status !== "active" && !protectedKinds.has(e.kind))
    .sort((a, b) => a.e.priority - b.e.priority || a.e.lastAccess - b.e.lastAccess || a.index - b.index);
  return candidates.slice(0, excess).map(({ e }) => ({
    id: e.id,
    reason: `over capacity ${capacity}: ${e.status} ${e.kind}, priority ${e.priority}, last used at step ${e.lastAccess}`,
  }));
}

export interface Contradiction {
  entryId: string;
  key: string;
  held: string;
  incoming: string;
  /** The same document gave both values: one of the two fetches was garbled, not a disagreement. */
  sameSource: string | null;
}

const normaliseValue = (v: string) => v.toLowerCase().replace(/[\s,]+/g, "");

/** Earlier results whose claims disagree with the incoming ones (same key, different value). */
export function findContradictions(
  memory: MemoryState,
  claims: readonly Claim[],
  selfId: string,
): Contradiction[] {
  const found: Contradiction[] = [];
  for (const id of memory.order) {
    const e = memory.entries[id];
    if (!e || id === selfId || e.kind !== "result" || e.status === "discarded") continue;
    for (const held of e.extra.claims ?? []) {
      const differing = claims.filter(
        (c) => c.key === held.key && normaliseValue(c.value) !== normaliseValue(held.value),
      );
      const incoming = differing.find((c) => c.docId === held.docId) ?? differing[0];
      if (incoming) {
        found.push({
          entryId: id,
          key: held.key,
          held: held.value,
          incoming: incoming.value,
          sameSource: incoming.docId === held.docId ? held.docId : null,
        });
      }
    }
  }
  return found;
}

/** Reflections older than `rounds` reflections are discarded: a stale self-critique misleads. */
export function staleReflections(memory: MemoryState, rounds: number): string[] {
  const live = memory.order.filter((id) => {
    const e = memory.entries[id];
    return e?.kind === "reflection" && e.status === "active";
  });
  return live.slice(0, Math.max(0, live.length - rounds));
}
