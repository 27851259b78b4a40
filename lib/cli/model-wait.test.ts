import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { type ChatModel, zeroUsage } from "../llm/chat-model";
import { withWaitNotice } from "./model-wait";

afterEach(() => vi.useRealTimers());
const meta = { model: "slow", usage: zeroUsage(), latencyMs: 0, raw: "", repaired: false };

describe("waiting for the model", () => {
  it("shows the age of the call in flight every second, and clears when it returns", async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    let cleared = 0;
    let release: () => void = () => {};
    const inner: ChatModel = {
      name: "slow",
      generateObject: () =>
        new Promise((resolve) => {
          release = () => resolve({ ...meta, output: 1 as never });
        }),
      callTools: () => Promise.reject(new Error("unused")),
    };
    const model = withWaitNotice(
      inner,
      { show: (t) => lines.push(t), clear: () => cleared++ },
      { now: () => Date.now() },
    );
    const call = model.generateObject({
      tier: "fast",
      messages: [],
      context: { purpose: "clarify", goal: "g", answers: [] },
      schema: z.unknown(),
      schemaName: "x",
    });
    await vi.advanceTimersByTimeAsync(12_000);
    expect(lines.at(-1)).toBe("waiting for the model (12 s)…");
    release();
    await call;
    expect(cleared).toBe(1);
    const shown = lines.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(lines).toHaveLength(shown);
  });
});
