/**
 * bench:probe — issue 11's attacks, replayed against a live production server (`npm run build`
 * first): bad text in every field, malformed ids, oversized and chunked bodies, hostile imports,
 * late answers. Each attempt expects a typed 4xx (never a 500) and no wedge afterwards; prints
 * attempts and passes per category. `PROBE_DATABASE_URL` runs it on PostgreSQL.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

type Tally = Map<string, { attempts: number; passed: number; failures: string[] }>;
const tally: Tally = new Map();

function record(category: string, ok: boolean, what: string) {
  const t = tally.get(category) ?? { attempts: 0, passed: 0, failures: [] };
  t.attempts++;
  if (ok) t.passed++;
  else t.failures.push(what);
  tally.set(category, t);
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => resolve(typeof a === "object" && a ? a.port : 0));
    });
  });
}

const BAD_TEXT = ["x\u0000y", "x\ud800y", "\udc00", "a".repeat(10_000)];

/** A connection the server closed after refusing a body unread may be reused by the client's pool once. */
const call = (url: string, init?: RequestInit) => fetch(url, init).catch(() => fetch(url, init));

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "prefrontal-probe-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const next = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");
  const server = spawn(process.execPath, [next, "start", "-H", "127.0.0.1", "-p", String(port)], {
    env: { ...process.env, PREFRONTAL_DATA_DIR: dir, DATABASE_URL: process.env.PROBE_DATABASE_URL ?? "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // A connection the server closed after refusing a body unread may be offered again by the
  // client's pool; one retry tells that apart from a server that is down.
  const post = async (p: string, body: unknown, raw = false): Promise<Response> => {
    const once = () =>
      call(`${base}${p}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: raw ? (body as string) : JSON.stringify(body),
      });
    return once().catch(once);
  };
  const json = async (r: Response) => r.json().catch(() => ({}));
  const runStatus = async (id: string) => (await json(await call(`${base}/api/runs/${id}`))).run?.status;
  const waitFor = async (id: string, status: string) => {
    for (let i = 0; i < 300 && (await runStatus(id)) !== status; i++)
      await new Promise((r) => setTimeout(r, 100));
    return runStatus(id);
  };
  const pending = async () =>
    ((await json(await call(`${base}/api/questions?status=pending`))).questions ?? []) as {
      id: string;
      runId: string;
    }[];
  try {
    for (let i = 0; i < 600; i++) {
      if (
        await call(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const is4xx = (s: number) => s >= 400 && s < 500;

    // 1. Bad text in every field: a 400, and the run is not wedged.
    for (const t of BAD_TEXT) {
      const r = await post("/api/runs", { goal: t });
      record("text", r.status === 400, `goal ${JSON.stringify(t.slice(0, 6))} → ${r.status}`);
    }
    const { runId } = await json(await post("/api/runs", { goal: "help me" }));
    await waitFor(runId, "waiting");
    const [q] = (await pending()).filter((x) => x.runId === runId);
    const qid = encodeURIComponent(q?.id ?? "none");
    for (const t of BAD_TEXT) {
      const attempts: [string, unknown][] = [
        [`/api/questions/${qid}/answer`, { answer: t, by: "p" }],
        [`/api/questions/${qid}/answer`, { answer: "ok", by: t }],
        [`/api/runs/${runId}/cancel`, { reason: t }],
        [`/api/runs/${runId}/cancel`, { by: t }],
        [`/api/runs/${runId}/amend`, { text: t, by: "p" }],
        [`/api/runs/${runId}/fork`, { seq: 1, by: t }],
        [`/api/runs/${runId}/fork`, { seq: 1, memory: [{ id: "m", patch: { text: t } }] }],
        [`/api/runs/${runId}/rollback`, { snapshotId: "s1", by: "p", reason: t }],
      ];
      for (const [p, body] of attempts) {
        const r = await post(p, body);
        record("text", r.status === 400, `${p} ${JSON.stringify(body).slice(0, 40)} → ${r.status}`);
      }
    }
    record("text", (await runStatus(runId)) === "waiting", "run still waiting after bad text");
    const answered = await post(`/api/questions/${qid}/answer`, {
      answer: "Compare Loomwork and Relaywright for enterprise use",
      by: "probe",
    });
    record("text", answered.status === 200, `the right answer then → ${answered.status}`);
    record("text", (await waitFor(runId, "succeeded")) === "succeeded", "and the run finishes");

    // 2. Ids and percent-encoding: 400 or 404, never 500.
    const ids = [
      "%00",
      "%ZZ",
      "run%00x",
      "%E0%A4%A",
      "a".repeat(300),
      "..%2F..%2Fetc",
      "x'%3B drop table runs%3B--",
    ];
    for (const id of ids) {
      for (const [method, p] of [
        ["GET", `/api/runs/${id}`],
        ["GET", `/api/runs/${id}/events`],
        ["GET", `/api/runs/${id}/export`],
        ["POST", `/api/runs/${id}/cancel`],
        ["POST", `/api/runs/${id}/amend`],
        ["POST", `/api/runs/${id}/fork`],
        ["POST", `/api/runs/${id}/rollback`],
        ["POST", `/api/questions/${id}/answer`],
        ["GET", `/api/documents/${id}`],
      ] as const) {
        const r = await call(`${base}${p}`, { method, body: method === "POST" ? "{}" : undefined });
        record("ids", is4xx(r.status), `${method} ${p.slice(0, 50)} → ${r.status}`);
      }
    }

    // 3. Bodies: caps hold while streaming, chunked or not.
    const chunked = (mb: number) => {
      let sent = 0;
      return new ReadableStream<Uint8Array>({
        pull(c) {
          if (sent++ >= mb) c.close();
          else c.enqueue(new Uint8Array(1024 * 1024).fill(120));
        },
      });
    };
    const send = (p: string, mb: number, type: string) =>
      fetch(`${base}${p}`, {
        method: "POST",
        body: chunked(mb),
        headers: { "content-type": type },
        duplex: "half",
      } as RequestInit)
        .then((r) => r.status)
        .catch(() => 413);
    record("bodies", (await send("/api/runs", 2, "application/json")) === 413, "2 MB chunked JSON");
    record(
      "bodies",
      (await send("/api/documents", 25, "multipart/form-data; boundary=x")) === 413,
      "25 MB chunked upload",
    );
    record(
      "bodies",
      (await send("/api/runs/import", 210, "application/x-ndjson")) === 413,
      "210 MB chunked import",
    );
    for (const body of ["[1]", "null", '"s"', "{"]) {
      const r = await post("/api/runs", body, true);
      record("bodies", r.status === 400, `body ${body} → ${r.status}`);
    }

    // 4. Imports are evidence.
    const { runId: waiting } = await json(await post("/api/runs", { goal: "help me" }));
    await waitFor(waiting, "waiting");
    const exported = await (await call(`${base}/api/runs/${waiting}/export`)).text();
    const lines = exported.trim().split("\n");
    const last = JSON.parse(lines.at(-1) as string);
    const before = (await json(await call(`${base}/api/runs?limit=500`))).runs.length;
    const late = JSON.stringify({
      ...last,
      seq: lines.length,
      type: "goal.amended",
      text: "x\u0000",
      by: "m",
    });
    let r = await post("/api/runs/import", `${exported}${late}\n`, true);
    record("imports", r.status === 400, `late NUL line → ${r.status}`);
    const huge = JSON.stringify({ ...JSON.parse(lines[0] as string), goal: "g".repeat(10_000_000) });
    r = await post("/api/runs/import", [huge, ...lines.slice(1)].join("\n"), true);
    record("imports", r.status === 400, `10M-character goal → ${r.status}`);
    record(
      "imports",
      (await json(await call(`${base}/api/runs?limit=500`))).runs.length === before,
      "nothing stored",
    );
    const first = await json(await post("/api/runs/import", exported, true));
    const again = await json(await post("/api/runs/import", exported, true));
    record(
      "imports",
      first.runId && again.runId === first.runId && again.duplicate === true,
      "duplicate detected",
    );
    record(
      "imports",
      !(await pending()).some((x) => x.runId === first.runId),
      "imported question not pending",
    );
    r = await post(
      `/api/questions/${encodeURIComponent(`${first.runId}~${(await pending()).find((x) => x.runId === waiting)?.id.split("~")[1]}`)}/answer`,
      { answer: "x", by: "p" },
    );
    record("imports", is4xx(r.status), `answer to an imported question → ${r.status}`);

    // 5. Atomic cancel: the question leaves the inbox, a late answer is refused.
    const [wq] = (await pending()).filter((x) => x.runId === waiting);
    r = await post(`/api/runs/${waiting}/cancel`, { by: "probe" });
    record("atomic", r.status === 200 && (await runStatus(waiting)) === "cancelled", `cancel → ${r.status}`);
    record(
      "atomic",
      !(await pending()).some((x) => x.runId === waiting),
      "cancelled run's question left the inbox",
    );
    r = await post(`/api/questions/${encodeURIComponent(wq?.id ?? "")}/answer`, { answer: "late", by: "p" });
    record("atomic", r.status === 409, `late answer → ${r.status}`);
    record("atomic", (await runStatus(waiting)) === "cancelled", "still cancelled");

    // 6. Uploads whose names have no letters keep their own ids.
    const form = new FormData();
    form.append("files", new File(["# One\n\nfirst"], "###.md"));
    form.append("files", new File(["# Two\n\nsecond"], "!!!.md"));
    const up = await json(await call(`${base}/api/documents`, { method: "POST", body: form }));
    const upIds = (up.results ?? []).map((x: { id?: string }) => x.id);
    record(
      "uploads",
      upIds.length === 2 && upIds[0] !== upIds[1] && upIds.every(Boolean),
      `ids ${upIds.join(", ")}`,
    );

    // 7. Health.
    const health = await call(`${base}/api/health`);
    record("health", health.status === 200, `health → ${health.status}`);
  } finally {
    server.kill("SIGTERM");
    const code = await new Promise<number | null>((resolve) => {
      server.once("exit", (c) => resolve(c));
      setTimeout(() => resolve(null), 10_000).unref();
    });
    record("shutdown", code !== null, `SIGTERM → exit ${code}`);
    if (code === null) server.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
  let attempts = 0;
  let passed = 0;
  for (const [category, t] of tally) {
    attempts += t.attempts;
    passed += t.passed;
    console.log(
      `${category.padEnd(9)} ${t.passed}/${t.attempts}${t.failures.length ? `  failed: ${t.failures.join("; ")}` : ""}`,
    );
  }
  console.log(
    `all       ${passed}/${attempts} on ${process.env.PROBE_DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
  );
}

await main();
