import { describe, expect, it } from "vitest";
import { BuiltinModel } from "../llm/builtin/builtin-model";
import type { ModelContext } from "../llm/model-context";
import type { ScriptedModel } from "../llm/scripted-model";
import { findCycle } from "../planner/validate-plan";
import { ExecutiveConfig, executiveOf, RunConfig, type RunConfigInput } from "./config";
import { type EventOf, RunEvent, type RunEventType } from "./events";
import { createRun, drive, InvalidRunInput } from "./loop";
import { replay } from "./reducer";
import { type Behaviour, invalidRepair, makeDeps, reportTask, workTask } from "./testing/harness";

const of = <T extends RunEventType>(events: readonly RunEvent[], type: T) =>
  events.filter((e): e is EventOf<T> => e.type === type);

const taskDecisions = (events: readonly RunEvent[]) => of(events, "decision").filter((d) => d.taskId);

const reflection = (action: string, conclusion: string, extra: Record<string, string> = {}) => ({
  goalAlignment: "aligned",
  evidence: "thin",
  missingConditions: "more items",
  conflicts: "none",
  nextAction: `do ${action}`,
  action,
  hint: "",
  question: "",
  conclusion,
  ...extra,
});

const allOn: ExecutiveConfig = {
  workingMemory: true,
  planValidation: true,
  monitor: "rules",
  askUser: true,
  replan: true,
  experience: true,
};

type Executive = Partial<ExecutiveConfig>;
const withExecutive = (executive: Executive, rest: RunConfigInput = {}): RunConfigInput => ({
  ...rest,
  executive,
});

describe("executive defaults", () => {
  it("switches every executive function on by default, with the rule monitor", () => {
    expect(RunConfig.parse({}).executive).toEqual(allOn);
    expect(ExecutiveConfig.parse({})).toEqual(allOn);
    // A partial setting keeps the others on.
    expect(RunConfig.parse({ executive: { monitor: "off" } }).executive).toEqual({
      ...allOn,
      monitor: "off",
    });
  });

  it("treats a run recorded before the switches existed as all on", () => {
    const { executive: _gone, ...old } = RunConfig.parse({});
    expect("executive" in old).toBe(false);
    expect(executiveOf(old as unknown as RunConfig)).toEqual(allOn);
    expect(executiveOf(RunConfig.parse({ executive: { replan: false } })).replan).toBe(false);
    // Replayed from an old log, the state's config also yields all on.
    const started = {
      runId: "old",
      seq: 0,
      at: 1,
      type: "run.started",
      goal: "g",
      config: old,
      model: "m",
      parentRunId: null,
      forkSeq: null,
    };
    const state = replay([started as unknown as RunEvent]);
    expect(executiveOf(state.config)).toEqual(allOn);
    // Parsed from storage, the old event's config gets the defaults filled in.
    const parsed = RunEvent.parse(started);
    expect(parsed.type === "run.started" && parsed.config.executive).toEqual(allOn);
  });

  it("rejects an unknown monitor mode before anything is recorded", async () => {
    const { deps, events } = makeDeps({ plan: [workTask("a"), reportTask(["a"])] });
    await expect(
      createRun(deps, {
        runId: "r",
        goal: "g",
        config: { executive: { monitor: "sometimes" as never } },
      }),
    ).rejects.toBeInstanceOf(InvalidRunInput);
    expect(events).toEqual([]);
  });
});

