/** bench:service section 3 — bytes stored per event and per iteration, by table. */
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { kb, mb, rows } from "./shared";

// ---- 3. bytes stored ----------------------------------------------------------------------------

const TABLES = ["run_events", "run_snapshots", "runs", "questions", "artifacts"] as const;

export async function storedBytes(db: Db) {
  const [size] = await rows<Record<string, string | number>>(
    db,
    sql.raw(`select ${TABLES.map((t) => `pg_total_relation_size('${t}')::bigint as ${t}`).join(", ")}`),
  );
  const [count] = await rows<Record<string, string | number>>(
    db,
    sql`select (select count(*) from run_events)::bigint as events,
               (select count(*) from run_snapshots)::bigint as snapshots,
               (select coalesce(sum(iterations), 0) from runs)::bigint as iterations,
               (select count(*) from runs)::bigint as runs,
               (select coalesce(sum(octet_length(payload::text)), 0) from run_events)::bigint as event_json,
               (select coalesce(sum(octet_length(state::text)), 0) from run_snapshots)::bigint as snapshot_json`,
  );
  const n = (r: Record<string, string | number> | undefined, k: string) => Number(r?.[k] ?? 0);
  return {
    tables: Object.fromEntries(TABLES.map((t) => [t, n(size, t)])) as Record<(typeof TABLES)[number], number>,
    events: n(count, "events"),
    snapshots: n(count, "snapshots"),
    iterations: n(count, "iterations"),
    runs: n(count, "runs"),
    eventJson: n(count, "event_json"),
    snapshotJson: n(count, "snapshot_json"),
  };
}

export function printBytes(b: Awaited<ReturnType<typeof storedBytes>>) {
  const t = b.tables;
  console.log(
    `  3. bytes stored after ${b.runs} runs (${b.events} events, ${b.snapshots} snapshots, ${b.iterations} iterations):`,
  );
  console.log(
    `     run_events ${mb(t.run_events)}: ${(t.run_events / b.events).toFixed(0)} B/event, ${kb(t.run_events / b.iterations)}/iteration (payload JSON text ${(b.eventJson / b.events).toFixed(0)} B/event)`,
  );
  console.log(
    `     run_snapshots ${mb(t.run_snapshots)}: ${(t.run_snapshots / b.events).toFixed(0)} B/event, ${kb(t.run_snapshots / b.iterations)}/iteration (state JSON text ${kb(b.snapshotJson / b.snapshots)}/snapshot)`,
  );
  const other = t.runs + t.questions + t.artifacts;
  console.log(
    `     runs ${kb(t.runs)}, questions ${kb(t.questions)}, artifacts ${kb(t.artifacts)}: ${(other / b.events).toFixed(0)} B/event, ${kb(other / b.iterations)}/iteration`,
  );
}
