/**
 * The six builtin skills that never fire on EF-Bench's bundled scenarios (repetition-guard,
 * rejected-call-guard, escalation-limit, change-direction, stagnation-replan, blocked-replan;
 * docs/benchmarks.md). Each test drives its trigger through the real loop and monitor, then runs
 * the same run with the skill switched off: the firing is recorded, and it changes the decision.
 */
import { describe, expect, it } from "vitest";
import type { ModelContext } from "../llm/model-context";
import type { EventOf, ReflectionAction, RunEvent, RunEventType } from "./events";
import { createRun, drive } from "./loop";
import { makeDeps, reportTask, workTask } from "./testing/harness";

const of = <T extends RunEventType>(events: readonly RunEvent[], type: T) =>
  events.filter((e): e is EventOf<T> => e.type === type);

const reflection = (action: string, conclusion: string, hint = "") => ({
  goalAlignment: "aligned",
  evidence: "one item only",
  missingConditions: "a second item",
  conflicts: "none",
  nextAction: `do ${action}`,
  action: action as typeof ReflectionAction._output,
  hint,
  question: "",
  conclusion,
});

type Setup = Parameters<typeof makeDeps>[0] & { config?: Record<string, unknown> };

/** The same run with every skill on, and with `skill` switched off. */
async function both(skill: string, setup: () => Setup) {
  const go = async (disabled: string[]) => {
    const { config = {}, ...opts } = setup();
    const h = makeDeps(opts);
    const state = await drive(
      await createRun(h.deps, { runId: "r", goal: "g", config: { ...config, skills: { disabled } } }),
    );
    const fired = of(h.events, "skill.fired").filter((f) => f.skill === skill);
    return { ...h, state, fired };
  };
  return { on: await go([]), off: await go([skill]) };
}

/** The monitor's decision right after `seq` (the one a firing led to, or its stand-in when off). */
const decisionAfter = (events: readonly RunEvent[], seq: number) =>
  of(events, "decision").find((d) => d.seq > seq);

/** The decision on `taskId` after its `n`th final tool return (n from 1). */
function decisionAfterReturn(events: readonly RunEvent[], taskId: string, n: number) {
  const returned = of(events, "tool.returned").filter((e) => e.taskId === taskId && e.final)[n - 1];
  return returned ? decisionAfter(events, returned.seq) : undefined;
}

