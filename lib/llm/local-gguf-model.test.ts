/**
 * The in-process GGUF model (node-llama-cpp 3.21.1, prebuilt CPU binary from npm) on the shared
 * stories260K file. The model writes children's stories: wiring and bounds only, never quality.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ContextExceededError, type ModelError } from "./chat-model";
import { LocalGgufModel } from "./local-gguf-model";
import { agentRequests, send } from "./testing/agent-requests";
import { verifiedStoriesModel } from "./testing/llama-server";

const model = new LocalGgufModel({ modelPath: verifiedStoriesModel(), maxOutputTokens: 48, threads: 1 });
const context = { purpose: "clarify" as const, goal: "g", answers: [] };

describe("local GGUF model (node-llama-cpp)", () => {
  it("returns grammar-constrained JSON with tokens and latency recorded", async () => {
    const r = await model.generateObject({
      tier: "fast",
      messages: [{ role: "user", content: "Is the sky blue?" }],
      context,
      schema: z.object({ accept: z.boolean(), mood: z.enum(["happy", "sad"]) }),
      schemaName: "verdict",
    });
    expect(typeof r.output.accept).toBe("boolean");
    expect(r.usage.promptTokens).toBeGreaterThan(3);
    expect(r.usage.completionTokens).toBeGreaterThan(3);
    expect(r.latencyMs).toBeGreaterThan(0);
    expect(r.model).toBe("local:stories260K.gguf");
  }, 30_000);

  it("takes every request the agent makes: a result or a typed, bounded failure", async () => {
    for (const request of agentRequests()) {
      const outcome = await send(model, request, undefined, `Write the ${request.stage} as JSON.`).then(
        (r) => {
          expect(r.usage.totalTokens).toBeGreaterThan(0);
          return "ok";
        },
        (e: ModelError) => e.code,
      );
      expect(`${request.stage}:${outcome}`).toMatch(/:(ok|schema_violation|truncated|no_tool_call)$/);
    }
  }, 30_000);

  it("refuses a prompt longer than its context as a truncation", async () => {
    const e = await model
      .generateObject({
        tier: "fast",
        messages: [{ role: "user", content: "Once upon a time ".repeat(2_000) }],
        context,
        schema: z.object({ a: z.string() }),
        schemaName: "a",
      })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ContextExceededError);
  });

  it("stops when the run is cancelled", async () => {
    const abort = new AbortController();
    abort.abort();
    const e = await model
      .generateObject({
        tier: "fast",
        messages: [{ role: "user", content: "Hi" }],
        context,
        schema: z.object({ a: z.string() }),
        schemaName: "a",
        signal: abort.signal,
      })
      .catch((x: unknown) => x);
    expect((e as ModelError).code).toBe("aborted");
  });

  it("sizes prompts by its own tokenizer", async () => {
    const budget = await model.promptBudgetChars("fast");
    expect(budget).toBeGreaterThan(1_000);
    expect(budget).toBeLessThan(2048 * 4);
  });
});
