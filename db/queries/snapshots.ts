import { createHash } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { RunState } from "@/lib/agent/state";
import type { Db } from "../client";
import { runSnapshots, runStateChunks } from "../schema";
import { lineageOf, segmentFilter } from "./lineage";

/**
 * Stored states are split: the small fields stay in the snapshot row; every large field (an array
 * or object of more than CHUNK_MIN entries: tasks, model calls, artifacts, tool cache, decisions,
 * reflections…) is cut into pieces stored once per run by content hash, and the row names them.
 * Cuts depend on positions (arrays) or keys (objects) only, never on sizes, so an unchanged piece
 * keeps its hash from one snapshot to the next and is not stored again: a snapshot adds what
 * changed since the previous one, and all of a run's snapshots together grow linearly.
 */
const CHUNKED = "$chunks";
/** Fields with fewer entries stay inline. */
const CHUNK_MIN = 16;
/** Array pieces: this many consecutive items. Object pieces: a cut after a key whose hash ≡ 0 (mod this). */
const CHUNK_SPAN = 8;

/** Split fields this deep too (plans → a plan → its tasks; lastSnapshot → memory → its entries). */
const DEPTH = 4;

/** A field with more pieces than this names pieces of its list of pieces instead (two levels). */
const ID_SPAN = 32;

type ChunkRef =
  | { [CHUNKED]: "array" | "object"; ids: string[] }
  | { [CHUNKED]: "array" | "object"; idLists: string[] }
  /** A value that happened to look like a reference, kept as it is. */
  | { [CHUNKED]: "literal"; value: unknown };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const isChunkRef = (v: unknown): v is ChunkRef => isPlainObject(v) && CHUNKED in v;

const hashOf = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 16);

function keyCut(key: string): boolean {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return (h >>> 0) % CHUNK_SPAN === 0;
}

function pieces(value: unknown): { kind: "array" | "object"; parts: unknown[][] } | null {
  if (Array.isArray(value)) {
    if (value.length < CHUNK_MIN) return null;
    const parts: unknown[][] = [];
    for (let i = 0; i < value.length; i += CHUNK_SPAN) parts.push(value.slice(i, i + CHUNK_SPAN));
    return { kind: "array", parts };
  }
  if (!isPlainObject(value)) return null;
  const entries = Object.entries(value);
  if (entries.length < CHUNK_MIN) return null;
  const parts: unknown[][] = [];
  let part: unknown[] = [];
  for (const [k, v] of entries) {
    part.push([k, v]);
    if (keyCut(k)) {
      parts.push(part);
      part = [];
    }
  }
  if (part.length > 0) parts.push(part);
  return { kind: "object", parts };
}

/**
 * The text and id of pieces already hashed, under the first object they hold. A state's values are
 * never changed in place (the reducer copies before it writes), so a piece whose items are the very
 * objects of one hashed before has that piece's text: a snapshot serialises and hashes only the
 * pieces that changed, not the whole state (~1.7 M characters at the end of a 1,000-iteration run).
 */
const hashed = new WeakMap<object, { items: unknown[]; id: string; text: string }>();

/** `pairs`: the items are [key, value] made for this piece, so their keys and values are compared. */
function sameItems(a: unknown[], b: unknown[], pairs: boolean): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (!pairs) return false;
    const [ak, av] = a[i] as [string, unknown];
    const [bk, bv] = b[i] as [string, unknown];
    if (ak !== bk || av !== bv) return false;
  }
  return true;
}

function anchorOf(piece: unknown[], pairs: boolean): object | undefined {
  for (const item of piece) {
    const value = pairs ? (item as [string, unknown])[1] : item;
    if (typeof value === "object" && value !== null) return value;
  }
  return undefined;
}

function store(piece: unknown[], chunks: Map<string, string>, pairs = false): string {
  const anchor = anchorOf(piece, pairs);
  const known = anchor && hashed.get(anchor);
  if (known && sameItems(piece, known.items, pairs)) {
    chunks.set(known.id, known.text);
    return known.id;
  }
  const text = JSON.stringify(piece);
  const id = hashOf(text);
  chunks.set(id, text);
  if (anchor) hashed.set(anchor, { items: piece, id, text });
  return id;
}

