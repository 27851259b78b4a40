/** bench:service section 4 — time travel: rebuilding the state at any step of a long run. */
import { rmSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { sql } from "drizzle-orm";
import { createDb } from "@/db/client";
import { DbRunStore } from "@/db/run-store";
import { replay } from "../../agent/reducer";
import { RunBus } from "../../runs/run-bus";
import { runStateAt } from "../../runs/service/queries";
import { RunService } from "../../runs/service/run-service";
import { driveLongRun } from "../long-run";
import { storedBytes } from "./bytes";
import {
  kb,
  LONG_EVERY,
  LONG_SAMPLES,
  LONG_TASKS,
  MID_EVERY,
  MID_TASKS,
  mb,
  median,
  ms,
  PROJECTED_EVERY,
  pct,
  REBUILD_SAMPLES,
  random,
  rows,
  tempDir,
} from "./shared";

// ---- 4. time travel on a long run ------------------------------------------------------------------

/** Raw JSON size of the state after `seq`, interpolated between the sampled sizes. */
function sizeAt(points: [number, number][], seq: number): number {
  for (let i = 1; i < points.length; i++) {
    const [s1, b1] = points[i] as [number, number];
    const [s0, b0] = points[i - 1] as [number, number];
    if (seq <= s1) return b0 + ((b1 - b0) * (seq - s0)) / Math.max(1, s1 - s0);
  }
  return points.at(-1)?.[1] ?? 0;
}

/** What DbRunStore writes with this `snapshotEvery`: seq % every === 0, and the last event. */
function projectedSnapshots(points: [number, number][], last: number, every: number) {
  let bytes = 0;
  let count = 0;
  for (let seq = 0; seq <= last; seq += every) {
    bytes += sizeAt(points, seq);
    count++;
  }
  if (last % every !== 0) {
    bytes += sizeAt(points, last);
    count++;
  }
  return { bytes, count };
}

const normal = (x: unknown) => JSON.parse(JSON.stringify(x));

interface TravelCase {
  tasks: number;
  /** The first is what the run is stored with; the others keep only its snapshots at their multiples. */
  every: number[];
  samples: number;
  checks: number;
  sampleSizeEvery: number;
}

async function timeTravel(c: TravelCase) {
  const dir = tempDir("travel");
  const handle = await createDb({ dataDir: path.join(dir, "pglite") });
  try {
    const runId = `run_travel_${c.tasks}`;
    const store = new DbRunStore(handle.db, { snapshotEvery: c.every[0] });
    const run = await driveLongRun(runId, c.tasks, (e, s) => store.append(e, s), c.sampleSizeEvery);
    const last = run.events.length - 1;
    const eventJson = run.events.reduce((n, e) => n + JSON.stringify(e).length, 0);
    const final = run.stateSizes.at(-1)?.[1] ?? 0;
    console.log(
      `  4. ${c.tasks} work tasks in 5 chains + report, concurrency 1, each task fails its criteria once, is rolled back and passes: ${run.status}, ${run.iterations} iterations, ${run.events.length} events (${mb(eventJson)} of event JSON); driven into DbRunStore(snapshotEvery ${c.every[0]}) in ${(run.driveMs / 1000).toFixed(1)} s, ${(run.appendMs / 1000).toFixed(1)} s of it in append (${ms(run.appendMs / run.events.length)}/event)`,
    );
    console.log(
      `     state JSON: ${mb(sizeAt(run.stateSizes, Math.floor(last / 10)))} at 10% of the run, ${mb(sizeAt(run.stateSizes, Math.floor(last / 2)))} at 50%, ${mb(final)} at the end (${kb(final / Math.max(1, run.iterations))} per iteration)`,
    );
    console.log(
      `     projected snapshot JSON (uncompressed): ${PROJECTED_EVERY.map((e) => {
        const p = projectedSnapshots(run.stateSizes, last, e);
        return `every ${e} → ${p.count} × avg ${mb(p.bytes / p.count)} = ${mb(p.bytes)}`;
      }).join("; ")}`,
    );
    const tables = (await storedBytes(handle.db)).tables;
    console.log(
      `     stored with every ${c.every[0]}: run_snapshots ${mb(tables.run_snapshots)}, run_events ${mb(tables.run_events)} (pg_total_relation_size)`,
    );
    const service = new RunService({
      store,
      bus: new RunBus(),
      library: async () => {
        throw new Error("no library in this bench");
      },
      model: () => {
        throw new Error("no model in this bench");
      },
      dataDir: dir,
    });
    // The other values keep only the stored snapshots DbRunStore would have written with them:
    // deleted in place when each value is a multiple of the one before, else restored from a copy.
    const chain = c.every.every((e, i) => i === 0 || e % (c.every[i - 1] as number) === 0);
    if (!chain) await handle.db.execute(sql`create table all_snapshots as select * from run_snapshots`);
    for (const [i, every] of c.every.entries()) {
      const keep = sql`seq % ${sql.raw(String(every))} = 0 or seq = ${last}`;
      if (i > 0 && chain) await handle.db.execute(sql`delete from run_snapshots where not (${keep})`);
      if (i > 0 && !chain) {
        await handle.db.execute(sql`delete from run_snapshots`);
        await handle.db.execute(sql`insert into run_snapshots select * from all_snapshots where ${keep}`);
      }
      const [snap] = await rows<{ n: number | string; bytes: number | string }>(
        handle.db,
        sql`select count(*)::int as n, coalesce(sum(pg_column_size(state)), 0)::bigint as bytes from run_snapshots where run_id = ${runId}`,
      );
      // Warm-up: statements, JIT, the rows just written.
      for (const q of [0.1, 0.5, 0.9]) await runStateAt(service, runId, Math.floor(last * q));
      const rnd = random(every);
      const seqs = Array.from({ length: c.samples }, () => Math.floor(rnd() * (last + 1)));
      const times: number[] = [];
      for (const seq of seqs) {
        const t = performance.now();
        await runStateAt(service, runId, seq);
        times.push(performance.now() - t);
      }
      const loads: number[] = [];
      for (const seq of seqs.slice(0, 3)) {
        const t = performance.now();
        await store.snapshotAtOrBefore(runId, seq);
        loads.push(performance.now() - t);
      }
      let equal = 0;
      const checked = seqs.slice(0, i === 0 ? c.checks : 1);
      for (const seq of checked) {
        const got = await runStateAt(service, runId, seq);
        if (isDeepStrictEqual(normal(got), normal(replay(run.events.slice(0, seq + 1))))) equal++;
      }
      const p95 = pct(times, 0.95);
      console.log(
        `     snapshotEvery ${String(every).padStart(4)}: ${snap?.n} snapshots, ${mb(Number(snap?.bytes ?? 0))} stored (sum of pg_column_size); runStateAt at ${c.samples} random seqs median ${ms(median(times))}, p95 ${ms(p95)}, max ${ms(Math.max(...times))} (of which loading the snapshot row, median of 3 of those seqs: ${ms(median(loads))}) — target < 50 ms: ${p95 < 50 ? "met" : "NOT met"}; equals replay(events.slice(0, seq + 1)) at ${equal}/${checked.length} (seq ${checked.join(", ")})`,
      );
    }
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Section 4: a mid-length and a long run, on PGlite on disk. */
export async function timeTravelSection(): Promise<void> {
  console.log("Time travel (PGlite on disk):");
  await timeTravel({
    tasks: MID_TASKS,
    every: MID_EVERY,
    samples: REBUILD_SAMPLES,
    checks: 3,
    sampleSizeEvery: 50,
  });
  await timeTravel({
    tasks: LONG_TASKS,
    every: LONG_EVERY,
    samples: LONG_SAMPLES,
    checks: 2,
    sampleSizeEvery: 1000,
  });
}
