/**
 * bench:service — the run service on a real database: append throughput with 20 concurrent runs,
 * SSE latency from append to client receipt, bytes stored per step, time to rebuild the state at
 * an arbitrary step of a long run (with several `snapshotEvery`), and resident memory.
 *
 * `npm run bench:service` (PostgreSQL too when DATABASE_URL is set, in a throwaway schema).
 * `npm run bench:service -- 2 4` runs only those sections.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Readable } from "node:stream";
import { isDeepStrictEqual } from "node:util";
import { type SQL, sql } from "drizzle-orm";
import { createDb, type Db, type DbHandle } from "@/db/client";
import { openIsolatedPostgres } from "@/db/isolated-postgres";
import { DbRunStore } from "@/db/run-store";
import { replay } from "../agent/reducer";
import { BuiltinModel } from "../llm/builtin/builtin-model";
import { RunBus } from "../runs/run-bus";
import { runStateAt } from "../runs/service/queries";
import { RunService } from "../runs/service/run-service";
import { startRun } from "../runs/service/start-run";
import { testService } from "../runs/testing/service-harness";
import { driveLongRun } from "./long-run";
import { allowServerOnly } from "./server-only-hook";

allowServerOnly();
const { sseResponse } = await import("../runs/sse-response");

/** Research goals on the demo library (README, docs, the seeded documents' topics). */
const GOALS = [
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
const LOAD_ROUNDS = 3;
const SSE_RUNS = 5;
const SSE_LATENCY_MS = 8;
const LONG_TASKS = 499;
const LONG_EVERY = [100, 250, 1_000];
const MID_TASKS = 50;
const MID_EVERY = [25, 100, 250, 1_000];
const PROJECTED_EVERY = [25, 100, 250, 1_000, 5_000];
const REBUILD_SAMPLES = 30;
/** Samples on the long run: its rebuilds are the slowest part of the bench. */
const LONG_SAMPLES = 20;

const DATABASE_URL = process.env.DATABASE_URL?.trim() || undefined;
const only = new Set(process.argv.slice(2).map(Number));
const wanted = (n: number) => only.size === 0 || only.has(n);

// ---- small helpers -------------------------------------------------------------------------

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], q: number) => {
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};
const median = (xs: number[]) => pct(xs, 0.5);
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1e3).toFixed(1)} kB`;
const rss = () => process.memoryUsage().rss;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

const tempDir = (name: string) => mkdtempSync(path.join(os.tmpdir(), `prefrontal-bench-${name}-`));

interface Backend {
  name: string;
  open(): Promise<DbHandle>;
  cleanup(): void;
}

function pgliteOnDisk(): Backend {
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

function postgres(url: string): Backend {
  return { name: "PostgreSQL", open: () => openIsolatedPostgres(url), cleanup: () => {} };
}

// ---- 1. events appended per second, 20 concurrent runs ---------------------------------------

interface Load {
  wallMs: number;
  events: number;
  perRunMs: number[];
  statuses: Record<string, number>;
}

async function load20(service: RunService): Promise<Load> {
  const t0 = performance.now();
  const perRunMs: number[] = [];
  const started = await Promise.all(
    GOALS.map(async (goal) => {
      const s = performance.now();
      const { runId } = await startRun(service, { goal });
      const done = service.active.get(runId)?.done ?? Promise.resolve();
      return { runId, done: done.then(() => void perRunMs.push(performance.now() - s)) };
    }),
  );
  await Promise.all(started.map((r) => r.done));
  await service.idle();
  const wallMs = performance.now() - t0;
  let events = 0;
  const statuses: Record<string, number> = {};
  for (const { runId } of started) {
    const run = await service.store.run(runId);
    if (!run) throw new Error(`no run ${runId}`);
    events += run.lastSeq + 1;
    statuses[run.status] = (statuses[run.status] ?? 0) + 1;
  }
  return { wallMs, events, perRunMs, statuses };
}

// ---- 3. bytes stored ----------------------------------------------------------------------------

const TABLES = ["run_events", "run_snapshots", "runs", "questions", "artifacts"] as const;

async function storedBytes(db: Db) {
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

function printBytes(b: Awaited<ReturnType<typeof storedBytes>>) {
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

// ---- 2. SSE latency -------------------------------------------------------------------------------

/** `onWrite` sees every chunk the server hands to a socket, with the seqs (SSE ids) in it. */
async function serve(service: RunService, onWrite: (runId: string, seqs: number[], at: number) => void) {
  const server = createServer(async (req, res) => {
    const abort = new AbortController();
    res.on("close", () => abort.abort());
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const runId = url.pathname.split("/")[3] ?? "";
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const response = await sseResponse(service, runId, new Request(url, { headers, signal: abort.signal }));
    const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      const ok = write(chunk, ...rest);
      const text = typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
      const seqs = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
      if (seqs.length > 0) onWrite(runId, seqs, performance.now());
      return ok;
    }) as typeof res.write;
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) Readable.fromWeb(response.body as never).pipe(res);
    else res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** Read one event stream; every run-event frame with the time its bytes arrived. */
async function view(url: string, signal: AbortSignal): Promise<{ seq: number; at: number }[]> {
  const got: { seq: number; at: number }[] = [];
  try {
    const res = await fetch(url, { signal });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      const at = performance.now();
      if (done) return got;
      buffer += decoder.decode(value, { stream: true });
      let cut = buffer.indexOf("\n\n");
      while (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let id: string | undefined;
        let event: string | undefined;
        for (const line of block.split("\n")) {
          if (line.startsWith("id: ")) id = line.slice(4);
          if (line.startsWith("event: ")) event = line.slice(7);
        }
        if (event === "run-event" && id !== undefined) got.push({ seq: Number(id), at });
        if (event === "end") return got;
        cut = buffer.indexOf("\n\n");
      }
    }
  } catch (e) {
    if (signal.aborted) return got;
    throw e;
  }
}

async function sseLatency(db: Db, label: string) {
  const { service } = await testService(db, {
    model: () => new BuiltinModel({ latencyMs: SSE_LATENCY_MS }),
  });
  // When each append finished, by run and seq: the bus publishes right after this.
  const appendedAt = new Map<string, number>();
  const store = service.store;
  const append = store.append.bind(store);
  store.append = async (event, state) => {
    await append(event, state);
    appendedAt.set(`${event.runId}:${event.seq}`, performance.now());
  };
  let written: number[] = [];
  const server = await serve(service, (runId, seqs, at) => {
    for (const seq of seqs) {
      const a = appendedAt.get(`${runId}:${seq}`);
      if (a !== undefined) written.push(at - a);
    }
  });
  try {
    for (const viewers of [1, 3]) {
      const latencies: number[] = [];
      written = [];
      const loopDelay = monitorEventLoopDelay({ resolution: 1 });
      loopDelay.enable();
      let backlog = 0;
      let frames = 0;
      for (let r = 0; r < SSE_RUNS; r++) {
        const goal = GOALS[(r * 7 + viewers) % GOALS.length] as string;
        const { runId } = await startRun(service, { goal });
        const issued = performance.now();
        const abort = new AbortController();
        const reading = Promise.all(
          Array.from({ length: viewers }, () =>
            view(`${server.base}/api/runs/${runId}/events`, abort.signal),
          ),
        );
        await service.idle();
        // A run that waits for an answer keeps its stream open: stop reading once it is idle.
        const timer = setTimeout(() => abort.abort(), 500);
        const got = await reading;
        clearTimeout(timer);
        for (const stream of got) {
          for (const f of stream) {
            frames++;
            const a = appendedAt.get(`${runId}:${f.seq}`);
            if (a === undefined) continue;
            if (a < issued) backlog++;
            else latencies.push(f.at - a);
          }
        }
      }
      loopDelay.disable();
      const p95 = pct(latencies, 0.95);
      console.log(
        `  2. SSE, ${viewers} viewer${viewers > 1 ? "s" : ""} × ${SSE_RUNS} runs (${label}, builtin latency ${SSE_LATENCY_MS} ms): append → client receipt p50 ${ms(median(latencies))}, p95 ${ms(p95)}, max ${ms(Math.max(...latencies))}, n=${latencies.length} (${frames} frames; ${backlog} appended before connecting left out; the client reads in this same process) — target p95 < 100 ms: ${p95 < 100 ? "met" : "NOT met"}`,
      );
      console.log(
        `     append → handed to the socket (server side) p50 ${ms(median(written))}, p95 ${ms(pct(written, 0.95))}, max ${ms(Math.max(...written))}; event-loop delay meanwhile p50 ${ms(loopDelay.percentile(50) / 1e6)}, p99 ${ms(loopDelay.percentile(99) / 1e6)}, max ${ms(loopDelay.max / 1e6)}`,
      );
    }
  } finally {
    await server.close();
    await service.idle();
    rmSync(service.o.dataDir, { recursive: true, force: true });
  }
}

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

// ---- 5. the real app's memory ------------------------------------------------------------------------

function procRss(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kbOf = (key: string) =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
    return { rss: kbOf("VmRSS"), hwm: kbOf("VmHWM") };
  } catch {
    return null;
  }
}

/** The process and its descendants (next start may fork workers). */
function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    const p = out[i] as number;
    try {
      const tasks = readFileSync(`/proc/${p}/task/${p}/children`, "utf8").trim();
      if (tasks) out.push(...tasks.split(/\s+/).map(Number));
    } catch {}
  }
  return out;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  await new Promise((r) => server.close(r));
  return port;
}

async function appMemory() {
  const buildId = path.join(process.cwd(), ".next", "BUILD_ID");
  if (!existsSync(buildId)) {
    console.log("  5. real app: skipped — .next/BUILD_ID is missing (run `npx next build` first)");
    return;
  }
  const built = statSync(buildId).mtime.toISOString();
  const port = await freePort();
  const dir = tempDir("app");
  const env: Record<string, string | undefined> = {
    ...process.env,
    PREFRONTAL_DATA_DIR: dir,
    NODE_ENV: "production",
  };
  delete env.DATABASE_URL;
  delete env.PREFRONTAL_BUILTIN_LATENCY_MS;
  const child = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
    { env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (d) => {
    output += d;
  });
  child.stderr.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const base = `http://127.0.0.1:${port}`;
  const pid = child.pid as number;
  const tree = () => {
    const pids = processTree(pid);
    const each = pids.map((p) => procRss(p)?.rss ?? 0);
    return { main: procRss(pid), total: each.reduce((a, b) => a + b, 0), count: pids.length };
  };
  try {
    const t0 = performance.now();
    for (;;) {
      try {
        const r = await fetch(`${base}/api/runs`);
        if (r.ok) break;
      } catch {}
      if (performance.now() - t0 > 60_000) throw new Error(`next start did not answer in 60 s:\n${output}`);
      await sleep(200);
    }
    const first = tree();
    const ids: string[] = [];
    for (const goal of GOALS.slice(0, 5)) {
      const r = await fetch(`${base}/api/runs`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ goal }),
      });
      const body = (await r.json()) as { runId?: string };
      if (!body.runId) throw new Error(`POST /api/runs answered ${r.status}: ${JSON.stringify(body)}`);
      ids.push(body.runId);
    }
    const statuses: string[] = [];
    for (const id of ids) {
      for (;;) {
        const r = (await (await fetch(`${base}/api/runs/${id}`)).json()) as { run?: { status: string } };
        const status = r.run?.status ?? "unknown";
        if (!["pending", "running"].includes(status) || performance.now() - t0 > 120_000) {
          statuses.push(status);
          break;
        }
        await sleep(100);
      }
    }
    const after = tree();
    console.log(
      `  5. real app (next start, PGlite in a temp folder, build of ${built}): VmRSS ${mb(first.main?.rss ?? 0)} after the first request (GET /api/runs), ${mb(after.main?.rss ?? 0)} after 5 runs via POST /api/runs (${statuses.join(", ")}); peak VmHWM ${mb(after.main?.hwm ?? 0)}${after.count > 1 ? `; with ${after.count - 1} child process(es) ${mb(after.total)} in total` : ""}`,
    );
  } finally {
    child.kill("SIGTERM");
    await Promise.race([exited, sleep(5_000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---- main -------------------------------------------------------------------------------------------

console.log(
  `bench:service — machine: ${os.cpus()[0]?.model ?? "unknown cpu"} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, ${new Date().toISOString()}`,
);
const rssStart = rss();

const backends: (Backend | string)[] = [
  pgliteOnDisk(),
  DATABASE_URL ? postgres(DATABASE_URL) : "PostgreSQL: skipped — DATABASE_URL is unset",
];
if (wanted(1) || wanted(2) || wanted(3) || wanted(5)) {
  for (const backend of backends) {
    if (typeof backend === "string") {
      console.log(backend);
      continue;
    }
    console.log(`${backend.name}:`);
    const r0 = rss();
    const handle = await backend.open();
    try {
      const { service, errors } = await testService(handle.db);
      await service.o.library();
      const rOpen = rss();
      if (wanted(1) || wanted(3) || wanted(5)) {
        const loads: Load[] = [];
        for (let i = 0; i < LOAD_ROUNDS; i++) loads.push(await load20(service));
        const rate = loads.map((l) => l.events / (l.wallMs / 1000));
        const l0 = loads[0] as Load;
        console.log(
          `  1. 20 concurrent runs (builtin, zero latency), ${LOAD_ROUNDS} rounds: ${median(rate).toFixed(0)} events/s median (rounds: ${rate.map((x) => x.toFixed(0)).join(", ")}); ${loads.map((l) => l.events).join(" / ")} events in ${loads.map((l) => (l.wallMs / 1000).toFixed(1)).join(" / ")} s; per-run wall time median ${ms(median(loads.map((l) => median(l.perRunMs))))} (max ${ms(median(loads.map((l) => Math.max(...l.perRunMs))))}); statuses ${JSON.stringify(l0.statuses)}${errors.length ? `; ${errors.length} loop errors` : ""}`,
        );
        if (wanted(3) || wanted(1)) printBytes(await storedBytes(handle.db));
        if (handle.kind === "pglite") {
          console.log(
            `  5. this process's RSS: ${mb(rssStart)} at start (modules loaded), ${mb(r0)} before opening PGlite, ${mb(rOpen)} after opening + seeding the library, ${mb(rss())} after the ${LOAD_ROUNDS} × 20-run load (the bench runs in-process what the server runs: PGlite, the service, the loops)`,
          );
        }
      }
      if (wanted(2)) await sseLatency(handle.db, backend.name);
      rmSync(service.o.dataDir, { recursive: true, force: true });
    } finally {
      await handle.close();
      backend.cleanup();
    }
  }
}
if (wanted(4)) {
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
if (wanted(5)) await appMemory();
