/**
 * bench:peer — Prefrontal against LangGraph.js on the same workloads, interleaved A/B.
 *
 * Workloads (docs/benchmarks.md, "bench:peer", says how they were made equivalent):
 * - "50": bench:core's 50-task run (49 work tasks in 5 chains + the report, concurrency 1,
 *   zero-latency scripted model and tools).
 * - "1000": the long run of bench:service's time-travel section (500 work tasks, each failing
 *   its criteria once and passing after a rollback: ~1,000 iterations).
 * Prefrontal drives its real loop. LangGraph runs a graph whose every node is one unit of work of
 * the same run — an iteration's start, a tool return, a model reply — and returns exactly the
 * payloads Prefrontal recorded for it, with the working memory and the task statuses as state.
 *
 * Needs PostgreSQL at DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres): it
 * creates a database of its own and drops it at the end. `npm run bench:peer [rounds]`.
 */
import os from "node:os";
import { isDeepStrictEqual } from "node:util";
import { Annotation, END, MemorySaver, START, StateGraph } from "@langchain/langgraph";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { createDb, type DbHandle } from "@/db/client";
import { DbRunStore } from "@/db/run-store";
import type { RunEvent } from "../agent/events";
import { createRun, drive } from "../agent/loop";
import type { AgentDeps, SinkEntry } from "../agent/runtime";
import type { RunState } from "../agent/state";
import {
  type Behaviour,
  makeDeps,
  policy,
  reportTask,
  reportTool,
  workTask,
  workTool,
} from "../agent/testing/harness";
import { ScriptedModel } from "../llm/scripted-model";
import { stateAt as stateAtSeq } from "../runs/service/queries";
import { timed, timedTool } from "./timed";

/** PEER_QUICK=1: one round and a short "long" run, to check the bench itself works. */
const QUICK = process.env.PEER_QUICK === "1";
const ROUNDS = QUICK ? 1 : Math.max(5, Number(process.argv[2] ?? 5));
const CONCURRENT = 20;
const LONG_TASKS = QUICK ? 20 : 500;
/** PEER_SECTIONS=50 or =1000: only that workload's part (default: both). */
const SECTIONS = (process.env.PEER_SECTIONS ?? "50,1000").split(",");
const SAMPLES = 200;
const ADMIN_URL = process.env.DATABASE_URL?.trim() || "postgresql://postgres@127.0.0.1:5432/postgres";
const DB_NAME = `prefrontal_peer_${process.pid}`;
const url = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
})();

// ---- helpers ---------------------------------------------------------------------------------

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] as number;
const f = (x: number, d = 2) => x.toFixed(d);
const kb = (b: number) => `${(b / 1024).toFixed(1)} kB`;
let seed = 12345;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

/** A query on its own connection: to the server's own database, or (`inBench`) to the bench's. */
async function admin<T>(query: string, inBench = true): Promise<T[]> {
  const c = new Client({ connectionString: inBench ? url : ADMIN_URL });
  await c.connect();
  try {
    return (await c.query(query)).rows as T[];
  } finally {
    await c.end();
  }
}

/** Transactions committed in the bench database so far (backends flush their counts as they exit). */
async function commits(): Promise<number> {
  await new Promise((r) => setTimeout(r, 700));
  const [r] = await admin<{ n: string }>(
    `select xact_commit::text as n from pg_stat_database where datname = '${DB_NAME}'`,
    false,
  );
  return Number(r?.n ?? 0);
}

async function schemaBytes(schema: string): Promise<number> {
  const [r] = await admin<{ n: string }>(
    `select coalesce(sum(pg_total_relation_size(c.oid)), 0)::text as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = '${schema}' and c.relkind = 'r'`,
  );
  return Number(r?.n ?? 0);
}

// ---- the workloads ---------------------------------------------------------------------------

type Workload = "50" | "1000";

