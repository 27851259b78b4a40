/**
 * The faults found against a real llama-server (issue 10), each reproduced with the fake server's
 * precise errors: every test here failed on the adapter before the fix.
 */
import { getEventListeners } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { Clarification, TaskGraph } from "../planner/plan-schema";
import { type ChatMessage, ContextExceededError, ModelError } from "./chat-model";
import { OpenAIChatModel, type OpenAIChatModelOptions } from "./openai-model";
import {
  type FakeOpenAIServer,
  type FakeOpenAIServerOptions,
  startFakeOpenAIServer,
} from "./testing/fake-openai-server";
import { wireSchema } from "./wire-schema";

let server: FakeOpenAIServer;
afterEach(() => server?.close());

const start = async (options: FakeOpenAIServerOptions = {}) => {
  server = await startFakeOpenAIServer(options);
};
const model = (options: Partial<OpenAIChatModelOptions> = {}) =>
  new OpenAIChatModel({
    baseURL: server.url,
    apiKey: "sk-x",
    fastModel: "fast-model",
    strongModel: "strong-model",
    maxRetries: 0,
    timeoutMs: 5_000,
    ...options,
  });
const messages: ChatMessage[] = [
  { role: "system", content: "You plan." },
  { role: "user", content: "Plan a trip." },
];
const context = { purpose: "clarify" as const, goal: "g", answers: [] };
const Answer = z.object({ title: z.string() });
const ask = (m: OpenAIChatModel, signal?: AbortSignal, schema: z.ZodType = Answer) =>
  m.generateObject({ tier: "fast", messages, context, schema, schemaName: "answer", signal });
const tools = [
  {
    name: "web_search",
    description: "Search",
    parameters: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
  },
];
const callTools = (m: OpenAIChatModel) => m.callTools({ tier: "fast", messages, context, tools });
const failure = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(ModelError);
  return e as ModelError;
};
const good = JSON.stringify({ title: "Trip" });
const plan = JSON.stringify({ rationale: "r", tasks: [] });

describe("fault 1: schemas a grammar converter refuses", () => {
  it("sends the task graph with its length bounds under llama.cpp's repetition limit", async () => {
    await start({ grammarRepetitionLimit: 2000 });
    server.enqueue({ content: plan });
    const r = await model().generateObject({
      tier: "strong",
      messages,
      context,
      schema: TaskGraph,
      schemaName: "task_graph",
    });
    expect(r.output.tasks).toEqual([]);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.body.response_format.type).toBe("json_schema");
  });
});

describe("fault 2: falling back to JSON mode", () => {
  it("falls back on llama.cpp's 'failed to parse grammar', once per endpoint", async () => {
    await start();
    server.enqueue(
      { status: 400, error: { message: "Failed to initialize samplers: failed to parse grammar" } },
      { content: good },
      { content: good },
    );
    await ask(model());
    // A new model for the same endpoint (a new run) remembers the refusal.
    await ask(model());
    expect(server.requests.map((r) => r.body.response_format.type)).toEqual([
      "json_schema",
      "json_object",
      "json_object",
    ]);
  });

  it("never sends a request the server refused again", async () => {
    await start();
    server.enqueue({ status: 400, error: { message: "Unsupported value: 'temperature'" } });
    const m = model();
    await failure(ask(m));
    const again = await failure(ask(m));
    expect(again.message).toMatch(/not sent again/);
    expect(server.requests).toHaveLength(1);
  });
});

describe("fault 3: output cap and context overflow", () => {
  it("caps the output of every request, within what the server's context leaves", async () => {
    await start({ contextTokens: 600 });
    server.enqueue({ content: good }, { toolCalls: [{ name: "web_search", arguments: '{"query":"q"}' }] });
    await ask(model({ maxOutputTokens: 5_000 }));
    await callTools(model());
    const caps = server.requests.map((r) => r.body.max_tokens);
    expect(caps[0]).toBeGreaterThan(0);
    expect(caps[0]).toBeLessThan(600);
    expect(caps[1]).toBeGreaterThan(0);
  });

  it("maps llama.cpp's 500 'Context size has been exceeded' to a truncation, not retried", async () => {
    await start();
    server.enqueue({ status: 500, error: { message: "Context size has been exceeded." } }, { content: good });
    const e = await failure(ask(model({ maxRetries: 2 })));
    expect(e).toBeInstanceOf(ContextExceededError);
    expect(e).toMatchObject({ code: "truncated", retryable: false });
    expect(server.requests).toHaveLength(1);
  });

  it("does not send a prompt that cannot fit the context", async () => {
    await start({ contextTokens: 300 });
    const long: ChatMessage[] = [{ role: "user", content: "word ".repeat(1_000) }];
    const e = await failure(
      model().generateObject({ tier: "fast", messages: long, context, schema: Answer, schemaName: "a" }),
    );
    expect(e).toBeInstanceOf(ContextExceededError);
    expect(server.requests).toHaveLength(0);
  });

  it("accepts a complete JSON reply that a grammar padded up to the cap", async () => {
    await start();
    server.enqueue({ content: `${good}\n\n\n`, finishReason: "length" });
    expect((await ask(model())).output).toEqual({ title: "Trip" });
  });
});

