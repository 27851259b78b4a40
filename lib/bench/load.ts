/**
 * bench:load — does the server keep answering under heavy work? Starts the production build
 * (`next start`, run `npm run build` first) on a free 127.0.0.1 port with its own temporary data
 * folder, then at once: 20 runs, a 20 MB upload (20 files near the 1 MB cap), and a 100,000-line
 * import; meanwhile `GET /api/runs` is timed back to back. Prints p50/p95/max of those requests
 * and how long each heavy job took, then stops the server by its PID.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

const RUNS = 20;
const IMPORT_LINES = 100_000;
const UPLOAD_FILES = 20;
const FILE_BYTES = 990_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitHealthy(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the server did not become healthy in 2 minutes");
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function timed<T>(label: string, f: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const value = await f();
  console.log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return value;
}

/** An export of a real (waiting) run, padded to `lines` with memory.decayed events. */
async function bigImport(base: string, lines: number): Promise<string> {
  const started = await fetch(`${base}/api/runs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ goal: "help me" }),
  }).then((r) => r.json() as Promise<{ runId: string }>);
  let exported = "";
  for (let i = 0; i < 200; i++) {
    const run = await fetch(`${base}/api/runs/${started.runId}`).then((r) => r.json());
    if (run.run?.status === "waiting") break;
    await new Promise((r) => setTimeout(r, 100));
  }
  exported = await fetch(`${base}/api/runs/${started.runId}/export`).then((r) => r.text());
  const head = exported.trim().split("\n");
  const last = JSON.parse(head.at(-1) as string) as { runId: string; at: number };
  const out = [...head];
  for (let seq = head.length; seq < lines; seq++) {
    out.push(
      JSON.stringify({
        runId: last.runId,
        seq,
        at: last.at + seq,
        type: "memory.decayed",
        iteration: seq,
        changes: [],
      }),
    );
  }
  return `${out.join("\n")}\n`;
}

function bigUpload(): FormData {
  const form = new FormData();
  const sentence = "Quillon throughput grew 4.2% in 2025 while vendors competed on pricing. ";
  for (let i = 0; i < UPLOAD_FILES; i++) {
    const body = `# Load document ${i}\n\n${sentence.repeat(Math.floor(FILE_BYTES / sentence.length))}`;
    form.append("files", new File([body], `load-${i}.md`));
  }
  return form;
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "prefrontal-load-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const next = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");
  const server = spawn(process.execPath, [next, "start", "-H", "127.0.0.1", "-p", String(port)], {
    env: { ...process.env, PREFRONTAL_DATA_DIR: dir, DATABASE_URL: process.env.LOAD_DATABASE_URL ?? "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  console.log(
    `bench:load — ${os.cpus()[0]?.model ?? "cpu"} × ${os.cpus().length}, load ${os.loadavg()[0]?.toFixed(1)}, ` +
      `server pid ${server.pid} on ${base}, ${process.env.LOAD_DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
  );
  try {
    await waitHealthy(base, server);
    const jsonl = await bigImport(base, IMPORT_LINES);
    const form = bigUpload();
    const latencies: number[] = [];
    const failures: number[] = [];
    let loading = true;
    const sampler = (async () => {
      while (loading) {
        const t = performance.now();
        const res = await fetch(`${base}/api/runs?limit=50`);
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        if (!res.ok) failures.push(res.status);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    // LOAD_ONLY=runs|upload|import runs one job alone, to see which one costs the others.
    const only = process.env.LOAD_ONLY;
    const want = (job: string) => !only || only === job;
    console.log(only ? `heavy work: ${only} only` : "heavy work, all at once:");
    await timed("everything", () =>
      Promise.all([
        want("runs") &&
          timed(`${RUNS} runs started`, () =>
            Promise.all(
              Array.from({ length: RUNS }, (_, i) =>
                fetch(`${base}/api/runs`, {
                  method: "POST",
                  headers: { "content-type": "application/json" },
                  body: JSON.stringify({
                    goal: `Compare Loomwork and Relaywright for enterprise use (${i})`,
                  }),
                }).then((r) => r.status),
              ),
            ),
          ),
        want("upload") &&
          timed(
            `upload of ${UPLOAD_FILES} files (${((UPLOAD_FILES * FILE_BYTES) / 1e6).toFixed(1)} MB)`,
            () => fetch(`${base}/api/documents`, { method: "POST", body: form }).then((r) => r.status),
          ),
        timed(
          `import of ${IMPORT_LINES.toLocaleString("en")} lines (${(jsonl.length / 1e6).toFixed(1)} MB)`,
          () =>
            fetch(`${base}/api/runs/import`, { method: "POST", body: jsonl }).then(async (r) => {
              if (r.status !== 201) console.log("  import answered", r.status, await r.text());
            }),
        ),
      ]),
    );
    loading = false;
    await sampler;
    console.log(
      `GET /api/runs during it: ${latencies.length} requests, p50 ${percentile(latencies, 50).toFixed(0)} ms, ` +
        `p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms, ` +
        `${failures.length} failed`,
    );
  } finally {
    server.kill("SIGTERM");
    const code = await new Promise<number | null>((resolve) => {
      if (server.exitCode !== null) resolve(server.exitCode);
      server.once("exit", (c) => resolve(c));
      setTimeout(() => resolve(null), 10_000).unref();
    });
    console.log(`server stopped by SIGTERM: exit ${code ?? "none within 10 s"}`);
    if (code === null) server.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
