// Lesson recall latency with 10,000 lessons: `npm run bench:lessons [-- --lessons 10000 --queries 400]`.
// Target (issue 15): p95 < 20 ms. Measures the in-memory store (bench, CLI) and the database store
// (embedded PGlite here; the same SQL on PostgreSQL), each recall = narrow candidates + rank top 3.
import { parseArgs } from "node:util";
import { createDb, type DbHandle } from "@/db/client";
import { openIsolatedPostgres } from "@/db/isolated-postgres";
import { DbLessonStore } from "@/db/queries/lessons";
import { seededRandom } from "../agent/runtime";
import type { NewLesson, Situation } from "../experience/lesson";
import { InMemoryLessonStore, type LessonStore, recall } from "../experience/store";

const TOOLS = [
  "search",
  "read",
  "extract",
  "calculate",
  "write",
  "check_citations",
  "compose_report",
  "ask_user",
];
const TRIGGERS = [
  "",
  "transient_error",
  "schema_invalid",
  "permanent_error",
  "repeated_failure",
  "criteria_unmet",
  "low_confidence",
  "contradiction",
  "repetition",
];
const CODES = [
  "",
  "unavailable",
  "timeout",
  "not_found",
  "malformed_output",
  "invalid_input",
  "empty",
  "rate_limited",
];
const TERMS = Array.from({ length: 400 }, (_, i) => `term${i.toString(36)}`);
const ACTIONS = ["retry", "reflect", "repair", "ask_user"] as const;

function lessons(n: number, next: () => number): NewLesson[] {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T;
  return Array.from({ length: n }, (_, i) => ({
    signature: {
      goalTerms: Array.from({ length: 1 + Math.floor(next() * 6) }, () => pick(TERMS)),
      tool: pick(TOOLS),
      trigger: pick(TRIGGERS),
      failureCode: pick(CODES),
      language: next() < 0.8 ? "en" : "zh",
    },
    action: pick(ACTIONS),
    outcome: next() < 0.5 ? "helped" : "did_not_help",
    rule: "model",
    evidence: { runId: `run_${i}`, seqs: [1 + Math.floor(next() * 200)] },
  }));
}

function situations(n: number, next: () => number): Situation[] {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T;
  return Array.from({ length: n }, () => ({
    goalTerms: Array.from({ length: 4 }, () => pick(TERMS)),
    tool: pick(TOOLS),
    trigger: pick(TRIGGERS.slice(1)),
    failureCode: pick(CODES),
    language: next() < 0.8 ? "en" : "zh",
  }));
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function measure(name: string, store: LessonStore, queries: Situation[]) {
  for (const s of queries.slice(0, 20)) await recall(store, s); // warm-up
  const ms: number[] = [];
  let hits = 0;
  for (const s of queries) {
    const t = performance.now();
    hits += (await recall(store, s)).length;
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(22)} p50 ${quantile(ms, 0.5).toFixed(2)} ms  p95 ${quantile(ms, 0.95).toFixed(2)} ms  max ${(ms.at(-1) ?? 0).toFixed(2)} ms  (${(hits / queries.length).toFixed(2)} lessons recalled per query)`,
  );
  return quantile(ms, 0.95);
}

async function main() {
  const { values } = parseArgs({
    options: { lessons: { type: "string", default: "10000" }, queries: { type: "string", default: "400" } },
  });
  const n = Number(values.lessons);
  const next = seededRandom(15);
  const all = lessons(n, next);
  const queries = situations(Number(values.queries), next);
  const memory = new InMemoryLessonStore();
  await memory.learn(all, 1);
  console.log(
    `Lesson recall, ${memory.size} distinct lessons, ${queries.length} queries (load ${(await import("node:os")).loadavg()[0]?.toFixed(1)}):`,
  );
  const p95mem = await measure("in memory", memory, queries);
  const p95s = [p95mem];
  const url = process.env.DATABASE_URL?.trim();
  const targets: [string, () => Promise<DbHandle>][] = [["database (PGlite)", () => createDb()]];
  // A schema of its own in the shared PostgreSQL, dropped afterwards.
  if (url) targets.push(["database (PostgreSQL)", () => openIsolatedPostgres(url)]);
  for (const [name, open] of targets) {
    const handle = await open();
    try {
      const db = new DbLessonStore(handle.db);
      for (let i = 0; i < all.length; i += 500) await db.learn(all.slice(i, i + 500), 1);
      p95s.push(await measure(name, db, queries));
    } finally {
      await handle.close();
    }
  }
  const worst = Math.max(...p95s);
  console.log(`target p95 < 20 ms: ${worst < 20 ? "met" : "NOT met"} (worst p95 ${worst.toFixed(2)} ms)`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