/** A fresh run of the workload: its deps (sink to be set) and the time spent inside model and tools. */
function workload(kind: Workload): { deps: AgentDeps; spent: { ms: number }; config: object; goal: string } {
  const spent = { ms: 0 };
  if (kind === "50") {
    const tasks = Array.from({ length: 49 }, (_, i) => workTask(`t${i}`, i >= 5 ? [`t${i - 5}`] : []));
    const plan = [...tasks, reportTask(tasks.slice(-5).map((t) => t.id))];
    const work = workTool();
    const { deps } = makeDeps({
      model: timed(new ScriptedModel([], policy(plan)), spent),
      tools: [timedTool(work.tool, spent), timedTool(reportTool, spent)],
    });
    return { deps, spent, goal: "bench", config: { maxTasks: 60, concurrency: 1, memoryCapacity: 50 } };
  }
  const work = Array.from({ length: LONG_TASKS }, (_, i) => workTask(`t${i}`, i >= 5 ? [`t${i - 5}`] : []));
  const plan = [...work, reportTask(work.slice(-5).map((t) => t.id))];
  const behaviours: Record<string, Behaviour> = {};
  for (const t of work) {
    behaviours[t.id] = { empty: true };
    behaviours[`${t.id}:v2`] = {};
  }
  const tool = workTool(behaviours);
  const { deps } = makeDeps({
    model: timed(
      new ScriptedModel(
        [],
        policy(plan, {
          reflect: (c) => ({
            goalAlignment: "aligned",
            evidence: "none",
            missingConditions: "items",
            conflicts: "none",
            nextAction: "roll back and try variant v2",
            action: "rollback",
            hint: "v2",
            question: "",
            conclusion: `Task ${c.purpose === "reflect" ? c.task.id : "?"} needs another variant`,
          }),
        }),
      ),
      spent,
    ),
    tools: [timedTool(tool.tool, spent), timedTool(reportTool, spent)],
  });
  return {
    deps,
    spent,
    goal: "Long scripted run for the time-travel bench",
    config: {
      maxTasks: 600,
      concurrency: 1,
      budgets: { iterations: 10_000, toolCalls: 100_000, tokens: 100_000_000 },
    },
  };
}

interface OurRun {
  ms: number;
  workMs: number;
  iterations: number;
  events: number;
  state: RunState;
}

async function ours(kind: Workload, runId: string, store?: DbRunStore, keep?: SinkEntry[]): Promise<OurRun> {
  const w = workload(kind);
  let events = 0;
  w.deps.sink = store
    ? {
        append: (e, s) => store.append(e, s),
        appendBatch: (entries) => {
          events += entries.length;
          return store.appendBatch(entries);
        },
      }
    : {
        append: (event, state) => {
          events++;
          keep?.push({ event, state });
        },
      };
  const t = performance.now();
  const state = await drive(await createRun(w.deps, { runId, goal: w.goal, config: w.config }));
  const ms = performance.now() - t;
  if (state.status !== "succeeded") throw new Error(`${kind} run ended ${state.status}`);
  return { ms, workMs: w.spent.ms, iterations: state.counters.iterations, events, state };
}

/**
 * The same run as LangGraph nodes: a new node at each iteration's start, each tool return and each
 * model reply; a node returns the events Prefrontal recorded for that unit of work (the payloads),
 * and the working memory and task statuses when they changed.
 */
interface Step {
  events: RunEvent[];
  memory?: unknown;
  tasks?: Record<string, string>;
}

function stepsOf(entries: SinkEntry[]): { steps: Step[]; iterations: number } {
  const steps: Step[] = [];
  let memory: unknown;
  let statuses = "";
  for (const { event, state } of entries) {
    const starts =
      steps.length === 0 ||
      event.type === "iteration.started" ||
      event.type === "tool.returned" ||
      event.type === "model.called";
    if (starts) steps.push({ events: [] });
    const step = steps.at(-1) as Step;
    step.events.push(event);
    if (state.memory !== memory) {
      memory = state.memory;
      step.memory = state.memory;
    }
    const tasks = Object.fromEntries(Object.entries(state.tasks).map(([id, t]) => [id, t.status]));
    const key = JSON.stringify(tasks);
    if (key !== statuses) {
      statuses = key;
      step.tasks = tasks;
    }
  }
  return { steps, iterations: entries.at(-1)?.state.counters.iterations ?? 0 };
}

const GraphState = Annotation.Root({
  next: Annotation<number>(),
  step: Annotation<RunEvent[]>(),
  memory: Annotation<unknown>(),
  tasks: Annotation<Record<string, string>>(),
});

