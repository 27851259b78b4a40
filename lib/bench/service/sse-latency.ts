/** bench:service section 2 — SSE latency, from append to client receipt. */
import { rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Readable } from "node:stream";
import type { Db } from "@/db/client";
import { BuiltinModel } from "../../llm/builtin/builtin-model";
import type { RunService } from "../../runs/service/run-service";
import { startRun } from "../../runs/service/start-run";
import { testService } from "../../runs/testing/service-harness";
import { allowServerOnly } from "../server-only-hook";
import { GOALS, median, ms, pct, SSE_LATENCY_MS, SSE_RUNS } from "./shared";

allowServerOnly();
const { sseResponse } = await import("../../runs/sse-response");

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

export async function sseLatency(db: Db, label: string) {
  const { service } = await testService(db, {
    model: () => new BuiltinModel({ latencyMs: SSE_LATENCY_MS }),
  });
  // When each append finished, by run and seq: the bus publishes right after this.
  const appendedAt = new Map<string, number>();
  const store = service.store;
  const appendBatch = store.appendBatch.bind(store);
  store.appendBatch = async (entries) => {
    await appendBatch(entries);
    const at = performance.now();
    for (const { event } of entries) appendedAt.set(`${event.runId}:${event.seq}`, at);
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
