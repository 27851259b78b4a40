import { describe, expect, it } from "vitest";
import { checkCriterion } from "../monitor/criteria";
import type { TaskSpec } from "./plan-schema";
import { findCycle, fixByRule, type ValidationContext, validatePlan } from "./validate-plan";

const task = (id: string, over: Partial<TaskSpec> = {}): TaskSpec => ({
  id,
  title: `Task ${id}`,
  tool: "search",
  input: {},
  dependencies: [],
  successCriteria: [{ kind: "non_empty", field: "results" }],
  expectedOutput: "",
  deliverable: false,
  ...over,
});

const report = (deps: string[] = []) =>
  task("report", { tool: "compose_report", dependencies: deps, deliverable: true });

const ctx: ValidationContext = { knownTools: new Set(["search", "read", "compose_report"]), maxTasks: 15 };

const rules = (tasks: TaskSpec[], c: ValidationContext = ctx) => validatePlan(tasks, c).map((v) => v.rule);

describe("validatePlan", () => {
  it("accepts a valid plan with no violations", () => {
    expect(validatePlan([task("a"), task("b", { dependencies: ["a"] }), report(["b"])], ctx)).toEqual([]);
  });

  it("non_empty: rejects a plan with no tasks", () => {
    expect(rules([])).toContain("non_empty");
  });

  it("max_tasks: allows 15 tasks and rejects 16", () => {
    const many = (n: number) => [
      ...Array.from({ length: n - 1 }, (_, i) => task(`t${i}`)),
      report(Array.from({ length: n - 1 }, (_, i) => `t${i}`)),
    ];
    expect(rules(many(15))).toEqual([]);
    const v = validatePlan(many(16), ctx);
    expect(v.map((x) => x.rule)).toEqual(["max_tasks"]);
    expect(v[0]?.message).toContain("16 tasks; at most 15");
  });

  it("feeds_deliverable: names a task the deliverable does not depend on", () => {
    const v = validatePlan([task("a"), task("offgoal"), report(["a"])], ctx);
    expect(v).toEqual([expect.objectContaining({ rule: "feeds_deliverable", taskId: "offgoal" })]);
    // Indirect dependencies count.
    expect(rules([task("a"), task("b", { dependencies: ["a"] }), report(["b"])])).toEqual([]);
  });

  it("unique_ids: names the id used twice", () => {
    expect(validatePlan([task("a"), task("a"), report()], ctx)).toContainEqual(
      expect.objectContaining({ rule: "unique_ids", taskId: "a" }),
    );
  });

  it("known_tool: names the task and lists the tools it may use", () => {
    const [v] = validatePlan([task("a", { tool: "browse" }), report()], ctx);
    expect(v).toMatchObject({ rule: "known_tool", taskId: "a" });
    expect(v?.message).toContain('"browse"');
    expect(v?.message).toContain("search, read, compose_report");
  });

  it("criteria: rejects a task without criteria", () => {
    expect(validatePlan([task("a", { successCriteria: [] }), report(["a"])], ctx)).toEqual([
      { rule: "criteria", taskId: "a", message: 'Task "a" has no success criteria.' },
    ]);
  });

  it("criteria: rejects a pattern that cannot be compiled as checkCriterion compiles it", () => {
    for (const pattern of ["(unclosed", "USD\\-[0-9]+", "a{"]) {
      const bad = task("a", { successCriteria: [{ kind: "matches", field: "text", pattern }] });
      expect(validatePlan([bad, report(["a"])], ctx), pattern).toEqual([
        expect.objectContaining({ rule: "criteria", taskId: "a" }),
      ]);
    }
    // What passes validation must not throw when the criterion is checked.
    const ok = { kind: "matches" as const, field: "text", pattern: "USD [0-9.]+ (billion|million)" };
    expect(rules([task("a", { successCriteria: [ok] }), report(["a"])])).toEqual([]);
    expect(checkCriterion(ok, { text: "usd 4.2 billion" }).met).toBe(true);
  });

  it("dependencies_exist: names the task and the unknown dependency", () => {
    const [v] = validatePlan([task("a", { dependencies: ["ghost"] }), report(["a"])], ctx);
    expect(v).toMatchObject({ rule: "dependencies_exist", taskId: "a" });
    expect(v?.message).toContain('"ghost"');
  });

  it("acyclic: rejects a task that depends on itself", () => {
    expect(validatePlan([task("a", { dependencies: ["a"] }), report(["a"])], ctx)).toEqual([
      { rule: "acyclic", taskId: "a", message: 'Task "a" depends on itself.' },
    ]);
  });

  it("acyclic: rejects a 3-cycle and names its path", () => {
    const tasks = [
      task("a", { dependencies: ["c"] }),
      task("b", { dependencies: ["a"] }),
      task("c", { dependencies: ["b"] }),
      report(["c"]),
    ];
    expect(findCycle(tasks)).toEqual(["a", "c", "b", "a"]);
    const v = validatePlan(tasks, ctx);
    expect(v).toEqual([expect.objectContaining({ rule: "acyclic", taskId: "a" })]);
    expect(v[0]?.message).toContain("a → c → b → a");
  });

  it("findCycle returns null for a DAG with shared dependencies", () => {
    const diamond = [
      task("a"),
      task("b", { dependencies: ["a"] }),
      task("c", { dependencies: ["a"] }),
      report(["b", "c"]),
    ];
    expect(findCycle(diamond)).toBeNull();
  });

  it("deliverable: rejects a plan with none and a plan with two", () => {
    const none = validatePlan([task("a")], ctx);
    expect(none).toEqual([expect.objectContaining({ rule: "deliverable" })]);
    expect(none[0]?.message).toContain("No task is marked");
    const two = validatePlan([task("a", { deliverable: true }), report(["a"])], ctx);
    expect(two).toEqual([expect.objectContaining({ rule: "deliverable" })]);
    expect(two[0]?.message).toContain("2 tasks are marked");
  });

  it("keep_done: a replan may depend on a done task but not redefine it", () => {
    const replan = { ...ctx, doneIds: new Set(["a"]) };
    expect(rules([task("b", { dependencies: ["a"] }), report(["b"])], replan)).toEqual([]);
    expect(validatePlan([task("a", { title: "Search again" }), report(["a"])], replan)).toEqual([
      { rule: "keep_done", taskId: "a", message: 'Task "a" is already done and must not be redefined.' },
    ]);
  });

  it("reports every violation at once", () => {
    const tasks = [task("a", { tool: "x", successCriteria: [], dependencies: ["zz"] }), task("a")];
    expect(new Set(rules(tasks))).toEqual(
      new Set(["unique_ids", "known_tool", "criteria", "dependencies_exist", "deliverable"]),
    );
  });
});

describe("fixByRule", () => {
  const chain = (n: number) => Array.from({ length: n }, (_, i) => task(`t${i}`));
  const plan = (feeding: number, offGoal: number) => [
    ...chain(feeding),
    ...Array.from({ length: offGoal }, (_, i) => task(`off${i}`)),
    report(chain(feeding).map((t) => t.id)),
  ];

  it("drops tasks that lead nowhere, also when they made the plan too long", () => {
    const tasks = plan(13, 3);
    const fixed = fixByRule(tasks, validatePlan(tasks, ctx), ctx.maxTasks);
    expect(fixed?.tasks.map((t) => t.id)).not.toContain("off0");
    expect(fixed?.tasks).toHaveLength(14);
    expect(validatePlan(fixed?.tasks ?? [], ctx)).toEqual([]);
  });

  it("leaves a plan too long on its own to the model", () => {
    const tasks = plan(16, 1);
    expect(fixByRule(tasks, validatePlan(tasks, ctx), ctx.maxTasks)).toBeNull();
    const long = plan(16, 0);
    expect(fixByRule(long, validatePlan(long, ctx), ctx.maxTasks)).toBeNull();
  });
});
