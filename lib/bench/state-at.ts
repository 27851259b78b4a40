/**
 * bench:state-at — where the time of "the state at a step" goes (issue 14): the scripted long run
 * (`tasks` tasks, two iterations each) is driven straight into a DbRunStore, one batch per step as
 * the loop commits (cut after each `tool.called`), then `stateAt` is timed at random seqs,
 * split into reading the snapshot, reading the events after it and reducing them. PGlite in memory,
 * or PostgreSQL (a throwaway schema) when DATABASE_URL is set.
 *
 * `npx tsx lib/bench/state-at.ts [tasks=499] [snapshotEvery=100] [samples=100]`
 */
import os from "node:os";
import { isDeepStrictEqual } from "node:util";
import { sql } from "drizzle-orm";
import { createDb } from "@/db/client";
import { forgetCachedPieces } from "@/db/queries/snapshots";
import { DbRunStore } from "@/db/run-store";
import type { RunEvent } from "../agent/events";
import { reduceAll, replay } from "../agent/reducer";
import type { RunState } from "../agent/state";
import { driveLongRun } from "./long-run";
import { rows } from "./service/shared";

const TASKS = Number(process.argv[2] ?? 499);
const EVERY = Number(process.argv[3] ?? 100);
const SAMPLES = Number(process.argv[4] ?? 100);
const URL = process.env.DATABASE_URL?.trim() || undefined;
const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] as number;
const f = (x: number) => x.toFixed(1);
const load = () => os.loadavg().map(f).join(" ");

/** Every state is appended, and only every KEEP-th is kept to check reads against: a heap holding all
 * 20,000 (each with its own copies of the task map and model calls) would time the GC, not the reads. */
const KEEP = 37;
const states = new Map<number, RunState>();
const entries: { event: RunEvent; state: RunState }[] = [];
let appending: Promise<void> = Promise.resolve();
const h = await createDb(URL ? { url: URL, schema: `state_at_${process.pid}` } : {});
const store = new DbRunStore(h.db, { snapshotEvery: EVERY });
const long = await driveLongRun(
  "long",
  TASKS,
  async (event, state) => {
    if (event.seq % KEEP === 0) states.set(event.seq, state);
    // One batch per step, as the loop commits: cut after each tool.called.
    entries.push({ event, state });
    if (event.type === "tool.called" || event.type === "run.finished" || event.type === "run.failed") {
      const batch = entries.splice(0);
      appending = appending.then(() => store.appendBatch(batch));
      await appending;
    }
  },
  Number.MAX_SAFE_INTEGER,
);
if (entries.length > 0) await store.appendBatch(entries.splice(0));
console.log(
  `bench:state-at — ${URL ? "PostgreSQL" : "PGlite in memory"}, snapshotEvery ${EVERY}; ${long.iterations} iterations, ${long.events.length} events; load ${load()}`,
);
const schema = `state_at_${process.pid}`;
try {
  for (const [table, stored, text] of [
    ["run_snapshots", "pg_column_size(state)", "length(state::text)"],
    // Pieces are deflated JSON text (`packed`); those of older versions are jsonb (`data`).
    ["run_state_chunks", "coalesce(octet_length(packed), pg_column_size(data))", "length(data::text)"],
    ["run_events", "pg_column_size(payload)", "length(payload::text)"],
  ]) {
    const [r] = await rows<{ n: number; stored: number; chars: number }>(
      h.db,
      sql.raw(
        `select count(*)::int as n, sum(${stored})::bigint as stored, coalesce(sum(${text}), 0)::bigint as chars from ${table}`,
      ),
    );
    console.log(
      `  ${table}: ${r?.n} rows, ${f(Number(r?.stored) / 1e6)} MB stored${Number(r?.chars) > 0 ? `, ${f(Number(r?.chars) / 1e6)} M characters of JSON` : ""}`,
    );
  }
  // Bytes as bench:peer counts them (heap, TOAST, indexes, dead rows), per table.
  const sizes = await rows<{ table: string; heap: number; toast: number; indexes: number; total: number }>(
    h.db,
    sql.raw(
      `select c.relname as table, pg_relation_size(c.oid)::bigint as heap, coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0)::bigint as toast, pg_indexes_size(c.oid)::bigint as indexes, pg_total_relation_size(c.oid)::bigint as total from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = ${URL ? `'${schema}'` : "'public'"} and c.relkind = 'r' order by 5 desc`,
    ),
  );
  const all = sizes.reduce((n, r) => n + Number(r.total), 0);
  console.log(`  bytes per iteration: ${f(all / long.iterations / 1024)} kB in all`);
  for (const r of sizes.filter((r) => Number(r.total) > 0))
    console.log(
      `    ${r.table.padEnd(18)} ${f(Number(r.total) / long.iterations / 1024)} kB (heap ${f(Number(r.heap) / long.iterations / 1024)}, TOAST ${f(Number(r.toast) / long.iterations / 1024)}, indexes ${f(Number(r.indexes) / long.iterations / 1024)})`,
    );
  const types = await rows<{ type: string; n: number; stored: number }>(
    h.db,
    sql.raw(
      "select type, count(*)::int as n, sum(pg_column_size(payload))::bigint as stored from run_events group by type order by 3 desc limit 8",
    ),
  );
  console.log(
    `    run_events payloads by type (kB per iteration): ${types.map((t) => `${t.type} ${f(Number(t.stored) / long.iterations / 1024)} (${t.n})`).join(", ")}`,
  );
  let seed = 7;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const kept = [...states.keys()];
  const seqs = Array.from({ length: SAMPLES + 5 }, () => kept[Math.floor(rnd() * kept.length)] as number);
  for (const cold of [false, true]) await measure(store, seqs, cold);
  console.log(`  load ${load()}`);
} finally {
  if (URL) await h.db.execute(sql.raw(`drop schema ${schema} cascade`));
  await h.close();
}