function graphOf(steps: Step[], checkpointer: MemorySaver | PostgresSaver) {
  return new StateGraph(GraphState)
    .addNode("work", (s: typeof GraphState.State) => {
      const step = steps[s.next ?? 0] as Step;
      return {
        next: (s.next ?? 0) + 1,
        step: step.events,
        ...(step.memory !== undefined ? { memory: step.memory } : {}),
        ...(step.tasks ? { tasks: step.tasks } : {}),
      };
    })
    .addEdge(START, "work")
    .addConditionalEdges("work", (s: typeof GraphState.State) => (s.next < steps.length ? "work" : END))
    .compile({ checkpointer });
}

async function theirs(steps: Step[], checkpointer: MemorySaver | PostgresSaver, thread: string) {
  const graph = graphOf(steps, checkpointer);
  const t = performance.now();
  const out = await graph.invoke(
    { next: 0 },
    { configurable: { thread_id: thread }, recursionLimit: steps.length + 10 },
  );
  const ms = performance.now() - t;
  if (out.next !== steps.length) throw new Error("LangGraph run did not finish");
  return { ms, graph };
}

// ---- main ------------------------------------------------------------------------------------

async function openOurs(schema: string): Promise<DbHandle> {
  return createDb({ url, schema });
}

async function main() {
  console.log(`bench:peer — Prefrontal vs LangGraph.js, ${ROUNDS} interleaved rounds, medians`);
  console.log(
    `machine: ${os.cpus()[0]?.model ?? "unknown cpu"} × ${os.cpus().length}, node ${process.version}`,
  );
  await admin(`drop database if exists ${DB_NAME}`, false);
  await admin(`create database ${DB_NAME}`, false);
  try {
    await run();
  } finally {
    await admin(`drop database if exists ${DB_NAME} with (force)`, false);
  }
}