describe("fault 4: servers that ignore tool_choice", () => {
  it("reads a call written as JSON text", async () => {
    await start();
    server.enqueue({ content: '{"name":"web_search","arguments":{"query":"trains"}}' });
    const r = await callTools(model());
    expect(r.calls).toEqual([{ name: "web_search", arguments: { query: "trains" } }]);
  });

  it("asks for the call through a JSON schema after a text reply, and remembers that", async () => {
    await start();
    const call = { content: '{"name":"web_search","arguments":{"query":"x"}}' };
    server.enqueue({ content: "Once upon a time" }, call, call);
    const r = await callTools(model());
    expect(r.calls).toEqual([{ name: "web_search", arguments: { query: "x" } }]);
    await callTools(model());
    const sent = server.requests.map((q) => (q.body.tools ? "tools" : q.body.response_format?.type));
    expect(sent).toEqual(["tools", "json_schema", "json_schema"]);
    expect(server.requests[1]?.body.response_format.json_schema.schema.properties.name.enum).toEqual([
      "web_search",
    ]);
  });
});

describe("fault 7: abort signals", () => {
  it("adds no listener to the run's signal per call", async () => {
    await start();
    const run = new AbortController();
    for (let i = 0; i < 12; i++) server.enqueue({ content: good });
    const m = model();
    for (let i = 0; i < 12; i++) await ask(m, run.signal);
    expect(getEventListeners(run.signal, "abort")).toHaveLength(0);
  });

  it("aborts a call in flight when the run is cancelled", async () => {
    await start();
    server.enqueue({ content: good, delayMs: 3_000 });
    const run = new AbortController();
    setTimeout(() => run.abort(), 50);
    const t = performance.now();
    expect((await failure(ask(model(), run.signal))).code).toBe("aborted");
    expect(performance.now() - t).toBeLessThan(1_000);
  });
});

describe("fault 8: hung servers, model names, the clarify schema", () => {
  it("fails a server that never answers after the first-byte timeout, without retrying it", async () => {
    await start();
    server.enqueue({ content: good, delayMs: 4_000 });
    const t = performance.now();
    const e = await failure(ask(model({ firstByteTimeoutMs: 200, maxRetries: 2 })));
    expect(e.code).toBe("timeout");
    expect(performance.now() - t).toBeLessThan(1_000);
    expect(server.requests).toHaveLength(1);
  });

  it("fails a reply that stops mid-stream after the heartbeat timeout, not the total one", async () => {
    await start();
    server.enqueue({ content: good, stallAfterChunks: 2 });
    const t = performance.now();
    const e = await failure(ask(model({ firstByteTimeoutMs: 200, timeoutMs: 4_000 })));
    expect(e.message).toMatch(/sent nothing for 200 ms/);
    expect(performance.now() - t).toBeLessThan(1_000);
  });

  it("names the model on a failure as it would on a success", async () => {
    await start();
    server.enqueue({ content: "not json" }, { content: "still not" });
    const e = await failure(ask(model()));
    expect(e.options.model).toBe("fast-model");
    // The tokens the unusable replies spent are still counted.
    expect(e.options.usage?.totalTokens).toBeGreaterThan(0);
  });

  it("forces exactly one of spec and question in the clarification", () => {
    expect(Clarification.safeParse({ spec: null, question: null, reason: "" }).success).toBe(false);
    const wire = wireSchema(Clarification) as { anyOf: { properties: Record<string, unknown> }[] };
    expect(wire.anyOf).toHaveLength(2);
    expect(wire.anyOf.map((b) => b.properties.spec)).toContainEqual({ type: "null" });
  });
});