describe('monitor "off"', () => {
  const plan = [workTask("a"), workTask("b"), workTask("c"), reportTask(["a", "b", "c"])];
  const behaviours: Record<string, Behaviour> = { b: { permanent: true }, c: { items: 1 } };

  it("retries a failing task unchanged, gives it up at maxTaskFailures, accepts what returned, and goes on", async () => {
    const { deps, events, work } = makeDeps({ plan, behaviours });
    const state = await drive(
      await createRun(deps, {
        runId: "r",
        goal: "g",
        config: withExecutive({ monitor: "off" }, { maxTaskFailures: 3 }),
      }),
    );
    // b: retried with the very same call until maxTaskFailures, then skipped.
    expect(work.executions.filter((k) => k === "b")).toHaveLength(3);
    const calls = of(events, "tool.called").filter((e) => e.taskId === "b");
    expect(calls.map((c) => c.attempt)).toEqual([1, 2, 3]);
    expect(new Set(calls.map((c) => c.idempotencyKey)).size).toBe(1);
    expect(new Set(calls.map((c) => JSON.stringify(c.args))).size).toBe(1);
    const bDecisions = taskDecisions(events).filter((d) => d.taskId === "b");
    expect(bDecisions.map((d) => [d.kind, d.trigger])).toEqual([
      ["retry", "no_monitor"],
      ["retry", "no_monitor"],
      ["abort", "no_monitor"],
    ]);
    const bFailed = of(events, "task.failed").filter((e) => e.taskId === "b");
    expect(bFailed.map((e) => e.final)).toEqual([false, false]);
    const skipped = of(events, "task.skipped");
    expect(skipped.map((e) => e.taskId)).toEqual(["b"]);
    expect(state.tasks.b?.status).toBe("skipped");
    // c: its result fails its criteria, and is accepted anyway.
    const cAssessed = of(events, "task.assessed").find((e) => e.taskId === "c");
    expect(cAssessed?.criteria.some((x) => !x.met)).toBe(true);
    const cDecisions = taskDecisions(events).filter((d) => d.taskId === "c");
    expect(cDecisions.map((d) => [d.kind, d.trigger])).toEqual([["continue", "no_monitor"]]);
    expect(state.tasks.c?.status).toBe("succeeded");
    expect(work.executions.filter((k) => k === "c")).toHaveLength(1);
    // The run goes on past the given-up task and finishes.
    expect(state.tasks.report?.status).toBe("succeeded");
    expect(state.status).toBe("succeeded");
    expect(of(events, "run.failed")).toEqual([]);
    // Nothing of the monitor ran.
    expect(taskDecisions(events).every((d) => d.trigger === "no_monitor")).toBe(true);
    expect(of(events, "reflection")).toEqual([]);
    expect(of(events, "question.asked")).toEqual([]);
    expect(of(events, "plan.repaired")).toEqual([]);
    expect(
      of(events, "model.called").filter((e) => e.purpose === "assess" || e.purpose === "reflect"),
    ).toEqual([]);
  });

  it("gives up at once with maxTaskFailures 1, and with the rule monitor the same run repairs instead", async () => {
    const off = makeDeps({ plan, behaviours });
    await drive(
      await createRun(off.deps, {
        runId: "r",
        goal: "g",
        config: withExecutive({ monitor: "off" }, { maxTaskFailures: 1 }),
      }),
    );
    expect(off.work.executions.filter((k) => k === "b")).toHaveLength(1);
    expect(
      taskDecisions(off.events)
        .filter((d) => d.taskId === "b")
        .map((d) => [d.kind, d.trigger]),
    ).toEqual([["abort", "no_monitor"]]);

    const rules = makeDeps({ plan, behaviours });
    await drive(await createRun(rules.deps, { runId: "r", goal: "g" }));
    expect(taskDecisions(rules.events).some((d) => d.trigger === "no_monitor")).toBe(false);
    expect(of(rules.events, "plan.repaired").length).toBeGreaterThan(0);
    expect(of(rules.events, "reflection").length).toBeGreaterThan(0);
  });
});

