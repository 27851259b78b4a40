/**
 * bench:llm — the OpenAI adapter against a real llama-server (../shared, stories260K):
 *  1. requests per run stage, accepted / rejected by the server, over whole runs;
 *  2. time to fail on a hung server (accepts connections, never answers);
 *  3. adapter overhead per call vs a raw fetch of the same request (median of 100).
 * `--part stages|hung|overhead` runs one part.
 */
import { createServer, type Socket } from "node:net";
import { parseArgs } from "node:util";
import { z } from "zod";
import { OpenAIChatModel } from "../llm/openai-model";
import { agentRequests, send } from "../llm/testing/agent-requests";
import { startFakeOpenAIServer } from "../llm/testing/fake-openai-server";
import { startLlamaServer } from "../llm/testing/llama-server";
import { countRequests, runThrough, type StageCounts, stages, tagged } from "./llm-server-runs";

const goals = [
  "Compare the battery life of two e-readers for a buyer, as a short memo.",
  "Summarise what the library says about heat pumps for a homeowner.",
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

function printCounts(title: string, counts: StageCounts) {
  console.log(`\n${title}\nstage     accepted  rejected  failed`);
  for (const s of stages) {
    const c = counts[s];
    console.log(
      `${s.padEnd(9)} ${String(c.accepted).padStart(8)}  ${String(c.rejected).padStart(8)}  ${String(c.failed).padStart(6)}`,
    );
  }
}

/** Each kind of request the agent makes, with its real prompt, `rounds` times: HTTP outcomes per stage. */
async function probePart(rounds: number) {
  const server = await startLlamaServer();
  const { counts, restore } = countRequests();
  const outcomes: Record<string, string[]> = {};
  try {
    // biome-ignore lint/suspicious/noExplicitAny: the option set differs between versions of the adapter
    const opts: any = {
      baseURL: `${server.origin}/v1`,
      apiKey: "x",
      fastModel: "stories",
      strongModel: "stories",
      timeoutMs: 20_000,
      maxRetries: 2,
      maxOutputTokens: 256,
    };
    for (let round = 0; round < rounds; round++) {
      const model = tagged(new OpenAIChatModel(opts));
      for (const r of agentRequests()) {
        const outcome = await send(model, r).then(
          () => "ok",
          (e: { code?: string }) => e.code ?? "error",
        );
        outcomes[r.stage] = [...(outcomes[r.stage] ?? []), outcome];
      }
    }
  } finally {
    restore();
    await server.stop();
  }
  printCounts(`probe: each request kind x${rounds}, real prompts (HTTP requests)`, counts);
  console.log("\nadapter outcome per stage:");
  for (const [stage, list] of Object.entries(outcomes)) console.log(`${stage.padEnd(9)} ${list.join(", ")}`);
}

async function stagesPart() {
  const server = await startLlamaServer();
  const { counts, restore } = countRequests();
  try {
    for (const goal of goals) {
      const { summary } = await runThrough(`${server.origin}/v1`, goal, {
        OPENAI_TIMEOUT_MS: "20000",
        OPENAI_MAX_OUTPUT_TOKENS: "256",
      });
      console.log(
        `run: ${summary.status} in ${(summary.wallMs / 1000).toFixed(1)} s, ${summary.modelCalls} model calls — ${summary.reason.slice(0, 200)}`,
      );
    }
  } finally {
    restore();
    await server.stop();
  }
  printCounts("whole runs (HTTP requests)", counts);
}

/** A server that accepts every connection and never answers. */
async function hungServer() {
  const sockets = new Set<Socket>();
  const srv = createServer((s) => {
    sockets.add(s);
    s.on("error", () => {});
  });
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const address = srv.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => srv.close(() => r()));
    },
  };
}

const Schema = z.object({ title: z.string() });
const request = (signal?: AbortSignal) => ({
  tier: "fast" as const,
  messages: [{ role: "user" as const, content: "Once upon a time" }],
  context: { purpose: "clarify" as const, goal: "x", answers: [] },
  schema: Schema,
  schemaName: "story",
  signal,
});

async function hungPart(timeoutMs: number) {
  const hung = await hungServer();
  try {
    // biome-ignore lint/suspicious/noExplicitAny: the option set differs between versions of the adapter
    const opts: any = {
      baseURL: hung.url,
      apiKey: "x",
      fastModel: "stories",
      strongModel: "stories",
      timeoutMs,
      firstByteTimeoutMs: timeoutMs,
    };
    const model = new OpenAIChatModel(opts);
    const t = performance.now();
    const error = await model.generateObject(request()).then(
      () => "answered?!",
      (e: Error) => e.message,
    );
    const ms = performance.now() - t;
    console.log(
      `hung server: failed after ${(ms / 1000).toFixed(2)} s with configured timeout ${timeoutMs} ms — ${error}`,
    );
  } finally {
    await hung.close();
  }
}

/**
 * The adapter's own cost: the same request through the adapter and as a raw fetch, against an
 * in-process server that answers at once (so inference time, which varies, is not in it).
 */
async function overheadPart(n: number) {
  const server = await startFakeOpenAIServer();
  try {
    const model = new OpenAIChatModel({
      baseURL: server.url,
      apiKey: "x",
      fastModel: "stories",
      strongModel: "stories",
    });
    const { $schema: _d, ...schema } = z.toJSONSchema(Schema, { io: "input" });
    const body = JSON.stringify({
      model: "stories",
      messages: request().messages,
      response_format: { type: "json_schema", json_schema: { name: "story", schema, strict: false } },
      max_tokens: 32,
    });
    const reply = { content: JSON.stringify({ title: "Once upon a time" }) };
    const raw: number[] = [];
    const adapter: number[] = [];
    for (let i = 0; i < n + 5; i++) {
      server.enqueue(reply, reply);
      let t = performance.now();
      const res = await fetch(`${server.url}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      await res.json();
      const rawMs = performance.now() - t;
      t = performance.now();
      await model.generateObject(request());
      // The first 5 warm up (module loading, connection, context probe).
      if (i >= 5) {
        raw.push(rawMs);
        adapter.push(performance.now() - t);
      }
    }
    const a = median(adapter);
    const r = median(raw);
    console.log(
      `overhead: adapter median ${a.toFixed(2)} ms, raw fetch median ${r.toFixed(2)} ms, difference ${(a - r).toFixed(2)} ms (n=${n})`,
    );
  } finally {
    await server.close();
  }
}

const { values } = parseArgs({
  options: {
    part: { type: "string" },
    timeout: { type: "string", default: "2000" },
    n: { type: "string", default: "100" },
    rounds: { type: "string", default: "3" },
  },
});
const parts = values.part ? [values.part] : ["probe", "stages", "hung", "overhead"];
for (const part of parts) {
  if (part === "probe") await probePart(Number(values.rounds));
  else if (part === "stages") await stagesPart();
  else if (part === "hung") await hungPart(Number(values.timeout));
  else if (part === "overhead") await overheadPart(Number(values.n));
  else throw new Error(`Unknown part ${part}`);
}
process.exit(0);
