import { and, eq, gt, lte, or, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { runs } from "../schema";

/** Seqs (lo, hi] of a run's history that are stored under `runId`. */
export interface Segment {
  runId: string;
  lo: number;
  hi: number;
}

/**
 * Where a run's history is stored. A fork by reference owns only the events after its fork seq;
 * the ones before are its parent's (and, for a fork of a fork, its grandparent's…). Segments are
 * disjoint and ordered from the run itself back to the run that holds seq 0.
 */
export interface Lineage {
  runId: string;
  /** What the run's own `run.started` says (the inherited one is rewritten to say it). */
  parentRunId: string | null;
  forkSeq: number | null;
  segments: Segment[];
}

const UNBOUNDED = 2_147_483_647;

/** A run's lineage never changes once its row exists, so each is read once per database. */
const cache = new WeakMap<Db, Map<string, Lineage>>();
const CACHE_LIMIT = 10_000;

/** The run's lineage, or null when there is no such run (yet). */
export async function lineageOf(db: Db, runId: string): Promise<Lineage | null> {
  let known = cache.get(db);
  const hit = known?.get(runId);
  if (hit) return hit;
  const segments: Segment[] = [];
  let head: { parentRunId: string | null; forkSeq: number | null } | null = null;
  let id: string | null = runId;
  let hi = UNBOUNDED;
  // Each fork is shorter than its parent's history, so the walk ends; the guard is for a cycle
  // someone wrote by hand.
  for (let depth = 0; id !== null; depth++) {
    if (depth > 1_000) throw new Error(`Run ${runId}: its fork lineage does not end.`);
    const [row]: { prefixRunId: string | null; forkSeq: number | null; parentRunId: string | null }[] =
      await db
        .select({ prefixRunId: runs.prefixRunId, forkSeq: runs.forkSeq, parentRunId: runs.parentRunId })
        .from(runs)
        .where(eq(runs.id, id))
        .limit(1);
    if (!row) {
      if (depth === 0) return null;
      throw new Error(`Run ${runId}: the run ${id} holding part of its history is missing.`);
    }
    head ??= { parentRunId: row.parentRunId, forkSeq: row.forkSeq };
    const inherits: boolean = row.prefixRunId !== null && row.forkSeq !== null;
    const lo = inherits ? (row.forkSeq as number) : -1;
    segments.push({ runId: id, lo, hi });
    hi = lo;
    id = inherits ? row.prefixRunId : null;
  }
  const lineage: Lineage = {
    runId,
    parentRunId: head?.parentRunId ?? null,
    forkSeq: head?.forkSeq ?? null,
    segments,
  };
  if (!known) {
    known = new Map();
    cache.set(db, known);
  }
  if (known.size >= CACHE_LIMIT) known.clear();
  known.set(runId, lineage);
  return lineage;
}

/** True when part of the run's history is stored under other runs. */
export const inherits = (l: Lineage) => l.segments.length > 1;

/**
 * The rows of `table` in the run's history with seq in (after, upTo]: each segment's own range.
 * `runIdCol`/`seqCol` name the table's columns.
 */
export function segmentFilter(
  l: Lineage,
  runIdCol: Parameters<typeof eq>[0],
  seqCol: Parameters<typeof gt>[0],
  after: number,
  upTo = UNBOUNDED,
): SQL | undefined {
  const parts: SQL[] = [];
  for (const s of l.segments) {
    const from = Math.max(after, s.lo);
    const to = Math.min(upTo, s.hi);
    if (from >= to) continue;
    const cond = and(eq(runIdCol, s.runId), gt(seqCol, from), lte(seqCol, to));
    if (cond) parts.push(cond);
  }
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : or(...parts);
}