describe('monitor "model"', () => {
  const modelTriggers = new Set(["model_assessment", "user_answer", "reflection", "repeated_conclusion"]);

  it("asks the model about every result, even one whose criteria are clearly met; no rule decides", async () => {
    const plan = [workTask("a"), workTask("b"), reportTask(["a", "b"])];
    let bAssessed = 0;
    const { deps, events, work, model } = makeDeps({
      plan,
      behaviours: { a: { items: 5 } },
      overrides: {
        // Rejects b's first result (which meets its criteria); accepts everything else.
        assess: (c) =>
          c.purpose === "assess" && c.task.id === "b" && ++bAssessed === 1
            ? { accept: false, confidence: 0.4, reason: "b looks thin to me" }
            : { accept: true, confidence: 0.9, reason: "fine" },
        // Retry the same call: the rejected result must not be served from the tool cache.
        reflect: () => reflection("retry", "b should be fetched again"),
      },
    });
    const state = await drive(
      await createRun(deps, { runId: "r", goal: "g", config: withExecutive({ monitor: "model" }) }),
    );
    expect(state.status).toBe("succeeded");
    // a's criteria are met at full confidence, and still the model was asked.
    const aAssessed = of(events, "task.assessed").find((e) => e.taskId === "a");
    expect(aAssessed?.criteria.every((x) => x.met)).toBe(true);
    expect(aAssessed?.confidence).toBeGreaterThanOrEqual(state.config.confidenceThreshold);
    const assessCalls = of(events, "model.called").filter((e) => e.purpose === "assess");
    expect(assessCalls.map((e) => e.taskId).sort()).toEqual(["a", "b", "b", "report"]);
    expect((model as ScriptedModel).prompts.filter((p) => p.purpose === "assess")).toHaveLength(4);
    // Every decision on a task result comes from the model (or a reflection the model made).
    const decisions = taskDecisions(events);
    expect(decisions.length).toBeGreaterThan(0);
    for (const d of decisions) expect(modelTriggers, `${d.taskId}: ${d.trigger}`).toContain(d.trigger);
    expect(decisions.filter((d) => d.taskId === "a").map((d) => [d.kind, d.trigger])).toEqual([
      ["continue", "model_assessment"],
    ]);
    expect(decisions.filter((d) => d.taskId === "b").map((d) => [d.kind, d.trigger])).toEqual([
      ["reflect", "model_assessment"],
      ["retry", "reflection"],
      ["continue", "model_assessment"],
    ]);
    // The retried call really ran again (the rejected result's cache entry was dropped).
    expect(work.executions.filter((k) => k === "b")).toHaveLength(2);
    const bReturned = of(events, "tool.returned").filter((e) => e.taskId === "b");
    expect(bReturned.map((e) => [e.attempt, e.cached])).toEqual([
      [1, false],
      [2, false],
    ]);
  });

  it("with the rule monitor the same run decides by rule and never asks the model to assess", async () => {
    const { deps, events } = makeDeps({
      plan: [workTask("a"), workTask("b"), reportTask(["a", "b"])],
      behaviours: { a: { items: 5 } },
    });
    const state = await drive(await createRun(deps, { runId: "r", goal: "g" }));
    expect(state.status).toBe("succeeded");
    expect(of(events, "model.called").filter((e) => e.purpose === "assess")).toEqual([]);
    expect(taskDecisions(events).every((d) => d.trigger === "criteria_met")).toBe(true);
  });

  it("bounds a model that keeps rejecting: after maxReflectionsPerTask it repairs", async () => {
    let n = 0;
    const { deps, events } = makeDeps({
      plan: [workTask("a"), reportTask(["a"])],
      overrides: {
        assess: (c) =>
          c.purpose === "assess" && c.task.id === "a"
            ? { accept: false, confidence: 0.2, reason: "never good enough" }
            : { accept: true, confidence: 0.9, reason: "fine" },
        reflect: () => reflection("retry", `attempt ${++n} of a needs another go`, { hint: `v${n}` }),
      },
    });
    const state = await drive(
      await createRun(deps, { runId: "r", goal: "g", config: withExecutive({ monitor: "model" }) }),
    );
    const a = taskDecisions(events).filter((d) => d.taskId === "a");
    for (const d of a) expect(modelTriggers).toContain(d.trigger);
    expect(of(events, "reflection").filter((e) => e.taskId === "a")).toHaveLength(
      state.config.maxReflectionsPerTask,
    );
    expect(a.at(-1)).toMatchObject({ kind: "repair", trigger: "model_assessment" });
    expect(of(events, "plan.repaired").map((e) => [e.taskId, e.trigger])).toEqual([
      ["a", "model_assessment"],
    ]);
    expect(state.tasks.a?.status).toBe("skipped");
  });
});

