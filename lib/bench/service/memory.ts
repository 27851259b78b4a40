/** bench:service section 5 — resident memory: this process under load, and the real app. */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { GOALS, LOAD_ROUNDS, mb, rss, sleep, tempDir } from "./shared";

/** This process's RSS at the marks the entry took, and now (after section 1's load). */
export function printProcessRss(rssStart: number, r0: number, rOpen: number): void {
  console.log(
    `  5. this process's RSS: ${mb(rssStart)} at start (modules loaded), ${mb(r0)} before opening PGlite, ${mb(rOpen)} after opening + seeding the library, ${mb(rss())} after the ${LOAD_ROUNDS} × 20-run load (the bench runs in-process what the server runs: PGlite, the service, the loops)`,
  );
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

export async function appMemory() {
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