function encode(value: unknown, depth: number, chunks: Map<string, string>): unknown {
  if (isChunkRef(value)) return { [CHUNKED]: "literal", value };
  const split = depth < DEPTH ? pieces(value) : null;
  if (split) {
    const ids = split.parts.map((p) => store(p, chunks, split.kind === "object"));
    if (ids.length <= ID_SPAN) return { [CHUNKED]: split.kind, ids } satisfies ChunkRef;
    const idLists: string[] = [];
    for (let i = 0; i < ids.length; i += ID_SPAN) idLists.push(store(ids.slice(i, i + ID_SPAN), chunks));
    return { [CHUNKED]: split.kind, idLists } satisfies ChunkRef;
  }
  if (depth >= DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => encode(v, depth + 1, chunks));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = encode(v, depth + 1, chunks);
    return out;
  }
  return value;
}

class MissingPiece extends Error {}

function piece(chunks: Map<string, unknown[]>, id: string): unknown[] {
  const part = chunks.get(id);
  if (!part) throw new MissingPiece(id);
  return part;
}

function decode(value: unknown, depth: number, chunks: Map<string, unknown[]>): unknown {
  if (depth > DEPTH) return value;
  if (isChunkRef(value)) {
    if (value[CHUNKED] === "literal") return value.value;
    const ids = "ids" in value ? value.ids : value.idLists.flatMap((id) => piece(chunks, id) as string[]);
    // Plain indexed loops: a late state joins ~9,000 items on every read.
    if (value[CHUNKED] === "array") {
      const items: unknown[] = [];
      for (let i = 0; i < ids.length; i++) {
        const part = piece(chunks, ids[i] as string);
        for (let j = 0; j < part.length; j++) items.push(part[j]);
      }
      return items;
    }
    const out: Record<string, unknown> = {};
    for (let i = 0; i < ids.length; i++) {
      const part = piece(chunks, ids[i] as string) as [string, unknown][];
      for (let j = 0; j < part.length; j++) {
        const [k, v] = part[j] as [string, unknown];
        out[k] = v;
      }
    }
    return out;
  }
  if (Array.isArray(value)) return value.map((v) => decode(v, depth + 1, chunks));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = decode(v, depth + 1, chunks);
    return out;
  }
  return value;
}

/** The row to store for `state`, and its pieces by hash. */
export function splitState(state: RunState): { head: Record<string, unknown>; chunks: Map<string, string> } {
  const chunks = new Map<string, string>();
  const head: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(state)) head[field] = encode(value, 1, chunks);
  return { head, chunks };
}

/** The state back from its row and pieces; null when a piece is missing. */
export function joinState(head: Record<string, unknown>, chunks: Map<string, unknown[]>): RunState | null {
  try {
    const state: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(head)) state[field] = decode(value, 1, chunks);
    return state as unknown as RunState;
  } catch (e) {
    if (e instanceof MissingPiece) return null;
    throw e;
  }
}

/** The pieces `value` names: `level` 1 the pieces a row names, 2 the pieces those lists name. */
function chunkIds(value: unknown, depth: number, into: string[], lists?: Map<string, unknown[]>): string[] {
  if (depth > DEPTH) return into;
  if (isChunkRef(value)) {
    if (value[CHUNKED] === "literal") return into;
    if ("ids" in value) into.push(...value.ids);
    else if (!lists) into.push(...value.idLists);
    else for (const id of value.idLists) into.push(...((lists.get(id) ?? []) as string[]));
  } else if (Array.isArray(value)) for (const v of value) chunkIds(v, depth + 1, into, lists);
  else if (isPlainObject(value)) for (const v of Object.values(value)) chunkIds(v, depth + 1, into, lists);
  return into;
}

