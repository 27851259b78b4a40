/**
 * bench:fork — creating a fork by reference (issue 14): how long `forkRun` takes to return, by the
 * length of the history the fork inherits, on a long finished run (~10,000 events). PGlite on disk
 * always, PostgreSQL too when DATABASE_URL is set (a throwaway schema). The fork's own loop is
 * stopped right after each fork and not timed.
 *
 * `npx tsx lib/bench/fork.ts [tasks=250] [rounds=7]`
 */
import os from "node:os";
import { forkRun } from "../runs/service/fork-run";
import { testService } from "../runs/testing/service-harness";
import { storeLongRun } from "../runs/testing/stored-long-run";
import { type Backend, median, ms, pct, pgliteOnDisk, postgres } from "./service/shared";

const TASKS = Number(process.argv[2] ?? 250);
const ROUNDS = Number(process.argv[3] ?? 7);
const DATABASE_URL = process.env.DATABASE_URL?.trim() || undefined;

async function bench(backend: Backend): Promise<void> {
  const handle = await backend.open();
  try {
    const { service, store } = await testService(handle.db);
    const runId = `bench-fork-${Date.now()}`;
    const t0 = performance.now();
    const events = await storeLongRun(store, runId, TASKS);
    const last = events.length - 1;
    console.log(
      `\n${backend.name}: parent of ${events.length} events stored in ${ms(performance.now() - t0)}; fork time by inherited prefix (${ROUNDS} rounds):`,
    );
    console.log("  prefix (events)   median      p95/max    child rows written");
    for (const seq of [10, 100, 1_000, Math.floor(last / 2), last - 1].filter((s) => s < last)) {
      const times: number[] = [];
      let childRows = 0;
      for (let r = 0; r < ROUNDS; r++) {
        const a = performance.now();
        const { runId: child } = await forkRun(service, { runId, seq, by: "bench" });
        times.push(performance.now() - a);
        const run = await store.run(child);
        childRows = (run?.lastSeq ?? 0) - seq;
        service.active.get(child)?.abort.abort();
        await service.idle();
      }
      console.log(
        `  ${String(seq + 1).padStart(14)}   ${ms(median(times)).padStart(9)}   ${ms(pct(times, 0.95)).padStart(9)}    ${childRows}`,
      );
    }
  } finally {
    await handle.close();
    backend.cleanup();
  }
}

console.log(
  `bench:fork — machine: ${os.cpus()[0]?.model ?? "unknown cpu"} × ${os.cpus().length}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}, node ${process.version}, ${new Date().toISOString()}`,
);
for (const backend of [pgliteOnDisk(), ...(DATABASE_URL ? [postgres(DATABASE_URL)] : [])])
  await bench(backend);
