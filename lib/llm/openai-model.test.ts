import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { ChatMessage, ModelTier } from "./chat-model";
import { ModelError } from "./chat-model";
import { OpenAIChatModel, type OpenAIChatModelOptions, openAIModelFromEnv } from "./openai-model";
import {
  type FakeOpenAIServer,
  type FakeOpenAIServerOptions,
  startFakeOpenAIServer,
} from "./testing/fake-openai-server";

const Answer = z.object({ title: z.string(), steps: z.array(z.string()).min(1) });
const apiKey = "sk-test-secret-key-1234";
const messages: ChatMessage[] = [
  { role: "system", content: "You plan." },
  { role: "user", content: "Plan a trip." },
];

let server: FakeOpenAIServer;

async function start(options: FakeOpenAIServerOptions = {}) {
  await server?.close();
  server = await startFakeOpenAIServer(options);
}

beforeEach(() => start());
afterEach(() => server.close());

function model(options: Partial<OpenAIChatModelOptions> = {}) {
  return new OpenAIChatModel({
    baseURL: server.url,
    apiKey,
    fastModel: "fast-model",
    strongModel: "strong-model",
    maxRetries: 0,
    timeoutMs: 2_000,
    ...options,
  });
}

const objectRequest = (tier: ModelTier = "strong", signal?: AbortSignal) => ({
  tier,
  messages,
  context: { purpose: "clarify" as const, goal: "Plan a trip.", answers: [] },
  schema: Answer,
  schemaName: "answer",
  signal,
});

const toolRequest = () => ({
  tier: "fast" as const,
  messages,
  context: { purpose: "clarify" as const, goal: "Plan a trip.", answers: [] },
  tools: [
    {
      name: "web_search",
      description: "Search the web",
      parameters: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
    },
  ],
});

const good = JSON.stringify({ title: "Trip", steps: ["book"] });

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