describe("skills the bundled scenarios never fire", () => {
  it("repetition-guard: the third identical call with the same result is repaired, not reflected on again", async () => {
    let round = 0;
    const { on, off } = await both("repetition-guard", () => ({
      plan: [workTask("a"), reportTask(["a"])],
      behaviours: { a: { items: 1 } },
      config: { maxReflectionsPerTask: 5 },
      overrides: {
        // A new conclusion each time (no change of direction), no hint: the same call again.
        reflect: () => reflection("retry", `Try a again, round ${++round}`),
        repair: (c: ModelContext) => ({
          action: "rewrite_task",
          task: {
            ...(c.purpose === "repair" ? c.failed : {}),
            successCriteria: [{ kind: "min_count", field: "items", min: 1 }],
          },
          reason: "one item is enough",
        }),
      },
    }));
    expect(on.fired).toHaveLength(1);
    expect(on.fired[0]).toMatchObject({ taskId: "a", outcome: "repair", values: { repeating: true } });
    expect(decisionAfter(on.events, on.fired[0]?.seq ?? 0)).toMatchObject({
      kind: "repair",
      trigger: "repetition",
    });
    expect(off.fired).toEqual([]);
    // Off, the third identical result is reflected on once more.
    expect(decisionAfterReturn(off.events, "a", 3)).toMatchObject({
      kind: "reflect",
      trigger: "criteria_unmet",
    });
    expect(of(off.events, "reflection").length).toBeGreaterThan(of(on.events, "reflection").length);
  });

  it("rejected-call-guard: the call a reflection just rejected is not run again; the task is reflected on", async () => {
    const { on, off } = await both("rejected-call-guard", () => ({
      plan: [workTask("a"), reportTask(["a"])],
      behaviours: { a: { items: 1 } },
      overrides: {
        reflect: () => reflection("retry", "a needs a wider query", "widen the query"),
        // The model ignores the hint and proposes the rejected call again.
        execute: (c: ModelContext) =>
          c.purpose === "execute" ? [{ name: c.task.tool, arguments: c.task.input }] : [],
      },
    }));
    expect(on.fired).toHaveLength(1);
    expect(on.fired[0]).toMatchObject({ taskId: "a", trigger: "repeated_call", outcome: "reflect" });
    const refused = (events: readonly RunEvent[]) =>
      of(events, "tool.returned").find((e) => e.taskId === "a" && e.result.code === "repeated_call");
    // Refused before it ran: the tool executed once, for the first attempt.
    expect(on.work.executions.filter((k) => k === "a")).toHaveLength(1);
    expect(decisionAfter(on.events, refused(on.events)?.seq ?? 0)).toMatchObject({
      kind: "reflect",
      trigger: "repeated_call",
    });
    // Off, the refused call counts as the task's second failure: repaired at once, not reflected on.
    expect(off.fired).toEqual([]);
    expect(decisionAfter(off.events, refused(off.events)?.seq ?? 0)).toMatchObject({
      kind: "repair",
      trigger: "repeated_failure",
    });
    expect(of(off.events, "reflection").length).toBeLessThan(of(on.events, "reflection").length);
  });

  it("escalation-limit: a task that fails again after its repair goes to a person, not to a second repair", async () => {
    const { on, off } = await both("escalation-limit", () => ({
      plan: [workTask("a"), reportTask(["a"])],
      behaviours: { a: { permanent: true }, "a-alt": { permanent: true }, "a-alt-2": {} },
      overrides: {
        repair: (c: ModelContext) => {
          const failed = c.purpose === "repair" ? c.failed : workTask("a");
          const key = (failed.input as { key: string }).key;
          return {
            action: "rewrite_task",
            task: { ...failed, input: { key: key === "a" ? "a-alt" : "a-alt-2" } },
            reason: "try another source",
          };
        },
      },
    }));
    expect(on.fired).toHaveLength(1);
    expect(on.fired[0]).toMatchObject({ taskId: "a", outcome: "ask_user" });
    expect(decisionAfterReturn(on.events, "a", 2)).toMatchObject({
      kind: "ask_user",
      trigger: "escalation_limit",
    });
    expect(on.state.status).toBe("waiting");
    // Off, it is repaired a second time, and the second repair's source works.
    expect(off.fired).toEqual([]);
    expect(decisionAfterReturn(off.events, "a", 2)).toMatchObject({
      kind: "repair",
      trigger: "permanent_error",
    });
    expect(off.work.executions).toContain("a-alt-2");
    expect(of(off.events, "question.asked")).toEqual([]);
  });

  it("change-direction: the same conclusion twice turns its retry into a repair", async () => {
    const { on, off } = await both("change-direction", () => ({
      plan: [workTask("a"), reportTask(["a"])],
      behaviours: { a: { items: 1 }, "a:v2": { items: 1 } },
      config: { maxReflectionsPerTask: 3 },
      overrides: {
        reflect: () => reflection("retry", "The query for a is too narrow", "v2"),
        repair: () => ({ action: "skip_task", task: null, reason: "a cannot reach two items" }),
      },
    }));
    expect(on.fired).toHaveLength(1);
    expect(on.fired[0]).toMatchObject({ taskId: "a", trigger: "repeated_conclusion", outcome: "repair" });
    const [, second] = of(on.events, "reflection");
    expect(second).toMatchObject({ repeated: true, action: "repair" });
    expect(decisionAfter(on.events, second?.seq ?? 0)).toMatchObject({
      kind: "repair",
      trigger: "repeated_conclusion",
    });
    // Off, the repeated conclusion's retry stands: one more attempt with the same hint.
    expect(off.fired).toEqual([]);
    const [, offSecond] = of(off.events, "reflection");
    expect(offSecond).toMatchObject({ repeated: false, action: "retry" });
    expect(decisionAfter(off.events, offSecond?.seq ?? 0)).toMatchObject({
      kind: "retry",
      trigger: "reflection",
    });
    expect(off.work.executions.filter((k) => k.startsWith("a")).length).toBeGreaterThan(
      on.work.executions.filter((k) => k.startsWith("a")).length,
    );
  });

  it("stagnation-replan: iterations without progress re-plan what remains", async () => {
    const { on, off } = await both("stagnation-replan", () => ({
      plan: [workTask("a"), reportTask(["a"])],
      behaviours: { a: { transient: 9 } },
      // Two iterations without progress: before a third identical failure would trip repetition-guard.
      config: { toolRetries: 0, maxTaskFailures: 5, stagnationIterations: 2 },
      overrides: {
        plan: (c: ModelContext) => ({
          rationale: "test",
          tasks:
            c.purpose === "plan" && c.mode === "replan"
              ? [workTask("a2"), { ...reportTask(["a2"]), id: "report2" }]
              : [workTask("a"), reportTask(["a"])],
        }),
      },
    }));
    expect(on.fired).toHaveLength(1);
    expect(on.fired[0]).toMatchObject({ taskId: null, trigger: "stagnation", outcome: "replan" });
    expect(on.fired[0]?.values.stagnation).toBe(2);
    const replanned = of(on.events, "plan.replanned");
    expect(replanned.map((p) => p.trigger)).toEqual(["stagnation"]);
    expect(on.work.executions).toContain("a2");
    expect(on.state.status).toBe("succeeded");
    // Off, the loop tries a a third time (then repetition-guard repairs around it): no re-plan.
    expect(off.fired).toEqual([]);
    expect(of(off.events, "plan.replanned")).toEqual([]);
    expect(off.work.executions).not.toContain("a2");
    expect(off.work.executions.filter((k) => k === "a").length).toBeGreaterThan(
      on.work.executions.filter((k) => k === "a").length,
    );
  });

  it("blocked-replan: a run blocked by a failed task is re-planned around it instead of failing", async () => {
    const first = [workTask("a"), workTask("b", ["a"]), reportTask(["b"])];
    const around = [workTask("a2"), workTask("b", ["a2"]), reportTask(["b"])];
    const { on, off } = await both("blocked-replan", () => ({
      behaviours: { a: { items: 1 } },
      config: { executive: { askUser: false } },
      overrides: {
        plan: (c: ModelContext) => ({
          rationale: "test",
          tasks: c.purpose === "plan" && c.mode === "replan" ? around : first,
        }),
        // Only a person could help a, and asking is off: a fails and blocks b.
        reflect: () => reflection("ask_user", "only a person can say what a needs"),
      },
    }));
    expect(on.fired).toHaveLength(1);
    expect(on.fired[0]).toMatchObject({ taskId: null, trigger: "blocked", outcome: "replan" });
    expect(decisionAfter(on.events, on.fired[0]?.seq ?? 0)).toMatchObject({
      kind: "replan",
      trigger: "blocked",
    });
    expect(on.state.status).toBe("succeeded");
    // Off, the same run ends failed, blocked.
    expect(off.fired).toEqual([]);
    expect(of(off.events, "plan.replanned")).toEqual([]);
    expect(off.state.status).toBe("failed");
    expect(off.state.outcome?.code).toBe("blocked");
  });
});