/**
 * A piece as stored: its JSON text, deflated. Most pieces are a few hundred bytes to 2 kB, under
 * the size at which PostgreSQL compresses a value itself, and jsonb is larger than the text (a
 * float is a numeric); deflated, the pieces of a 1,000-iteration run take 2.2 MB instead of 5.0.
 */
const pack = (text: string): Buffer => deflateRawSync(text);
const unpack = (packed: Uint8Array): string => inflateRawSync(packed).toString("utf8");

/** Stores the state at its seq (inside the append transaction): the row, and the pieces not stored yet. */
export async function insertSnapshot(db: Db, state: RunState): Promise<void> {
  const { head, chunks } = splitState(state);
  if (chunks.size > 0) {
    const known = await db
      .select({ hash: runStateChunks.hash })
      .from(runStateChunks)
      .where(and(eq(runStateChunks.runId, state.runId), inArray(runStateChunks.hash, [...chunks.keys()])));
    for (const { hash } of known) chunks.delete(hash);
    if (chunks.size > 0) {
      const parsed = [...chunks].map(([hash, text]) => ({ hash, text, data: JSON.parse(text) as unknown[] }));
      await db
        .insert(runStateChunks)
        .values(parsed.map(({ hash, text }) => ({ runId: state.runId, hash, packed: pack(text) })))
        .onConflictDoNothing();
      // The writer's process is the one whose debugger reads the run next: its pieces are kept
      // as a read would keep them (content-addressed, so one whose transaction rolls back is
      // merely unused).
      for (const { hash, text, data } of parsed) pieceCache.set(hash, deepFreeze(data), text.length);
    }
  }
  await db
    .insert(runSnapshots)
    .values({ runId: state.runId, seq: state.seq, state: head as unknown as RunState })
    .onConflictDoNothing();
}

/**
 * Pieces never change (a piece's id is the hash of its content), so the parsed ones are kept in
 * the process — those it wrote and those it read — least recently used out first, up to
 * PIECE_CACHE_CHARS characters of their JSON. Reading a state then fetches only the pieces this
 * process has not seen: none for a run it drives, the few that changed since a neighbouring
 * snapshot for another. Cached pieces are frozen, since every state read from them shares them
 * (the reducer copies before it writes, so nothing legitimate writes into one).
 */
const PIECE_CACHE_CHARS = 32_000_000;

class PieceCache {
  /** Map order is insertion order; `used` says when a piece was last read (a read of a state touches ~1,000). */
  private readonly pieces = new Map<string, { data: unknown[]; chars: number; used: number }>();
  private chars = 0;
  private clock = 0;

  get(key: string): unknown[] | undefined {
    const hit = this.pieces.get(key);
    if (!hit) return undefined;
    hit.used = ++this.clock;
    return hit.data;
  }

  set(key: string, data: unknown[], chars: number): void {
    if (chars > PIECE_CACHE_CHARS || this.pieces.has(key)) return;
    this.pieces.set(key, { data, chars, used: ++this.clock });
    this.chars += chars;
    if (this.chars > PIECE_CACHE_CHARS) this.evict();
  }

  /** Least recently used out until a quarter is free (one sort per many inserts, not a move per read). */
  private evict(): void {
    const byUse = [...this.pieces].sort((a, b) => a[1].used - b[1].used);
    for (const [old, { chars }] of byUse) {
      if (this.chars <= PIECE_CACHE_CHARS * 0.75) break;
      this.pieces.delete(old);
      this.chars -= chars;
    }
  }
}

/** One per process: a piece is its hash's content whichever run or database holds it. */
let pieceCache = new PieceCache();

