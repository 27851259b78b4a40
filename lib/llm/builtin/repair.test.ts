import { describe, expect, it } from "vitest";
import type { GoalSpec, TaskSpec } from "../../planner/plan-schema";
import { applyRepair, RepairProposal } from "../../planner/repair-plan";
import { validatePlan } from "../../planner/validate-plan";
import { researchToolSummaries } from "../../tools";
import { clarify } from "./clarify";
import { planResearch } from "./plan";
import { repair } from "./repair";

const tools = researchToolSummaries();
const knownTools = new Set(tools.map((t) => t.name));
const GOAL = "Project X market size and growth in Asia-Pacific";
const spec = clarify({ purpose: "clarify", goal: GOAL, answers: [] }).spec as GoalSpec;
const tasks = planResearch(spec, GOAL, knownTools, 15).tasks;
const byId = (id: string) => tasks.find((t) => t.id === id) as TaskSpec;

type RepairContext = Parameters<typeof repair>[0];
const propose = (failed: TaskSpec, failure: string, over: Partial<RepairContext> = {}) =>
  RepairProposal.parse(
    repair({ purpose: "repair", goal: GOAL, spec, failed, failure, tasks, done: [], tools, ...over }),
  );

const stillValid = (failedId: string, proposal: RepairProposal) =>
  validatePlan(applyRepair(tasks, failedId, proposal), { knownTools, maxTasks: 20 });

describe("repair", () => {
  it("rewrites a search that found too little with a broader query of fewer terms", () => {
    const p = propose(byId("s1"), "Criteria not met: at least 2 search results (1 of 2).");
    expect(p.action).toBe("rewrite_task");
    expect(p.task?.id).toBe("s1");
    expect(p.task?.input.query).toBe("market size");
    expect(String(p.task?.input.query).split(" ").length).toBeLessThan(
      String(byId("s1").input.query).split(" ").length,
    );
    expect(p.reason).toMatch(/fewer terms/);
    expect(stillValid("s1", p)).toEqual([]);
  });

  it("feeds a failed read with a new search and retries the read after it", () => {
    const p = propose(byId("r2"), "read failed with invalid_input");
    expect(p).toMatchObject({ action: "insert_fix_task", replaceFailed: false });
    expect(p.task).toMatchObject({ id: "r2-fix", tool: "search", input: { query: "growth" } });
    const repaired = applyRepair(tasks, "r2", p);
    expect(repaired.find((t) => t.id === "r2")?.dependencies).toEqual(["s2", "r2-fix"]);
    expect(stillValid("r2", p)).toEqual([]);
  });

  it("broadens the topic of a failed extract", () => {
    const p = propose({ ...byId("x3"), input: { topic: "Project X Asia-Pacific" } }, "0 facts");
    expect(p).toMatchObject({ action: "rewrite_task", task: { id: "x3", input: { topic: "Asia-Pacific" } } });
  });

  it("skips a non-deliverable step that rewording cannot fix", () => {
    const p = propose(byId("check"), "draft.md cites documents it may not use");
    expect(p.action).toBe("skip_task");
    expect(p.reason).toBeTruthy();
    expect(stillValid("check", p)).toEqual([]);
  });

  it("never skips the deliverable", () => {
    const p = propose(byId("report"), "compose_report failed with not_read");
    expect(p.action).toBe("rewrite_task");
    expect(p.task?.deliverable).toBe(true);
    expect(stillValid("report", p)).toEqual([]);
  });

  it("skips a search when no broader wording is left", () => {
    const goal = "Compare Loomwork and Relaywright";
    const compare = clarify({ purpose: "clarify", goal, answers: [] }).spec as GoalSpec;
    const plan = planResearch(compare, goal, knownTools, 15).tasks;
    const failed = plan.find((t) => t.id === "s1") as TaskSpec;
    expect(failed.input.query).toBe("Loomwork");
    const p = repair({
      purpose: "repair",
      goal,
      spec: compare,
      failed,
      failure: "No documents",
      tasks: plan,
      done: [],
      tools,
    });
    expect(p).toMatchObject({ action: "skip_task", task: null });
    expect(p.reason).toMatch(/no broader wording/);
  });

  it("looks for a calculation's missing input: a search and a read of what it finds, then calculates again", () => {
    const calc: TaskSpec = {
      id: "calc1",
      title: "Calculate the total",
      tool: "calculate",
      input: { operation: "product" },
      dependencies: ["x1"],
      successCriteria: [{ kind: "non_empty", field: "formatted" }],
      expectedOutput: "",
      deliverable: false,
    };
    const failure =
      "calculate failed with not_found: Nothing to calculate: Total: no per-unit figure found for Loomwork.";
    const withCalc = [
      ...tasks.map((t) => (t.deliverable ? { ...t, dependencies: [...t.dependencies, "calc1"] } : t)),
      calc,
    ];
    const p = propose(calc, failure, { tasks: withCalc, maxTasks: 30 });
    expect(p).toMatchObject({ action: "insert_fix_task", replaceFailed: false });
    expect(p.prerequisite?.tool).toBe("search");
    expect(String(p.prerequisite?.input.query)).toMatch(/^Loomwork /);
    expect(p.task?.tool).toBe("read");
    expect(p.task?.input).toEqual({ preferSearch: "calc1-find" });
    const after = applyRepair(withCalc, "calc1", p);
    expect(validatePlan(after, { knownTools, maxTasks: 30 })).toEqual([]);
    expect(after.find((t) => t.id === "calc1")?.dependencies).toEqual(["x1", "calc1-fetch"]);
    // No room left in the plan: it goes on without the figure.
    const full = propose(calc, failure, { tasks: withCalc, maxTasks: withCalc.length });
    expect(full.action).toBe("skip_task");
  });
});