describe("OpenAIChatModel.generateObject", () => {
  it("sends the zod schema as json_schema to the model of the tier", async () => {
    server.enqueue({ content: good }, { content: good });
    const chat = model();
    const strong = await chat.generateObject(objectRequest("strong"));
    await chat.generateObject(objectRequest("fast"));

    expect(chat.name).toBe("openai:strong-model");
    expect(strong.output).toEqual({ title: "Trip", steps: ["book"] });
    expect(strong).toMatchObject({ model: "strong-model", repaired: false, raw: good });
    const [first, second] = server.requests;
    expect(first?.body.model).toBe("strong-model");
    expect(second?.body.model).toBe("fast-model");
    expect(first?.body.messages).toEqual(messages);
    const format = first?.body.response_format;
    expect(format).toMatchObject({ type: "json_schema", json_schema: { name: "answer", strict: false } });
    expect(format.json_schema.schema.$schema).toBeUndefined();
    expect(format.json_schema.schema.required).toEqual(["title", "steps"]);
    expect(first?.headers.authorization).toBe(`Bearer ${apiKey}`);
  });

  it("accepts JSON inside a ```json fence", async () => {
    server.enqueue({ content: `Here it is:\n\`\`\`json\n${good}\n\`\`\`` });
    const result = await model().generateObject(objectRequest());
    expect(result).toMatchObject({ output: { title: "Trip" }, repaired: false, repairRounds: 0 });
  });

  it("caps the raw reply kept for the debugger", async () => {
    const long = JSON.stringify({ title: "x".repeat(5_000), steps: ["book"] });
    server.enqueue({ content: long });
    const result = await model().generateObject(objectRequest());
    expect(result.output.title).toHaveLength(5_000);
    expect(result.raw).toBe(long.slice(0, 4_000));
  });

  it("retries a 429 after its Retry-After", async () => {
    server.enqueue({ status: 429, headers: { "retry-after": "0" } }, { content: good });
    const result = await model({ maxRetries: 2 }).generateObject(objectRequest());
    expect(result.output.title).toBe("Trip");
    expect(server.requests).toHaveLength(2);
  });

  it("gives up on a 500 once the retries are spent", async () => {
    const busy = { status: 500, headers: { "retry-after-ms": "0" } };
    server.enqueue(busy, busy, busy, { content: good });
    const error = await failure(model({ maxRetries: 2 }).generateObject(objectRequest()));
    expect(error).toMatchObject({ code: "server_error", retryable: true, options: { status: 500 } });
    expect(server.requests).toHaveLength(3);
  });

  it("repairs a reply that is not JSON", async () => {
    server.enqueue(
      { content: "Sure! The title is Trip.", usage: { prompt_tokens: 100, completion_tokens: 10 } },
      { content: good, usage: { prompt_tokens: 150, completion_tokens: 20 } },
    );
    const result = await model().generateObject(objectRequest());
    expect(result).toMatchObject({ output: { title: "Trip" }, repaired: true, repairRounds: 1 });
    expect(result.usage).toMatchObject({ promptTokens: 250, completionTokens: 30, totalTokens: 280 });
    const repair = server.requests[1]?.body.messages as ChatMessage[];
    expect(repair.slice(0, 2)).toEqual(messages);
    expect(repair[2]).toEqual({ role: "assistant", content: "Sure! The title is Trip." });
    expect(repair[3]?.role).toBe("user");
    expect(repair[3]?.content).toMatch(/not valid JSON/);
  });

  it("fails with invalid_json when the repair is not JSON either", async () => {
    server.enqueue({ content: "no json" }, { content: "still no json" });
    const error = await failure(model().generateObject(objectRequest()));
    expect(error).toMatchObject({
      code: "invalid_json",
      retryable: false,
      options: { raw: "still no json" },
    });
    expect(server.requests).toHaveLength(2);
  });

  it("lists the schema issues in the repair message", async () => {
    server.enqueue({ content: JSON.stringify({ title: 7, steps: [] }) }, { content: good });
    const result = await model().generateObject(objectRequest());
    expect(result.repaired).toBe(true);
    const feedback = server.requests[1]?.body.messages.at(-1).content as string;
    expect(feedback).toMatch(/^- title: .*expected string/m);
    expect(feedback).toMatch(/^- steps: /m);
  });

  it("fails with schema_violation when the repair still violates the schema", async () => {
    const wrong = JSON.stringify({ title: "Trip", steps: [] });
    server.enqueue({ content: wrong }, { content: wrong });
    const error = await failure(model().generateObject(objectRequest()));
    expect(error).toMatchObject({ code: "schema_violation", options: { raw: wrong } });
  });

  it("reports a reply cut off at the token limit as truncated, without repair", async () => {
    server.enqueue({ content: '{"title": "Tr', finishReason: "length" });
    const error = await failure(model().generateObject(objectRequest()));
    expect(error).toMatchObject({ code: "truncated", options: { raw: '{"title": "Tr' } });
    expect(server.requests).toHaveLength(1);
  });

  it("falls back to json_object when json_schema is rejected, and remembers it", async () => {
    await start({ rejectJsonSchema: true });
    server.enqueue({ content: good }, { content: good });
    const chat = model();
    await chat.generateObject(objectRequest());
    const second = await chat.generateObject(objectRequest());

    expect(second.output.title).toBe("Trip");
    const formats = server.requests.map((request) => request.body.response_format.type);
    expect(formats).toEqual(["json_schema", "json_object", "json_object"]);
    const system = server.requests[1]?.body.messages[0];
    expect(system.role).toBe("system");
    expect(system.content).toMatch(/^You plan\.\n\nReply with one JSON object/);
    expect(system.content).toContain('"steps"');
  });

  it("does not fall back when json_schema is demanded", async () => {
    await start({ rejectJsonSchema: true });
    const error = await failure(model({ structuredOutputs: "json_schema" }).generateObject(objectRequest()));
    expect(error).toMatchObject({ code: "bad_request", options: { status: 400 } });
    expect(server.requests).toHaveLength(1);
  });

  it("computes usage and cost from prices, and latency from the clock", async () => {
    const ticks = [1_000, 1_250];
    server.enqueue({ content: good, usage: { prompt_tokens: 1_000, completion_tokens: 500 } });
    const chat = model({ prices: { inputPerMTok: 2, outputPerMTok: 8 }, now: () => ticks.shift() ?? 0 });
    const result = await chat.generateObject(objectRequest());
    expect(result.usage).toMatchObject({ promptTokens: 1_000, completionTokens: 500, totalTokens: 1_500 });
    expect(result.usage.costUsd).toBeCloseTo(0.006, 10);
    expect(result.latencyMs).toBe(250);
  });

  it("estimates usage when the server reports none", async () => {
    server.enqueue({ content: good, usage: null });
    const result = await model().generateObject(objectRequest());
    expect(result.usage.completionTokens).toBe(Math.ceil(good.length / 4));
    expect(result.usage.promptTokens).toBeGreaterThan(0);
    expect(result.usage.costUsd).toBe(0);
  });

  it("times out when the server is slower than timeoutMs", async () => {
    server.enqueue({ content: good, delayMs: 1_000 });
    const error = await failure(model({ timeoutMs: 100 }).generateObject(objectRequest()));
    expect(error).toMatchObject({ code: "timeout", retryable: true });
  });

  it("reports an abort through the signal as aborted", async () => {
    server.enqueue({ content: good, delayMs: 1_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(model().generateObject(objectRequest("strong", controller.signal)));
    expect(error.code).toBe("aborted");
  });

  it("never puts the API key into an error message", async () => {
    server.enqueue({ status: 401, error: { message: `Incorrect API key provided: ${apiKey}.` } });
    const error = await failure(model().generateObject(objectRequest()));
    expect(error).toMatchObject({ code: "bad_request", retryable: false, options: { status: 401 } });
    expect(error.message).toContain("Incorrect API key provided");
    expect(error.message).not.toContain(apiKey);
  });

  it("maps a refused connection to a retryable network error", async () => {
    const url = server.url;
    await server.close();
    const error = await failure(model({ baseURL: url }).generateObject(objectRequest()));
    expect(error).toMatchObject({ code: "network", retryable: true });
    await start();
  });
});

describe("OpenAIChatModel.callTools", () => {
  it("sends function tools with tool_choice required and parses the calls", async () => {
    server.enqueue({ toolCalls: [{ name: "web_search", arguments: '{"query":"trains"}' }] });
    const result = await model().callTools(toolRequest());

    expect(result).toMatchObject({ model: "fast-model", repaired: false });
    expect(result.calls).toEqual([{ name: "web_search", arguments: { query: "trains" } }]);
    const body = server.requests[0]?.body;
    expect(body.tool_choice).toBe("required");
    expect(body.tools).toEqual([
      {
        type: "function",
        function: {
          name: "web_search",
          description: "Search the web",
          parameters: {
            type: "object",
            properties: { query: { type: "string" } },
            required: ["query"],
            additionalProperties: false,
          },
        },
      },
    ]);
  });

  it("asks for the call as JSON when the model only talks, then fails with no_tool_call", async () => {
    server.enqueue({ content: "I would search for trains." }, { content: "Still talking." });
    const error = await failure(model().callTools(toolRequest()));
    expect(error).toMatchObject({
      code: "no_tool_call",
      options: { raw: "Still talking.", model: "fast-model" },
    });
    expect(server.requests[1]?.body.response_format.type).toBe("json_schema");
  });

  it("repairs arguments that are not JSON, once", async () => {
    server.enqueue(
      { toolCalls: [{ name: "web_search", arguments: "{query: trains}" }] },
      { toolCalls: [{ name: "web_search", arguments: '{"query":"trains"}' }] },
    );
    const result = await model().callTools(toolRequest());
    expect(result).toMatchObject({ repaired: true, calls: [{ arguments: { query: "trains" } }] });
    expect(server.requests[1]?.body.messages.at(-1).content).toMatch(/^- web_search: /m);

    server.enqueue(
      { toolCalls: [{ name: "web_search", arguments: "{" }] },
      { toolCalls: [{ name: "web_search", arguments: "{" }] },
    );
    const error = await failure(model().callTools(toolRequest()));
    expect(error.code).toBe("invalid_json");
  });

  it("falls back to tool_choice auto when required is rejected, and remembers it", async () => {
    await start({ rejectRequiredToolChoice: true });
    const call = { toolCalls: [{ name: "web_search", arguments: '{"query":"x"}' }] };
    server.enqueue(call, call);
    const chat = model();
    await chat.callTools(toolRequest());
    await chat.callTools(toolRequest());
    expect(server.requests.map((request) => request.body.tool_choice)).toEqual(["required", "auto", "auto"]);
  });
});

describe("openAIModelFromEnv", () => {
  it("reads models, defaulting both tiers to OPENAI_MODEL", () => {
    const chat = openAIModelFromEnv({ OPENAI_API_KEY: "k", OPENAI_MODEL: "m", OPENAI_MODEL_STRONG: "big" });
    expect(chat.name).toBe("openai:big");
    expect(openAIModelFromEnv({ OPENAI_API_KEY: "k" }).name).toBe("openai:gpt-4o-mini");
  });

  it("rejects bad settings with a message naming the variable", () => {
    expect(() => openAIModelFromEnv({ OPENAI_API_KEY: "k", OPENAI_TIMEOUT_MS: "soon" })).toThrow(
      /OPENAI_TIMEOUT_MS/,
    );
    expect(() => openAIModelFromEnv({ OPENAI_BASE_URL: "not a url" })).toThrow(/OPENAI_BASE_URL/);
    expect(() => openAIModelFromEnv({})).toThrow(/OPENAI_API_KEY is required/);
  });

  it("uses the variables against a real endpoint", async () => {
    server.enqueue({ content: good, usage: { prompt_tokens: 1_000_000, completion_tokens: 0 } });
    const chat = openAIModelFromEnv({
      OPENAI_BASE_URL: server.url,
      OPENAI_MODEL_FAST: "small",
      OPENAI_PRICE_INPUT_PER_MTOK: "0.15",
      OPENAI_TIMEOUT_MS: "",
    });
    const result = await chat.generateObject(objectRequest("fast"));
    expect(server.requests[0]?.body.model).toBe("small");
    expect(result.usage.costUsd).toBeCloseTo(0.15, 10);
  });
});