describe("plan validation", () => {
  const cyclic = [workTask("a", ["b"]), workTask("b", ["a"]), reportTask(["a", "b"])];

  it("off: a proposal with a cycle is installed as it is, and the run ends blocked", async () => {
    const { deps, events, work } = makeDeps({ plan: cyclic });
    const state = await drive(
      await createRun(deps, { runId: "r", goal: "g", config: withExecutive({ planValidation: false }) }),
    );
    const validated = of(events, "plan.validated");
    expect(validated).toHaveLength(1);
    expect(validated[0]?.tasks).toEqual(cyclic);
    expect(findCycle(validated[0]?.tasks ?? [])).not.toBeNull();
    expect(of(events, "plan.rejected")).toEqual([]);
    expect(of(events, "tool.called")).toEqual([]);
    expect(work.executions).toEqual([]);
    expect(state.status).toBe("failed");
    expect(state.outcome?.code).toBe("blocked");
  });

  it("on: the same proposal is rejected for its cycle and no plan is installed", async () => {
    const { deps, events } = makeDeps({ plan: cyclic });
    const state = await drive(await createRun(deps, { runId: "r", goal: "g" }));
    const rejected = of(events, "plan.rejected");
    expect(rejected.length).toBe(state.config.maxPlanRepairs + 1);
    for (const r of rejected) expect(r.violations.map((v) => v.rule)).toContain("acyclic");
    expect(of(events, "plan.validated")).toEqual([]);
    expect(state.status).toBe("failed");
    expect(state.outcome?.code).toBe("plan_invalid");
  });

  it("off: a task with an unknown tool fails with unknown_tool, without a tool call", async () => {
    const plan = [workTask("a"), workTask("x", [], { tool: "teleport" }), reportTask(["a", "x"])];
    const { deps, events } = makeDeps({ plan });
    await drive(
      await createRun(deps, { runId: "r", goal: "g", config: withExecutive({ planValidation: false }) }),
    );
    expect(of(events, "plan.validated")[0]?.tasks.map((t) => t.tool)).toContain("teleport");
    const returned = of(events, "tool.returned").filter((e) => e.taskId === "x");
    expect(returned.length).toBeGreaterThan(0);
    expect(returned[0]?.result).toMatchObject({ ok: false, code: "unknown_tool" });
    expect(of(events, "tool.called").filter((e) => e.taskId === "x")).toEqual([]);
    expect(of(events, "model.called").filter((e) => e.purpose === "execute" && e.taskId === "x")).toEqual([]);
  });
});

describe("asking a person", () => {
  it("off: a goal too vague to plan fails with needs_input instead of asking", async () => {
    const { deps, events } = makeDeps({ model: new BuiltinModel({ now: () => 0 }) });
    const state = await drive(
      await createRun(deps, { runId: "r", goal: "help", config: withExecutive({ askUser: false }) }),
    );
    expect(state.status).toBe("failed");
    expect(state.outcome?.code).toBe("needs_input");
    expect(of(events, "run.failed").map((e) => e.code)).toEqual(["needs_input"]);
    expect(of(events, "question.asked")).toEqual([]);
    expect(of(events, "goal.clarified")).toEqual([]);
    expect(of(events, "model.called").map((e) => e.purpose)).toEqual(["clarify"]);
  });

  it("on: the same goal waits for an answer", async () => {
    const { deps, events } = makeDeps({ model: new BuiltinModel({ now: () => 0 }) });
    const state = await drive(await createRun(deps, { runId: "r", goal: "help" }));
    expect(state.status).toBe("waiting");
    expect(of(events, "question.asked").map((e) => e.origin)).toEqual(["clarify"]);
  });

  it("off: a gate decision to ask a person fails the task instead", async () => {
    const { deps, events } = makeDeps({
      plan: [workTask("a"), reportTask(["a"])],
      behaviours: { a: { items: 1 } },
      overrides: { reflect: () => reflection("ask_user", "only a person knows", { question: "How many?" }) },
    });
    const state = await drive(
      await createRun(deps, {
        runId: "r",
        goal: "g",
        config: withExecutive({ askUser: false, replan: false }),
      }),
    );
    expect(of(events, "question.asked")).toEqual([]);
    expect(taskDecisions(events).some((d) => d.taskId === "a" && d.kind === "ask_user")).toBe(true);
    const failed = of(events, "task.failed").filter((e) => e.taskId === "a");
    expect(failed.at(-1)?.final).toBe(true);
    expect(failed.at(-1)?.reason).toMatch(/switched off/);
    expect(state.status).toBe("failed");
    expect(state.outcome?.code).toBe("blocked");
  });
});