/** Forgets every cached piece: benches measure reads as a process that has seen nothing. */
export function forgetCachedPieces(): void {
  pieceCache = new PieceCache();
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The pieces named by `ids` into `found`: from the cache, the others from `owner`'s rows in one query. */
async function loadPieces(
  db: Db,
  owner: string,
  ids: string[],
  found: Map<string, unknown[]>,
): Promise<void> {
  const missing: string[] = [];
  for (const id of ids) {
    if (found.has(id)) continue;
    const hit = pieceCache.get(id);
    if (hit) found.set(id, hit);
    else missing.push(id);
  }
  if (missing.length === 0) return;
  // As text: parsed here (the same work the driver would do), and its length sizes the cache.
  const rows = await db
    .select({
      hash: runStateChunks.hash,
      text: sql<string | null>`${runStateChunks.data}::text`,
      // Base64 text, decoded natively: PGlite parses a bytea column's hex text in JavaScript.
      packed: sql<string | null>`encode(${runStateChunks.packed}, 'base64')`,
    })
    .from(runStateChunks)
    .where(and(eq(runStateChunks.runId, owner), inArray(runStateChunks.hash, missing)));
  for (const row of rows) {
    const { hash } = row;
    const text = row.packed !== null ? unpack(Buffer.from(row.packed, "base64")) : (row.text as string);
    const data = deepFreeze(JSON.parse(text) as unknown[]);
    pieceCache.set(hash, data, text.length);
    found.set(hash, data);
  }
}

/** `'{a,b}'::text[]` for the jsonb `-` operator; field names are identifiers, never user text. */
function fieldList(fields: readonly string[]): SQL {
  for (const f of fields) if (!/^[A-Za-z]+$/.test(f)) throw new Error(`Not a state field: ${f}`);
  return sql.raw(`'{${fields.join(",")}}'::text[]`);
}

/**
 * The newest stored state at or before `seq` (whole-state rows of older versions are read as they
 * are). For a fork by reference, a parent's state at or before the fork seq is the fork's state there
 * too, once it carries the fork's identity; its pieces are the parent's. Every call builds the
 * state's arrays and objects anew around the shared, frozen pieces, so the caller may reduce into
 * its top level in place (`reduceAll(…, { owned: true })`); never cache a returned state.
 */
export async function snapshotAtOrBefore(
  db: Db,
  runId: string,
  seq: number,
): Promise<{ seq: number; state: RunState } | null>;
/** The same without the fields named: the database leaves them out of the row, and their pieces are not read. */
export async function snapshotAtOrBefore<K extends keyof RunState>(
  db: Db,
  runId: string,
  seq: number,
  leaveOut: readonly K[],
): Promise<{ seq: number; state: Omit<RunState, K> } | null>;
export async function snapshotAtOrBefore(
  db: Db,
  runId: string,
  seq: number,
  leaveOut: readonly string[] = [],
): Promise<{ seq: number; state: RunState } | null> {
  const lineage = await lineageOf(db, runId);
  if (!lineage) return null;
  const where = segmentFilter(
    { ...lineage, segments: lineage.segments.map((s) => ({ ...s, lo: -1 })) },
    runSnapshots.runId,
    runSnapshots.seq,
    -1,
    seq,
  );
  if (!where) return null;
  const [row] = await db
    .select({
      runId: runSnapshots.runId,
      seq: runSnapshots.seq,
      state:
        leaveOut.length === 0
          ? runSnapshots.state
          : sql<RunState>`${runSnapshots.state} - ${fieldList(leaveOut)}`,
    })
    .from(runSnapshots)
    .where(where)
    .orderBy(desc(runSnapshots.seq))
    .limit(1);
  if (!row) return null;
  const owner = row.runId;
  const asOurs = (state: RunState): RunState =>
    owner === runId ? state : { ...state, runId, parentRunId: lineage.parentRunId };
  const head = row.state as unknown as Record<string, unknown>;
  const named = (lists?: Map<string, unknown[]>) => [
    ...new Set(Object.values(head).flatMap((v) => chunkIds(v, 1, [], lists))),
  ];
  const ids = named();
  if (ids.length === 0) return { seq: row.seq, state: asOurs(row.state) };
  const found = new Map<string, unknown[]>();
  await loadPieces(db, owner, ids, found);
  // Lists of pieces name more pieces: one more read, of those not cached.
  await loadPieces(db, owner, named(found), found);
  const state = joinState(head, found);
  // A piece missing (a run copied without them): no usable snapshot here; callers replay events.
  return state ? { seq: row.seq, state: asOurs(state) } : null;
}
