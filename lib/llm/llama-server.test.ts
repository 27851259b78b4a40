/**
 * The OpenAI adapter and whole runs against a REAL llama-server (llama.cpp) serving stories260K,
 * from ../shared beside the project. The model writes children's stories: these tests check
 * wiring, limits and failure handling, never the quality of an answer. Output is capped at a few
 * dozen tokens so the suite stays well under a minute on a busy machine (a grammar lets this model
 * write a string until the cap: a cut-off reply is a bounded, typed outcome here, not a failure).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createRun, drive } from "../agent/loop";
import { makeDeps, reportTask, workTask } from "../agent/testing/harness";
import { countRequests, runThrough } from "../bench/llm-server-runs";
import { distillByModel } from "../experience/distill-model";
import { type ChatMessage, type ChatModel, ContextExceededError, ModelError } from "./chat-model";
import { OpenAIChatModel, type OpenAIChatModelOptions } from "./openai-model";
import { agentRequests, send } from "./testing/agent-requests";
import { type LlamaServer, startLlamaServer } from "./testing/llama-server";

let server: LlamaServer;
beforeAll(async () => {
  server = await startLlamaServer();
}, 30_000);
afterAll(() => server?.stop());

const model = (options: Partial<OpenAIChatModelOptions> = {}) =>
  new OpenAIChatModel({
    baseURL: `${server.origin}/v1`,
    apiKey: "none",
    fastModel: "stories",
    strongModel: "stories",
    firstByteTimeoutMs: 10_000,
    timeoutMs: 20_000,
    maxOutputTokens: CAP,
    ...options,
  });
const CAP = 32;
const runEnv = {
  OPENAI_TIMEOUT_MS: "15000",
  OPENAI_FIRST_BYTE_TIMEOUT_MS: "10000",
  OPENAI_MAX_OUTPUT_TOKENS: String(CAP),
  OPENAI_MAX_RETRIES: "1",
};
/** Short prompts and a wall budget: bounded runs even when the machine is busy. */
const runConfig = { promptBudgetChars: 1_500, budgets: { wallMs: 25_000, iterations: 10 } };
const context = { purpose: "clarify" as const, goal: "g", answers: [] };

describe("llama-server: every request the agent makes", () => {
  it("is accepted: grammar-valid JSON back, usage counted", async () => {
    const { counts, restore } = countRequests();
    const outcomes: string[] = [];
    try {
      const m = model();
      for (const request of agentRequests()) {
        // A one-line prompt: this checks the schemas and tools on the wire, not the prompts.
        const r = await send(m, request, undefined, `Write the ${request.stage} as JSON.`).then(
          (ok) => {
            expect(ok.usage.promptTokens).toBeGreaterThan(0);
            expect(ok.usage.completionTokens).toBeGreaterThan(0);
            expect(ok.model).toBe("stories");
            return "ok";
          },
          // The grammar guarantees the JSON shape; bounds it cannot carry (numbers, minimums) are zod's.
          (e: ModelError) => e.code,
        );
        outcomes.push(`${request.stage}:${r}`);
      }
    } finally {
      restore();
    }
    for (const o of outcomes) expect(o).toMatch(/:(ok|schema_violation|truncated)$/);
    // The run-end lesson proposals too: llama.cpp's grammar converter takes their schema.
    expect(outcomes.find((o) => o.startsWith("distill:"))).toBeDefined();
    const rejected = Object.entries(counts).filter(([, c]) => c.rejected > 0 || c.failed > 0);
    expect(rejected).toEqual([]);
  }, 40_000);

  it("returns grammar-valid JSON that parses, with usage", async () => {
    // Room for the whitespace a grammar allows between tokens, which this model likes to write.
    const r = await model({ maxOutputTokens: 400 }).generateObject({
      tier: "fast",
      messages: [{ role: "user", content: "Is the sky blue?" }],
      context,
      schema: z.object({ accept: z.boolean(), mood: z.enum(["happy", "sad"]) }),
      schemaName: "verdict",
    });
    expect(typeof r.output.accept).toBe("boolean");
    expect(r.usage.completionTokens).toBeGreaterThan(3);
    expect(r.latencyMs).toBeGreaterThan(0);
  });
});

describe("llama-server: lessons at a run's end", () => {
  it("distills through the real server: a grammar-valid reply, every proposal checked against the run", async () => {
    const h = makeDeps({
      plan: [workTask("a"), reportTask(["a"])],
      behaviours: { a: { transient: 5 } },
    });
    await drive(
      await createRun(h.deps, { runId: "r", goal: "Research vendors", config: { toolRetries: 0 } }),
    );
    // Room for a few proposals; a reply cut off at the cap is a bounded, typed outcome.
    const outcome = await distillByModel(model({ maxOutputTokens: 240 }), h.events).then(
      (d) => d,
      (e: ModelError) => e.code,
    );
    if (typeof outcome === "string") expect(outcome).toMatch(/^(schema_violation|truncated)$/);
    else {
      expect(outcome.usage?.completionTokens).toBeGreaterThan(0);
      // This model writes stories: whatever it proposed, only what the events show is kept.
      const seqs = new Set(h.events.map((e) => e.seq));
      for (const l of outcome.lessons) for (const s of l.evidence.seqs) expect(seqs.has(s)).toBe(true);
      expect(outcome.lessons.length + outcome.rejected.length).toBeLessThanOrEqual(5);
    }
  }, 30_000);
});

