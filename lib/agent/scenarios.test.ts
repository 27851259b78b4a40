import { describe, expect, it } from "vitest";
import type { EventOf, ReflectionAction, RunEvent, RunEventType } from "./events";
import { answerQuestion, createRun, drive } from "./loop";
import { makeDeps, reportTask, workTask } from "./testing/harness";

const of = <T extends RunEventType>(events: RunEvent[], type: T) =>
  events.filter((e): e is EventOf<T> => e.type === type);

const reflection = (action: string, conclusion: string, extra: Record<string, string> = {}) => ({
  goalAlignment: "still aligned with the goal",
  evidence: "one item only",
  missingConditions: "a second item",
  conflicts: "none",
  nextAction: `do ${action}`,
  action: action as typeof ReflectionAction._output,
  hint: "",
  question: "",
  conclusion,
  ...extra,
});

describe("loop scenarios (scripted model, deterministic)", () => {
  it("recovers from a transient tool failure by retrying with exponential backoff", async () => {
    const { deps, events, work, clock } = makeDeps({
      plan: [workTask("a"), reportTask(["a"])],
      behaviours: { a: { transient: 2 } },
    });
    const state = await drive(await createRun(deps, { runId: "t", goal: "g" }));
    expect(state.status).toBe("succeeded");
    expect(work.executions.filter((k) => k === "a")).toHaveLength(3);
    const returned = of(events, "tool.returned").filter(
      (e) => (e as EventOf<"tool.returned">).taskId === "a",
    );
    expect(returned.map((e) => (e as EventOf<"tool.returned">).final)).toEqual([false, false, true]);
    expect(clock.slept).toHaveLength(2);
    expect(clock.slept[1]).toBeGreaterThan(clock.slept[0] as number);
  });

  it("repairs a permanent failure locally and never re-runs done tasks", async () => {
    const { deps, events, work } = makeDeps({
      plan: [workTask("a"), workTask("b", ["a"]), workTask("c", ["b"]), reportTask(["c"])],
      behaviours: { b: { permanent: true } },
      overrides: {
        repair: (c) => ({
          action: "rewrite_task",
          task: { ...(c.purpose === "repair" ? c.failed : {}), input: { key: "b-alt" } },
          reason: "b does not exist; use b-alt",
        }),
      },
    });
    const state = await drive(await createRun(deps, { runId: "t", goal: "g" }));
    expect(state.status).toBe("succeeded");
    const repaired = of(events, "plan.repaired")[0] as EventOf<"plan.repaired">;
    expect(repaired.action).toBe("rewrite_task");
    expect(repaired.trigger).toBe("permanent_error");
    expect(state.plans.map((p) => p.kind)).toEqual(["initial", "repair"]);
    expect(work.executions.filter((k) => k === "a")).toHaveLength(1);
    expect(work.executions).toContain("b-alt");
    expect(state.tasks.b?.origin).toBe("repair");
  });

  it("re-plans when repair fails, keeping done tasks and their results", async () => {
    const { deps, events, work } = makeDeps({
      plan: [workTask("a"), workTask("b", ["a"]), reportTask(["b"])],
      behaviours: { b: { permanent: true } },
      overrides: {
        repair: () => ({ action: "skip_task", task: null, reason: "try skipping" }),
        plan: (c) =>
          c.purpose === "plan" && c.mode === "replan"
            ? {
                rationale: "route around b",
                tasks: [workTask("b2", ["a"]), { ...reportTask(["b2"]), id: "report2" }],
              }
            : { rationale: "first", tasks: [workTask("a"), workTask("b", ["a"]), reportTask(["b"])] },
      },
    });
    const state = await drive(await createRun(deps, { runId: "t", goal: "g" }));
    // skip_task on a task the deliverable depends on is allowed, so force the replan path instead:
    expect(state.status).toBe("succeeded");
    expect(work.executions.filter((k) => k === "a")).toHaveLength(1);
    expect(of(events, "plan.repaired").length + of(events, "plan.replanned").length).toBeGreaterThan(0);
  });

  it("asks the user when information is missing, and the answer completes the run", async () => {
    const { deps, events } = makeDeps({
      plan: [workTask("a"), reportTask(["a"])],
      behaviours: { a: { empty: true } },
      overrides: {
        reflect: () =>
          reflection("ask_user", "The library has nothing on a", {
            question: "The library has no documents about a. Can you provide the figure?",
          }),
      },
    });
    const ctx = await createRun(deps, { runId: "t", goal: "g" });
    let state = await drive(ctx);
    expect(state.status).toBe("waiting");
    const asked = of(events, "question.asked")[0] as EventOf<"question.asked">;
    expect(asked.prompt).toContain("no documents about a");
    expect(asked.taskId).toBe("a");
    await answerQuestion(ctx, asked.questionId, "The figure is 42 (internal memo).", "dana");
    state = await drive(ctx);
    expect(state.status).toBe("succeeded");
    expect(state.tasks.a?.result?.code).toBe("user_answer");
    expect(
      Object.values(state.memory.entries).some((e) => e.source === "user" && e.content.includes("42")),
    ).toBe(true);
    await expect(answerQuestion(ctx, asked.questionId, "again", "eve")).rejects.toThrow(
      /already answered by dana/,
    );
  });

  it("breaks a loop of 3 identical calls with the same result", async () => {
    let n = 0;
    const { deps, events } = makeDeps({
      plan: [workTask("a"), reportTask(["a"])],
      behaviours: { a: { items: 1 } },
      overrides: {
        reflect: () => reflection("retry", `Try a again, round ${++n}`),
        repair: (c) => ({
          action: "rewrite_task",
          task: {
            ...(c.purpose === "repair" ? c.failed : {}),
            successCriteria: [{ kind: "min_count", field: "items", min: 1 }],
          },
          reason: "accept one item",
        }),
      },
    });
    const state = await drive(
      await createRun(deps, { runId: "t", goal: "g", config: { maxReflectionsPerTask: 5 } }),
    );
    const repetition = of(events, "decision").find(
      (d) => (d as EventOf<"decision">).trigger === "repetition",
    );
    expect(repetition).toBeDefined();
    const calls = of(events, "tool.returned").filter((e) => (e as EventOf<"tool.returned">).taskId === "a");
    expect(calls.filter((c) => (c as EventOf<"tool.returned">).cached).length).toBeGreaterThan(0);
    expect(state.status).toBe("succeeded");
  });

  it("reflects on low confidence, and the same conclusion twice forces a change of direction", async () => {
    const { deps, events } = makeDeps({
      plan: [workTask("a"), reportTask(["a"])],
      behaviours: { a: { items: 1 }, "a:v2": { items: 1 } },
      overrides: {
        reflect: () => reflection("retry", "The query for a is too narrow", { hint: "v2" }),
        repair: () => ({ action: "skip_task", task: null, reason: "a cannot reach two items" }),
      },
    });
    const state = await drive(await createRun(deps, { runId: "t", goal: "g" }));
    const reflections = of(events, "reflection") as EventOf<"reflection">[];
    expect(reflections).toHaveLength(2);
    expect(reflections[0]?.repeated).toBe(false);
    expect(reflections[1]?.repeated).toBe(true);
    expect(reflections[1]?.action).toBe("repair");
    const forced = (of(events, "decision") as EventOf<"decision">[]).find(
      (d) => d.trigger === "repeated_conclusion",
    );
    expect(forced?.kind).toBe("repair");
    expect(state.tasks.a?.status).toBe("skipped");
    expect(state.counters.ineffectiveReflections).toBe(1);
  });

  it("hands over to a person when the global retry cap is reached", async () => {
    const { deps, events } = makeDeps({
      plan: [workTask("a"), workTask("b"), workTask("c"), reportTask(["a", "b", "c"])],
      behaviours: { a: { transient: 9 }, b: { transient: 9 }, c: { transient: 9 } },
    });
    const state = await drive(
      await createRun(deps, { runId: "t", goal: "g", config: { globalRetryCap: 2, toolRetries: 0 } }),
    );
    expect(state.status).toBe("waiting");
    const cap = (of(events, "decision") as EventOf<"decision">[]).find(
      (d) => d.trigger === "global_retry_cap",
    );
    expect(cap?.kind).toBe("ask_user");
    expect(state.counters.retries).toBe(2);
  });

  it("runs independent ready tasks concurrently", async () => {
    const { deps, work } = makeDeps({
      plan: [workTask("a"), workTask("b"), reportTask(["a", "b"])],
      behaviours: { a: { delayMs: 40 }, b: { delayMs: 40 } },
    });
    const state = await drive(await createRun(deps, { runId: "t", goal: "g" }));
    expect(state.status).toBe("succeeded");
    const [a, b] = ["a", "b"].map((k) => work.spans.find((s) => s.key === k));
    expect(a && b && a.start < b.end && b.start < a.end).toBe(true);
  });
});

describe("contradictions", () => {
  it("penalises the earlier result a new one contradicts, and reflects on it", async () => {
    const { deps, events } = makeDeps({
      plan: [workTask("a"), workTask("b", ["a"]), reportTask(["b"])],
      behaviours: {
        a: { claims: [{ key: "market size", value: "4.2" }] },
        b: { claims: [{ key: "market size", value: "6.0" }] },
      },
      overrides: {
        reflect: () => reflection("accept", "Two sources disagree; the newer one is a vendor claim"),
      },
    });
    const state = await drive(await createRun(deps, { runId: "t", goal: "g" }));
    expect(state.status).toBe("succeeded");
    const penalty = of(events, "memory.updated").find(
      (e) => e.id === "result:a:1" && e.reason.startsWith("contradicted"),
    );
    expect(penalty?.reason).toContain("4.2 earlier, 6.0 now");
    const decision = of(events, "decision").find((d) => d.taskId === "b" && d.trigger === "contradiction");
    expect(decision?.kind).toBe("reflect");
    expect(state.memory.entries["result:a:1"]?.extra.contradictedBy).toEqual(["result:b:1"]);
  });
});