/**
 * Warm: as the process that drove the run (it cached the pieces it stored). Cold: every piece
 * forgotten before each read, as a process reading the run for the first time, every time.
 */
async function measure(store: DbRunStore, seqs: number[], cold: boolean): Promise<void> {
  const parts: Record<"snapshot" | "events" | "reduce" | "total" | "eventsAfter", number[]> = {
    snapshot: [],
    events: [],
    reduce: [],
    total: [],
    eventsAfter: [],
  };
  let matches = 0;
  for (const [k, seq] of seqs.entries()) {
    if (cold) forgetCachedPieces();
    const a = performance.now();
    const snap = await store.snapshotAtOrBefore("long", seq);
    const b = performance.now();
    const after = snap?.seq ?? -1;
    const events = await store.events("long", after, seq - after);
    const c = performance.now();
    // As stateAt does: the snapshot just read is this call's own.
    const state = snap ? reduceAll(snap.state, events, { owned: true }) : replay(events, "long");
    const d = performance.now();
    // The first five are warm-up (JIT, statement preparation); every result is checked.
    if (isDeepStrictEqual(JSON.parse(JSON.stringify(state)), JSON.parse(JSON.stringify(states.get(seq)))))
      matches++;
    if (k < 5) continue;
    parts.snapshot.push(b - a);
    parts.events.push(c - b);
    parts.reduce.push(d - c);
    parts.total.push(d - a);
    parts.eventsAfter.push(events.length);
  }
  console.log(
    `  ${cold ? "cold (no piece cached)" : "warm (pieces cached as stored)"}: state at ${SAMPLES} random steps after 5 warm-up reads; ${matches}/${seqs.length} equal the live state:`,
  );
  for (const [k, v] of Object.entries(parts))
    console.log(
      `    ${k.padEnd(12)} median ${f(pct(v, 0.5))}  p95 ${f(pct(v, 0.95))}  max ${f(Math.max(...v))}${k === "eventsAfter" ? " events" : " ms"}`,
    );
}