describe("re-planning", () => {
  // a's result is thin, the reflection wants a person, asking is off: a fails and blocks b.
  const first = [workTask("a"), workTask("b", ["a"]), reportTask(["b"])];
  const around = [workTask("a2"), workTask("b", ["a2"]), reportTask(["b"])];
  const run = async (replan: boolean) => {
    const h = makeDeps({
      behaviours: { a: { items: 1 } },
      overrides: {
        plan: (c) => ({
          rationale: "test",
          tasks: c.purpose === "plan" && c.mode === "replan" ? around : first,
        }),
        reflect: () => reflection("ask_user", "only a person can say what a needs"),
      },
    });
    const state = await drive(
      await createRun(h.deps, { runId: "r", goal: "g", config: withExecutive({ askUser: false, replan }) }),
    );
    return { ...h, state };
  };

  it("on: a blocked run is re-planned around the failed task", async () => {
    const { state, events, work } = await run(true);
    const replanned = of(events, "plan.replanned");
    expect(replanned.map((e) => e.trigger)).toEqual(["blocked"]);
    expect(of(events, "decision").some((d) => d.kind === "replan" && d.trigger === "blocked")).toBe(true);
    expect(work.executions).toContain("a2");
    expect(state.status).toBe("succeeded");
  });

  it("off: the same run is never re-planned and fails blocked", async () => {
    const { state, events, work } = await run(false);
    expect(of(events, "task.failed").some((e) => e.taskId === "a" && e.final)).toBe(true);
    expect(of(events, "plan.replanned")).toEqual([]);
    expect(of(events, "decision").filter((d) => d.kind === "replan")).toEqual([]);
    expect(of(events, "model.called").filter((e) => e.purpose === "plan")).toHaveLength(1);
    expect(work.executions).not.toContain("a2");
    expect(state.plans).toHaveLength(1);
    expect(state.status).toBe("failed");
    expect(state.outcome?.code).toBe("blocked");
  });

  // re-plans", but settle-step.ts `apply` case "replan" calls planTasks without checking
  // executiveOf(config).replan. A repair with no valid fix records decision replan/repair_failed and
  // then plan.replanned (trigger repair_failed) even with replan off. The same path serves a
  // reflection whose action is "replan". Expected: no plan.replanned (e.g. fail the task instead).
  it("off: a failed local repair does not re-plan either", async () => {
    const { deps, events } = makeDeps({
      plan: [workTask("a"), workTask("b", ["a"]), reportTask(["b"])],
      behaviours: { a: { permanent: true } },
      overrides: { repair: invalidRepair },
    });
    const state = await drive(
      await createRun(deps, { runId: "r", goal: "g", config: withExecutive({ replan: false }) }),
    );
    expect(taskDecisions(events).some((d) => d.trigger === "repair_failed")).toBe(true);
    expect(of(events, "plan.replanned")).toEqual([]);
    expect(state.plans).toHaveLength(1);
    expect(state.status).toBe("failed");
  });
});

describe("working memory", () => {
  const plan = [workTask("a"), workTask("b"), workTask("c", ["b"]), reportTask(["a", "c"])];
  const executeOf = (model: unknown, id: string) =>
    (model as ScriptedModel).prompts
      .map((p) => p.request.context)
      .find(
        (c): c is Extract<ModelContext, { purpose: "execute" }> =>
          c.purpose === "execute" && c.task.id === id,
      );

  it("off: a task sees every earlier output and the whole history instead of its upstream and memory", async () => {
    const on = makeDeps({ plan });
    await drive(await createRun(on.deps, { runId: "r", goal: "g", config: { concurrency: 1 } }));
    const off = makeDeps({ plan });
    await drive(
      await createRun(off.deps, {
        runId: "r",
        goal: "g",
        config: withExecutive({ workingMemory: false }, { concurrency: 1 }),
      }),
    );
    expect(executeOf(on.model, "c")?.inputs.map((i) => i.taskId)).toEqual(["b"]);
    expect(executeOf(off.model, "c")?.inputs.map((i) => i.taskId)).toEqual(["a", "b"]);
    expect(executeOf(off.model, "c")?.memory).toMatch(/^Goal: g\n/);
    expect(executeOf(off.model, "c")?.memory).toContain("a [work] succeeded");
    expect(executeOf(on.model, "c")?.memory).not.toMatch(/^Goal: g\n/);
  });
});
