import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

const PORT = 3299;
const base = `http://127.0.0.1:${PORT}`;

/** The app as a child process of its own, on its own data folder: one we can kill. */
function startApp(dataDir: string): ChildProcess {
  return spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-p", String(PORT), "-H", "127.0.0.1"],
    {
      env: {
        ...process.env,
        PREFRONTAL_DATA_DIR: dataDir,
        PREFRONTAL_BUILTIN_LATENCY_MS: "40",
        DATABASE_URL: "",
      },
      stdio: "ignore",
    },
  );
}

async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface Ev {
  seq: number;
  type: string;
  taskId?: string;
  attempt?: number;
  idempotencyKey?: string;
  cached?: boolean;
  replayed?: boolean;
  result?: { ok: boolean };
  tool?: string;
}

async function events(runId: string): Promise<Ev[]> {
  const res = await fetch(`${base}/api/runs/${runId}/export`);
  return (await res.text())
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Ev);
}

test("a run survives SIGKILL of the server: it completes after restart, nothing lost, nothing run twice", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "prefrontal-kill-"));
  let app = startApp(dataDir);
  try {
    await until(async () => ((await fetch(`${base}/api/runs`)).ok ? true : undefined), "the app to start");
    const started = await fetch(`${base}/api/runs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ goal: "Compare Loomwork and Relaywright for enterprise use" }),
    });
    expect(started.status).toBe(201);
    const { runId } = (await started.json()) as { runId: string };
    // Kill it in the middle: after some tool results are recorded, long before the end.
    const before = await until(async () => {
      const ev = await events(runId);
      return ev.filter((e) => e.type === "tool.returned").length >= 3 ? ev : undefined;
    }, "the run to record some tool results");
    app.kill("SIGKILL");
    await new Promise((r) => app.once("exit", r));
    expect(before.some((e) => e.type === "run.finished")).toBe(false);

    app = startApp(dataDir);
    const run = await until(
      async () => {
        const res = await fetch(`${base}/api/runs/${runId}`);
        const body = (await res.json()) as { run: { status: string } };
        return body.run.status === "succeeded" ? body.run : undefined;
      },
      "the run to finish after the restart",
      60_000,
    );
    expect(run.status).toBe("succeeded");
    const after = await events(runId);
    expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => i));
    // Nothing recorded before the kill is lost: the old log is a prefix of the new one.
    expect(after.slice(0, before.length)).toEqual(before);
    const executed = new Map<string, number>();
    for (const e of after) {
      if (e.type === "tool.returned" && e.result?.ok && !e.cached && !e.replayed && e.tool !== "write") {
        executed.set(e.idempotencyKey as string, (executed.get(e.idempotencyKey as string) ?? 0) + 1);
      }
    }
    for (const [key, n] of executed) expect(n, key).toBe(1);
  } finally {
    app.kill("SIGKILL");
  }
});