async function run() {
  // The LangGraph side replays what Prefrontal recorded for the same workload.
  const rec50: SinkEntry[] = [];
  await ours("50", "record-50", undefined, rec50);
  const w50 = stepsOf(rec50);
  console.log(
    `workload 50: ${w50.iterations} iterations, ${rec50.length} events; LangGraph: ${w50.steps.length} nodes (${f(w50.steps.length / w50.iterations)} per iteration)`,
  );
  // Warm-up both sides (JIT, module loading, statement preparation).
  await ours("50", "warm");
  await theirs(w50.steps, new MemorySaver(), "warm");

  const r: Record<string, number[]> = {};
  const add = (k: string, v: number) => {
    r[k] ??= [];
    r[k].push(v);
  };
  for (let round = 0; round < (SECTIONS.includes("50") ? ROUNDS : 0); round++) {
    const order = round % 2 === 0 ? ["ours", "theirs"] : ["theirs", "ours"];
    for (const side of order) {
      if (side === "ours") {
        const mem = await ours("50", `mem-${round}`);
        add("ours.inproc", (mem.ms - mem.workMs) / mem.iterations);
        const schema = `ours_${round}`;
        const h = await openOurs(schema);
        const store = new DbRunStore(h.db);
        await ours("50", `warm-${round}`, store); // prepares statements on the pool's connections
        const c0 = await commits();
        const pg = await ours("50", `pg-${round}`, store);
        add("ours.persisted", (pg.ms - pg.workMs) / pg.iterations);
        const bytes = await schemaBytes(schema);
        await h.close();
        add("ours.commits", ((await commits()) - c0) / pg.iterations);
        add("ours.bytes50", bytes / (2 * pg.iterations)); // two identical runs in the schema
        // 20 runs at once on one pool.
        const h20 = await openOurs(`${schema}_x`);
        const s20 = new DbRunStore(h20.db);
        const t = performance.now();
        const all = await Promise.all(
          Array.from({ length: CONCURRENT }, (_, i) => ours("50", `c-${round}-${i}`, s20)),
        );
        add("ours.tput", all.reduce((n, x) => n + x.iterations, 0) / ((performance.now() - t) / 1000));
        await h20.db.execute(sql.raw(`drop schema "${schema}_x" cascade`));
        await h20.close();
        await admin(`drop schema "${schema}" cascade`);
      } else {
        const mem = await theirs(w50.steps, new MemorySaver(), `mem-${round}`);
        add("lg.inproc", mem.ms / w50.iterations);
        const schema = `lg_${round}`;
        await admin(`create schema ${schema}`);
        const saver = PostgresSaver.fromConnString(url, { schema });
        await saver.setup();
        await theirs(w50.steps, saver, `warm-${round}`);
        await saver.end();
        const saver2 = PostgresSaver.fromConnString(url, { schema });
        const c0 = await commits();
        const pg = await theirs(w50.steps, saver2, `pg-${round}`);
        add("lg.persisted", pg.ms / w50.iterations);
        const bytes = await schemaBytes(schema);
        await saver2.end();
        add("lg.commits", ((await commits()) - c0) / w50.iterations);
        add("lg.bytes50", bytes / (2 * w50.iterations));
        await admin(`create schema ${schema}_x`);
        const s20 = PostgresSaver.fromConnString(url, { schema: `${schema}_x` });
        await s20.setup();
        const t = performance.now();
        await Promise.all(
          Array.from({ length: CONCURRENT }, (_, i) => theirs(w50.steps, s20, `c-${round}-${i}`)),
        );
        add("lg.tput", (CONCURRENT * w50.iterations) / ((performance.now() - t) / 1000));
        await s20.end();
        await admin(`drop schema "${schema}_x" cascade`);
        await admin(`drop schema "${schema}" cascade`);
      }
    }
    console.log(`  round ${round + 1}/${ROUNDS} done`);
  }
  const m = (k: string) => median(r[k] ?? [NaN]);
  /** Prefrontal's median over LangGraph's. */
  const line = (what: string, a: string, b: string, unit: string) => {
    const ra = m(a);
    const rb = m(b);
    const ratio = ra / rb;
    console.log(
      `${what.padEnd(44)} Prefrontal ${f(ra)} ${unit}  LangGraph ${f(rb)} ${unit}  ratio ${f(ratio)}  (rounds: ${(r[a] ?? []).map((x) => f(x, 1)).join("/")} vs ${(r[b] ?? []).map((x) => f(x, 1)).join("/")})`,
    );
    return ratio;
  };
  console.log("\nworkload 50 (bench:core's run):");
  const inproc = line("in-process overhead per iteration (memory)", "ours.inproc", "lg.inproc", "ms");
  const persisted = line("persisted per iteration (PostgreSQL)", "ours.persisted", "lg.persisted", "ms");
  line("commits per iteration (PostgreSQL)", "ours.commits", "lg.commits", "");
  const tput = line(`${CONCURRENT}-run throughput (iterations/s)`, "ours.tput", "lg.tput", "it/s");
  const b50 = line("bytes per iteration (PostgreSQL)", "ours.bytes50", "lg.bytes50", "B");

  if (SECTIONS.includes("50")) {
    console.log("targets (workload 50):");
    console.log(
      `  persisted per iteration ≤ 0.5× PostgresSaver: ${f(persisted)} — ${persisted <= 0.5 ? "met" : "NOT met"}`,
    );
    console.log(`  ${CONCURRENT}-run throughput ≥ 2×: ${f(tput)} — ${tput >= 2 ? "met" : "NOT met"}`);
    console.log(
      `  in-process overhead ≥ 2.5× cheaper: ${f(1 / inproc)}× — ${1 / inproc >= 2.5 ? "met" : "NOT met"}`,
    );
    console.log(`  bytes per iteration at 50: ratio ${f(b50)}`);
    console.log("  fork and fork + resume: not measured by this bench (see docs/benchmarks.md)");
  }
  if (!SECTIONS.includes("1000")) return;
  // ---- the 1,000-iteration run: bytes and state at a step ----
  console.log(`\nworkload 1000 (${LONG_TASKS} tasks, one run each side):`);
  const recLong: SinkEntry[] = [];
  await ours("1000", "record-long", undefined, recLong);
  const wl = stepsOf(recLong);
  console.log(
    `  ${wl.iterations} iterations, ${recLong.length} events; LangGraph: ${wl.steps.length} nodes (${f(wl.steps.length / wl.iterations)} per iteration)`,
  );
  const hl = await openOurs("ours_long");
  const storeL = new DbRunStore(hl.db);
  const longRun = await ours("1000", "long", storeL);
  const oursBytes = (await schemaBytes("ours_long")) / longRun.iterations;
  await admin("create schema lg_long");
  const saverL = PostgresSaver.fromConnString(url, { schema: "lg_long" });
  await saverL.setup();
  const lgLong = await theirs(wl.steps, saverL, "long");
  const lgBytes = (await schemaBytes("lg_long")) / wl.iterations;
  console.log(
    `  bytes per iteration: Prefrontal ${kb(oursBytes)} (×${f(oursBytes / m("ours.bytes50"))} of workload 50; target ≤ 1.2: ${oursBytes / m("ours.bytes50") <= 1.2 ? "met" : "NOT met"}), LangGraph ${kb(lgBytes)} (×${f(lgBytes / m("lg.bytes50"))}); ratio ${f(oursBytes / lgBytes)} (target ≤ 0.5: ${oursBytes / lgBytes <= 0.5 ? "met" : "NOT met"})`,
  );
  console.log(
    `  persisted per iteration on this run: Prefrontal ${f((longRun.ms - longRun.workMs) / longRun.iterations)} ms, LangGraph ${f(lgLong.ms / wl.iterations)} ms`,
  );

  // State at a random step: Prefrontal's nearest snapshot + the events after it, reduced.
  const last = recLong.length - 1;
  const stateAt = (store: DbRunStore, runId: string, seq: number) => stateAtSeq(store, runId, seq);
  const seqs = Array.from({ length: SAMPLES }, () => Math.floor(rnd() * (last + 1)));
  const timeOurs = async (store: DbRunStore, runId: string) => {
    for (const s of seqs.slice(0, 5)) await stateAt(store, runId, s);
    const ts: number[] = [];
    for (const s of seqs) {
      const t = performance.now();
      await stateAt(store, runId, s);
      ts.push(performance.now() - t);
    }
    const check = await stateAt(store, runId, seqs[0] as number);
    const expected = recLong[seqs[0] as number]?.state;
    // The recorded run had another id; everything else must be the same.
    const same = isDeepStrictEqual(
      JSON.parse(JSON.stringify(check)),
      JSON.parse(JSON.stringify({ ...expected, runId })),
    );
    return { ts, same };
  };
  const pgTimes = await timeOurs(storeL, "long");
  // PGlite: the same run driven into an embedded database.
  const lite = await createDb();
  const storeLite = new DbRunStore(lite.db);
  await ours("1000", "long", storeLite);
  const liteTimes = await timeOurs(storeLite, "long");
  await lite.close();
  // LangGraph: getState at random checkpoints of the thread.
  const timeTheirs = async (graph: Awaited<ReturnType<typeof theirs>>["graph"], thread: string) => {
    const ids: string[] = [];
    for await (const s of graph.getStateHistory({ configurable: { thread_id: thread } }))
      ids.push(s.config.configurable?.checkpoint_id as string);
    const picks = seqs.map((s) => ids[Math.floor((s / (last + 1)) * ids.length)] as string);
    const ts: number[] = [];
    for (const id of picks) {
      const t = performance.now();
      await graph.getState({ configurable: { thread_id: thread, checkpoint_id: id } });
      ts.push(performance.now() - t);
    }
    return ts;
  };
  const lgPg = await timeTheirs(lgLong.graph, "long");
  const memSaver = new MemorySaver();
  const lgMemRun = await theirs(wl.steps, memSaver, "long");
  const lgMem = await timeTheirs(lgMemRun.graph, "long");
  await saverL.end();
  await hl.close();
  const st = (name: string, ts: number[]) => `${name} median ${f(median(ts))} ms, p95 ${f(pct(ts, 0.95))} ms`;
  console.log(`  state at ${SAMPLES} random steps:`);
  console.log(
    `    Prefrontal ${st("PostgreSQL", pgTimes.ts)} (target p95 < 50: ${pct(pgTimes.ts, 0.95) < 50 ? "met" : "NOT met"}; matches the live state: ${pgTimes.same})`,
  );
  console.log(
    `    Prefrontal ${st("PGlite", liteTimes.ts)} (target p95 < 50: ${pct(liteTimes.ts, 0.95) < 50 ? "met" : "NOT met"}; matches: ${liteTimes.same})`,
  );
  console.log(`    LangGraph ${st("PostgresSaver", lgPg)}; ${st("MemorySaver", lgMem)}`);
  console.log(
    `    ratio at the median: ${f(median(pgTimes.ts) / median(lgPg))} vs PostgresSaver, ${f(median(liteTimes.ts) / median(lgMem))} (PGlite) vs MemorySaver`,
  );
}

await main();