describe("llama-server: bounded failures", () => {
  it("refuses a prompt longer than the context as a truncation, fast and unsent", async () => {
    const messages: ChatMessage[] = [{ role: "user", content: "Once upon a time ".repeat(2_000) }];
    const t = performance.now();
    const e = await model()
      .generateObject({ tier: "fast", messages, context, schema: agentSchema(), schemaName: "a" })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ContextExceededError);
    expect(performance.now() - t).toBeLessThan(3_000);
  });

  it("maps the server's own context overflow (context told wrong) to a typed truncation", async () => {
    const messages: ChatMessage[] = [{ role: "user", content: "Once upon a time ".repeat(1_500) }];
    const e = await model({ contextTokens: 100_000 })
      .generateObject({ tier: "fast", messages, context, schema: agentSchema(), schemaName: "a" })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ModelError);
    expect((e as ModelError).code).toBe("truncated");
  });

  it("ends a reply cut off by the output cap as truncated or a schema failure, never a hang", async () => {
    const e = await model({ maxOutputTokens: 4 })
      .generateObject({
        tier: "fast",
        messages: [{ role: "user", content: "Tell a story" }],
        context,
        schema: agentSchema(),
        schemaName: "a",
      })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ModelError);
    expect(["truncated", "invalid_json", "schema_violation"]).toContain((e as ModelError).code);
  });

  it("cancels a generation mid-way, and the server goes on answering", async () => {
    const abort = new AbortController();
    const m = model({ maxOutputTokens: 1_000, structuredOutputs: "json_object" });
    const t = performance.now();
    setTimeout(() => abort.abort(), 150);
    const e = await m
      .generateObject({
        tier: "fast",
        messages: [{ role: "user", content: "Tell a long story" }],
        context,
        schema: agentSchema(),
        schemaName: "a",
        signal: abort.signal,
      })
      .catch((x: unknown) => x);
    expect((e as ModelError).code).toBe("aborted");
    expect(performance.now() - t).toBeLessThan(1_500);
    const assess = agentRequests()[4] as Parameters<typeof send>[1];
    const after = await send(model(), assess, undefined, "Is it good?").catch((x: ModelError) => x);
    expect(after instanceof ModelError ? after.code : "ok").not.toMatch(/network|timeout|server_error/);
  }, 20_000);
});

describe("llama-server: whole runs", () => {
  it("ends bounded and explained", async () => {
    const { summary, events } = await runThrough(
      `${server.origin}/v1`,
      "Compare the battery life of two e-readers for a buyer.",
      runEnv,
      undefined,
      runConfig,
    );
    expect(["succeeded", "failed", "waiting"]).toContain(summary.status);
    expect(summary.wallMs).toBeLessThan(30_000);
    // Explained: a failed run names the model's failure; every failed call says what went wrong.
    if (summary.status === "failed") expect(summary.reason.length).toBeGreaterThan(10);
    const calls = events.flatMap((e) => (e.type === "model.called" ? [e] : []));
    expect(calls.length).toBeGreaterThan(0);
    for (const c of calls) {
      expect(c.model).toBe("stories");
      if (c.error) expect(c.error.message.length).toBeGreaterThan(10);
    }
  }, 40_000);

  it("survives the server being killed and restarted mid-run", async () => {
    let calls = 0;
    let restarted: Promise<void> | null = null;
    const wrap = (m: ChatModel): ChatModel => ({
      name: m.name,
      generateObject: async (r) => {
        if (++calls === 2) restarted ??= restart();
        return m.generateObject(r);
      },
      callTools: (r) => m.callTools(r),
      promptBudgetChars: (tier) => m.promptBudgetChars?.(tier) ?? Promise.resolve(null),
    });
    const { summary } = await runThrough(
      `${server.origin}/v1`,
      "Summarise what the library says about heat pumps for a homeowner.",
      runEnv,
      wrap,
      runConfig,
    );
    expect(restarted).not.toBeNull();
    await restarted;
    expect(["succeeded", "failed", "waiting"]).toContain(summary.status);
    expect(summary.wallMs).toBeLessThan(30_000);
    // The restarted server answers again.
    expect((await fetch(`${server.origin}/health`)).ok).toBe(true);
  }, 60_000);
});

describe("llama-server: a server stopping mid-reply", () => {
  it("fails the call within the first-byte timeout, not the whole budget", async () => {
    const own = await startLlamaServer();
    try {
      const m = new OpenAIChatModel({
        baseURL: `${own.origin}/v1`,
        apiKey: "none",
        fastModel: "stories",
        strongModel: "stories",
        firstByteTimeoutMs: 2_000,
        timeoutMs: 60_000,
        maxOutputTokens: 1_500,
        maxRetries: 0,
        structuredOutputs: "json_object",
      });
      const t = performance.now();
      setTimeout(() => void own.stop("SIGTERM"), 300);
      const e = await m
        .generateObject({
          tier: "fast",
          messages: [{ role: "user", content: "Tell a long story" }],
          context,
          schema: agentSchema(),
          schemaName: "a",
        })
        .catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ModelError);
      expect([
        "network",
        "timeout",
        "server_error",
        "truncated",
        "invalid_json",
        "schema_violation",
      ]).toContain((e as ModelError).code);
      expect(performance.now() - t).toBeLessThan(5_000);
    } finally {
      await own.stop();
    }
  }, 20_000);
});

async function restart() {
  const port = server.port;
  await server.stop("SIGKILL");
  server = await startLlamaServer({ port });
}

function agentSchema() {
  const first = agentRequests()[4];
  if (first?.kind !== "object") throw new Error("expected the assess request");
  return first.schema;
}
