/**
 * Append latency of DbRunStore, per event: `npx tsx db/bench-append.ts [count]`.
 * PGlite in memory and in a temporary folder always; PostgreSQL too when DATABASE_URL is set
 * (in a throwaway schema). Times only `store.append`, not the loop around it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RunEvent } from "@/lib/agent/events";
import { createRun } from "@/lib/agent/loop";
import type { RunState } from "@/lib/agent/state";
import { makeDeps } from "@/lib/agent/testing/harness";
import { createDb, type DbHandle } from "./client";
import { openIsolatedPostgres } from "./isolated-postgres";
import { DbRunStore } from "./run-store";

const COUNT = Number(process.argv[2] ?? 1000);

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { n: sorted.length, median: at(0.5), p95: at(0.95), p99: at(0.99) };
}

async function bench(name: string, open: () => Promise<DbHandle>) {
  const handle = await open();
  try {
    const store = new DbRunStore(handle.db);
    const samples: number[] = [];
    const { deps } = makeDeps({});
    const sink = { append: (e: RunEvent, s: RunState) => store.append(e, s) };
    deps.sink = {
      append: async (e, s) => {
        const t0 = performance.now();
        await sink.append(e, s);
        samples.push(performance.now() - t0);
      },
    };
    const ctx = await createRun(deps, { runId: `bench-${Date.now()}`, goal: "Benchmark appends" });
    // Warm-up: the first statements plan and cache.
    for (let i = 0; i < 50; i++) await ctx.emit({ type: "task.ready", taskId: `t${i % 5}` });
    samples.length = 0;
    for (let i = 0; i < COUNT; i++) {
      await ctx.emit({ type: "task.ready", taskId: `t${i % 5}` });
    }
    const s = stats(samples);
    console.log(
      `${name.padEnd(22)} n=${s.n}  median ${s.median.toFixed(3)} ms  p95 ${s.p95.toFixed(3)} ms  p99 ${s.p99.toFixed(3)} ms  (snapshot every 25 included)`,
    );
  } finally {
    await handle.close();
  }
}

async function main() {
  await bench("PGlite (memory)", () => createDb());
  const dir = mkdtempSync(path.join(tmpdir(), "prefrontal-bench-"));
  try {
    await bench("PGlite (folder)", () => createDb({ dataDir: path.join(dir, "pglite") }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.DATABASE_URL?.trim();
  if (url) await bench("PostgreSQL", () => openIsolatedPostgres(url));
  else console.log("PostgreSQL             skipped: DATABASE_URL is unset");
}

void main();
