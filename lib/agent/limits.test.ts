import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { AnyTool } from "../tools/tool";
import { createRun, drive } from "./loop";
import { makeDeps, reportTask, reportTool, workTask, workTool } from "./testing/harness";

describe("limits: budgets, timeouts, cancellation, undecided rules", () => {
  it("stops with budget_exceeded when the iteration budget is spent", async () => {
    const plan = [workTask("a"), workTask("b", ["a"]), workTask("c", ["b"]), reportTask(["c"])];
    const { deps, events } = makeDeps({ plan });
    const state = await drive(
      await createRun(deps, { runId: "r", goal: "g", config: { budgets: { iterations: 2 } } }),
    );
    expect(state.status).toBe("failed");
    expect(state.outcome?.code).toBe("budget_exceeded");
    expect(events.find((e) => e.type === "budget.exceeded")).toMatchObject({
      budget: "iterations",
      limit: 2,
    });
  });

  it("times a slow tool out as a transient error and retries it", async () => {
    let calls = 0;
    const slow: AnyTool = {
      name: "work",
      description: "slow the first time",
      input: z.object({ key: z.string() }),
      timeoutMs: 30,
      run: async () => {
        calls++;
        if (calls === 1) await new Promise((r) => setTimeout(r, 200));
        return { data: { items: ["x", "y"] }, summary: "2 items", confidence: 0.9 };
      },
    };
    const { deps, events } = makeDeps({
      plan: [workTask("a"), reportTask(["a"])],
      tools: [slow, reportTool],
    });
    const state = await drive(await createRun(deps, { runId: "r", goal: "g" }));
    expect(state.status).toBe("succeeded");
    const first = events.find((e) => e.type === "tool.returned" && e.taskId === "a");
    expect(first).toMatchObject({ result: { ok: false, code: "timeout", transient: true }, final: false });
  });

  it("cancels through the AbortSignal, mid-tool, and records who and why", async () => {
    const abort = new AbortController();
    const work = workTool({ b: { delayMs: 1_000 } });
    const { deps, events } = makeDeps({
      plan: [workTask("a"), workTask("b", ["a"]), reportTask(["b"])],
      tools: [work.tool, reportTool],
      signal: abort.signal,
    });
    const ctx = await createRun(deps, { runId: "r", goal: "g" });
    setTimeout(() => abort.abort("the analyst closed the run"), 100);
    const state = await drive(ctx);
    expect(state.status).toBe("cancelled");
    expect(state.outcome?.reason).toBe("the analyst closed the run");
    expect(state.tasks.a?.status).toBe("succeeded");
    expect(events.at(-1)?.type).toBe("run.cancelled");
  });

  it("asks the model only when the rules are undecided, and caps its confidence", async () => {
    const lukewarm: AnyTool = {
      name: "work",
      description: "meets the criteria with a hedged confidence",
      input: z.object({ key: z.string() }),
      timeoutMs: 1_000,
      run: async () => ({ data: { items: ["x", "y"] }, summary: "2 items", confidence: 0.55 }),
    };
    const { deps, events, model } = makeDeps({
      plan: [workTask("a"), reportTask(["a"])],
      tools: [lukewarm, reportTool],
      overrides: { assess: () => ({ accept: true, confidence: 0.99, reason: "two items are enough here" }) },
    });
    const state = await drive(await createRun(deps, { runId: "r", goal: "g" }));
    expect(state.status).toBe("succeeded");
    const decision = events.find((e) => e.type === "decision" && e.taskId === "a");
    expect(decision).toMatchObject({ kind: "continue", trigger: "model_assessment" });
    expect(state.tasks.a?.confidence).toBeLessThanOrEqual(0.55);
    const assessCalls = (model as import("../llm/scripted-model").ScriptedModel).prompts.filter(
      (p) => p.purpose === "assess",
    );
    expect(assessCalls).toHaveLength(1);
  });
});
