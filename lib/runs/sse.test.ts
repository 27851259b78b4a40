import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/db/client";
import type { RunEvent } from "../agent/events";
import { BuiltinModel } from "../llm/builtin/builtin-model";
import type { RunService } from "./service/run-service";
import { startRun } from "./service/start-run";
import { openStreams, sseResponse } from "./sse-response";
import { testService } from "./testing/service-harness";
import { storeLongRun } from "./testing/stored-long-run";

let handle: DbHandle;
let service: RunService;
let server: Server;
let base: string;

beforeAll(async () => {
  handle = await createDb();
  ({ service } = await testService(handle.db, { model: () => new BuiltinModel({ latencyMs: 15 }) }));
  // The route's handler behind a real HTTP server: what a browser's EventSource talks to.
  server = createServer(async (req, res) => {
    const abort = new AbortController();
    res.on("close", () => abort.abort());
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const runId = url.pathname.split("/")[3] ?? "";
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const response = await sseResponse(service, runId, new Request(url, { headers, signal: abort.signal }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) {
      // As a real server does, a client that leaves cancels the body: the handler's stream is told
      // directly, not only through the request's signal (which undici may let go of).
      const body = Readable.fromWeb(response.body as never);
      res.on("close", () => body.destroy());
      body.pipe(res);
    } else res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await service.idle();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await handle.close();
});

interface Frame {
  id?: string;
  event?: string;
  data?: string;
}

/** Read SSE frames until `stop` says so; returns them and whether the stream ended by itself. */
async function read(url: string, headers: Record<string, string>, stop: (f: Frame[]) => boolean) {
  const abort = new AbortController();
  const res = await fetch(url, { headers, signal: abort.signal });
  const frames: Frame[] = [];
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let ended = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    buffer += decoder.decode(value, { stream: true });
    let cut = buffer.indexOf("\n\n");
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const f: Frame = {};
      for (const line of block.split("\n")) {
        const [k, ...v] = line.split(": ");
        if (k === "id" || k === "event" || k === "data") f[k] = v.join(": ");
      }
      if (f.event) frames.push(f);
      cut = buffer.indexOf("\n\n");
    }
    if (stop(frames)) {
      abort.abort();
      break;
    }
  }
  return { frames, status: res.status, headers: res.headers, ended };
}

describe("the events stream over real HTTP", () => {
  it("resumes after a dropped connection with Last-Event-ID: no gap, no duplicate, then end", async () => {
    const { runId } = await startRun(service, { goal: "Project X pricing across vendors" });
    const url = `${base}/api/runs/${runId}/events`;
    const first = await read(url, {}, (f) => f.length >= 12);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/text\/event-stream/);
    expect(first.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(first.ended).toBe(false);
    const lastId = first.frames.at(-1)?.id as string;
    const second = await read(url, { "Last-Event-ID": lastId }, () => false);
    expect(second.ended).toBe(true);
    const events = [...first.frames, ...second.frames]
      .filter((f) => f.event === "run-event")
      .map((f) => JSON.parse(f.data as string) as RunEvent);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
    expect(events.map((e) => String(e.seq))).toEqual(
      [...first.frames, ...second.frames].filter((f) => f.id).map((f) => f.id),
    );
    expect(second.frames.at(-1)).toMatchObject({ event: "end" });
    expect(JSON.parse(second.frames.at(-1)?.data as string)).toEqual({ status: "succeeded" });
    expect(events.at(-1)?.type).toBe("run.finished");
  }, 60_000);

  it("streams a history longer than one page of the store whole and in order, from any cursor", async () => {
    const stored = await storeLongRun(service.store, "run_paged_history", 30);
    expect(stored.length).toBeGreaterThan(1_000);
    for (const after of [-1, 499, 700]) {
      const { frames, ended } = await read(
        `${base}/api/runs/run_paged_history/events?after=${after}`,
        {},
        () => false,
      );
      expect(ended).toBe(true);
      const seqs = frames.filter((f) => f.event === "run-event").map((f) => Number(f.id));
      expect(seqs, `after ${after}`).toEqual(stored.slice(after + 1).map((e) => e.seq));
      expect(frames.at(-1)).toMatchObject({ event: "end" });
    }
  }, 60_000);

  it("answers 404 for an unknown run and 400 for a malformed cursor", async () => {
    const missing = await fetch(`${base}/api/runs/run_nope/events`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ ok: false, code: "run_not_found" });
    const { runId } = await startRun(service, { goal: "help me" });
    const bad = await fetch(`${base}/api/runs/${runId}/events?after=abc`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, code: "invalid_input" });
  });

  it("caps live streams per process (429 past the cap) and frees a slot when a client leaves", async () => {
    process.env.PREFRONTAL_MAX_STREAMS = "3";
    try {
      const { runId } = await startRun(service, { goal: "help me" });
      await service.idle();
      const url = `${base}/api/runs/${runId}/events`;
      const held = await Promise.all(
        [0, 1, 2].map(async () => {
          const abort = new AbortController();
          const res = await fetch(url, { signal: abort.signal });
          expect(res.status).toBe(200);
          return abort;
        }),
      );
      expect(openStreams()).toBe(3);
      const refused = await fetch(url);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ ok: false, code: "busy" });
      held[0]?.abort();
      const deadline = Date.now() + 5_000;
      while (openStreams() > 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const again = new AbortController();
      expect((await fetch(url, { signal: again.signal })).status).toBe(200);
      for (const a of [...held, again]) a.abort();
    } finally {
      delete process.env.PREFRONTAL_MAX_STREAMS;
    }
  });

  it("answers 400 for a malformed run id", async () => {
    for (const id of ["%00", "run%20x", "%E0%A4%A"]) {
      const res = await fetch(`${base}/api/runs/${id}/events`);
      expect(res.status, id).toBe(400);
    }
  });
});
