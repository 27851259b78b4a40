/** Issue 10, faults 4–8 as the agent sees them: what a failing model server leaves in the run's record. */
import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { type ChatModel, ModelError } from "../llm/chat-model";
import type { ModelContext } from "../llm/model-context";
import { ScriptedModel } from "../llm/scripted-model";
import type { RunEvent } from "./events";
import { createRun, drive } from "./loop";
import { renderMessages } from "./prompts";
import { makeDeps, policy, reportTask, workTask } from "./testing/harness";
import { describeEvent } from "./trace";

const of = <T extends RunEvent["type"]>(events: RunEvent[], type: T) =>
  events.filter((e): e is Extract<RunEvent, { type: T }> => e.type === type);

const serverError = () =>
  new ModelError("bad_request", "400 the request exceeds the available context size", { model: "stories" });

describe("the run's record of a failing model server", () => {
  it("fault 4: a failed execute call is the model's failure in the trace, not the tool's", async () => {
    const plan = [workTask("a"), reportTask(["a"])];
    const model = new ScriptedModel([], (r) => {
      if (r.context.purpose === "execute")
        throw new ModelError("no_tool_call", "The model answered without calling a tool");
      return policy(plan)(r);
    });
    const { deps, events } = makeDeps({ model });
    await drive(await createRun(deps, { runId: "r", goal: "g", config: { maxTaskFailures: 1 } }));
    const returned = of(events, "tool.returned").find((e) => e.taskId === "a");
    expect(returned && describeEvent(returned)).toMatch(
      /^work not called, the model failed \(no_tool_call\)/,
    );
    expect(returned?.result.summary).toMatch(/model call failed before work could run/);
  });

  it("fault 6: a failed local repair and a failed replan say what the server said", async () => {
    const plan = [workTask("a"), workTask("b", ["a"]), reportTask(["b"])];
    const model = new ScriptedModel([], (r) => {
      if (r.context.purpose === "repair" || (r.context.purpose === "plan" && r.context.mode !== "initial")) {
        throw serverError();
      }
      return policy(plan)(r);
    });
    const { deps, events } = makeDeps({ model, behaviours: { a: { permanent: true } } });
    const state = await drive(
      await createRun(deps, { runId: "r", goal: "g", config: { maxPlanRepairs: 0 } }),
    );
    const repairFailed = of(events, "decision").find((d) => d.trigger === "repair_failed");
    expect(repairFailed?.reason).toMatch(
      /No valid local repair was found\. Last rejection: .*exceeds the available context size/,
    );
    expect(state.status).toBe("failed");
    expect(state.outcome?.reason).toMatch(/exceeds the available context size/);
  });

  it("fault 8: a failed call is recorded under the model name a successful one uses", async () => {
    const plan = [workTask("a"), reportTask(["a"])];
    const model = new ScriptedModel([], (r) => {
      if (r.context.purpose === "assess") throw serverError();
      return policy(plan)(r);
    });
    const { deps, events } = makeDeps({ model });
    await drive(
      await createRun(deps, { runId: "r", goal: "g", config: { executive: { monitor: "model" } } }),
    );
    const failed = of(events, "model.called").find((e) => e.error);
    expect(failed?.model).toBe("stories");
  });

  it("fault 7: calls leave no listener on the run's signal", async () => {
    const run = new AbortController();
    const plan = [workTask("a"), workTask("b"), workTask("c"), reportTask(["a", "b", "c"])];
    const seen: AbortSignal[] = [];
    const inner = new ScriptedModel([], policy(plan));
    const model: ChatModel = {
      name: "listening",
      generateObject: (r) => {
        if (r.signal) seen.push(r.signal);
        r.signal?.addEventListener("abort", () => {});
        return inner.generateObject(r);
      },
      callTools: (r) => {
        if (r.signal) seen.push(r.signal);
        r.signal?.addEventListener("abort", () => {});
        return inner.callTools(r);
      },
    };
    const { deps } = makeDeps({ model, signal: run.signal });
    await drive(await createRun(deps, { runId: "r", goal: "g" }));
    expect(seen.length).toBeGreaterThan(5);
    expect(getEventListeners(run.signal, "abort")).toHaveLength(0);
    run.abort();
    expect(seen.every((s) => s.aborted)).toBe(true);
  });
});

describe("fault 5: prompts within the budget", () => {
  const task = workTask("t1", [], { title: "Search for a long list of things ".repeat(3) });
  const repair: ModelContext = {
    purpose: "repair",
    goal: "g",
    spec: {
      deliverable: "d",
      audience: "a",
      constraints: [],
      acceptanceCriteria: [],
      topics: [],
      compare: false,
    },
    failed: task,
    failure: "no results",
    tasks: Array.from({ length: 40 }, (_, i) =>
      workTask(`t${i}`, i ? [`t${i - 1}`] : [], { title: `Task number ${i} of the plan` }),
    ),
    done: [],
    tools: Array.from({ length: 8 }, (_, i) => ({
      name: `tool${i}`,
      description: "does a thing ".repeat(10),
    })),
  };

  it("shrinks the repair prompt to the budget by priority, keeping the failed task whole", () => {
    const full = renderMessages(repair)[1]?.content ?? "";
    expect(full.length).toBeGreaterThan(6_000);
    const fitted = renderMessages(repair, 6_000)[1]?.content ?? "";
    expect(fitted.length).toBeLessThanOrEqual(6_000);
    expect(fitted).toContain(JSON.stringify(task, null, 1));
    expect(fitted).toMatch(/Plan/);
  });

  it("leaves out whole items, never half a JSON value", () => {
    const fitted = renderMessages(repair, 3_000)[1]?.content ?? "";
    expect(fitted.length).toBeLessThanOrEqual(3_000);
    expect(fitted).toMatch(/Plan \(tasks\):\n- t0 \(work\)[\s\S]*\(\d+ more left out\)/);
    expect(fitted).not.toMatch(/Plan:\n\[/);
    const failed = /Failed task:\n([\s\S]*?)\nFailure:/.exec(fitted)?.[1] ?? "";
    expect(JSON.parse(failed)).toEqual(task);
  });
});
