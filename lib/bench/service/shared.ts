/** bench:service — shared tunables, goals, small helpers and the database backends. */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SQL } from "drizzle-orm";
import { createDb, type Db, type DbHandle } from "@/db/client";
import { openIsolatedPostgres } from "@/db/isolated-postgres";

/** Research goals on the demo library (README, docs, the seeded documents' topics). */
export const GOALS = [
  "Compare Loomwork and Relaywright for enterprise use",
  "Project X 在制造业的采用情况",
  "Project X pricing across vendors",
  "Project X market size and growth by region",
  "Total cost of ownership of Project X for a mid-size manufacturer",
  "Regulation and safety standards that apply to Project X",
  "Project X vendor landscape and market share in 2025",
  "Main risks of adopting Project X",
  "What customers say about Project X in the 2025 survey",
  "Project X outlook in Asia-Pacific",
  "How do agent frameworks handle tool failures?",
  "Agent framework benchmarks: cost and latency",
  "Compare the architectures of Braidline, Cortexa and Loomwork",
  "Failure modes of agent loops and how to prevent them",
  "Enterprise readiness of agent frameworks",
  "Licensing and community health of agent frameworks",
  "Developer experience with agent frameworks: survey findings",
  "Project X adoption in manufacturing in 2025",
  "Project X in the China market",
  "Quillon's partnership with Project X vendors",
];
export const LOAD_ROUNDS = 3;
export const SSE_RUNS = 5;
export const SSE_LATENCY_MS = 8;
export const LONG_TASKS = 499;
export const LONG_EVERY = [100, 250, 1_000];
export const MID_TASKS = 50;
export const MID_EVERY = [25, 100, 250, 1_000];
export const PROJECTED_EVERY = [25, 100, 250, 1_000, 5_000];
export const REBUILD_SAMPLES = 30;
/** Samples on the long run: its rebuilds are the slowest part of the bench. */
export const LONG_SAMPLES = 20;

// ---- small helpers -------------------------------------------------------------------------

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
export const pct = (xs: number[], q: number) => {
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};
export const median = (xs: number[]) => pct(xs, 0.5);
export const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;
export const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
export const kb = (bytes: number) => `${(bytes / 1e3).toFixed(1)} kB`;
export const rss = () => process.memoryUsage().rss;
export const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

export const tempDir = (name: string) => mkdtempSync(path.join(os.tmpdir(), `prefrontal-bench-${name}-`));

export interface Backend {
  name: string;
  open(): Promise<DbHandle>;
  cleanup(): void;
}

export function pgliteOnDisk(): Backend {
  let dir: string | undefined;
  return {
    name: "PGlite (on disk)",
    open: () => {
      dir = tempDir("pglite");
      return createDb({ dataDir: path.join(dir, "pglite") });
    },
    cleanup: () => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function postgres(url: string): Backend {
  return { name: "PostgreSQL", open: () => openIsolatedPostgres(url), cleanup: () => {} };
}
