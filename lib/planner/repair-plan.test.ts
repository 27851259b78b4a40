import { describe, expect, it } from "vitest";
import type { TaskSpec } from "./plan-schema";
import { applyRepair, mergeReplan, RepairError, RepairProposal } from "./repair-plan";

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

// "done" has finished; "b" failed; "c" and the report depend on it.
const plan = (): TaskSpec[] => [
  task("done"),
  task("b", { dependencies: ["done"] }),
  task("c", { dependencies: ["b", "done"] }),
  task("report", { tool: "compose_report", dependencies: ["b", "c"], deliverable: true }),
];

const proposal = (p: Partial<RepairProposal> & Pick<RepairProposal, "action">) =>
  RepairProposal.parse({ reason: "the search found nothing", ...p });

const byId = (tasks: TaskSpec[], id: string) => tasks.find((t) => t.id === id);

describe("applyRepair", () => {
  it("insert_fix_task inserts a prerequisite the fix needs, and the failed task waits for the fix", () => {
    const find = task("b-find");
    const fetch = task("b-fetch", { tool: "read", dependencies: ["done"] });
    const out = applyRepair(
      plan(),
      "b",
      proposal({ action: "insert_fix_task", task: fetch, prerequisite: find, replaceFailed: false }),
    );
    expect(byId(out, "b-fetch")?.dependencies).toEqual(["done", "b-find"]);
    expect(byId(out, "b")?.dependencies).toEqual(["done", "b-fetch"]);
    expect(byId(out, "b-find")?.deliverable).toBe(false);
    expect(() =>
      applyRepair(plan(), "b", proposal({ action: "insert_fix_task", task: fetch, prerequisite: task("c") })),
    ).toThrow(RepairError);
  });

  it("rewrite_task replaces the failed task under the same id and keeps its deliverable flag", () => {
    const rewritten = task("report", { title: "Compose a shorter report", tool: "compose_report" });
    const out = applyRepair(plan(), "report", proposal({ action: "rewrite_task", task: rewritten }));
    expect(byId(out, "report")).toEqual({ ...rewritten, deliverable: true });
    expect(out.map((t) => t.id)).toEqual(["done", "b", "c", "report"]);
  });

  it("rewrite_task refuses a task with another id", () => {
    const other = proposal({ action: "rewrite_task", task: task("b2") });
    expect(() => applyRepair(plan(), "b", other)).toThrow(RepairError);
    expect(() => applyRepair(plan(), "b", other)).toThrow('must keep the id "b"');
  });

  it("insert_fix_task replacing the failed task drops it and reroutes its dependents to the fix", () => {
    const fix = task("b-fix", { tool: "read", dependencies: ["done"] });
    const out = applyRepair(plan(), "b", proposal({ action: "insert_fix_task", task: fix }));
    expect(byId(out, "b")).toBeUndefined();
    expect(byId(out, "b-fix")).toEqual(fix);
    expect(byId(out, "c")?.dependencies).toEqual(["b-fix", "done"]);
    expect(byId(out, "report")?.dependencies).toEqual(["b-fix", "c"]);
  });

  it("insert_fix_task replacing the deliverable makes the fix the deliverable", () => {
    const fix = task("report-2", { tool: "compose_report", dependencies: ["b", "c"] });
    const out = applyRepair(plan(), "report", proposal({ action: "insert_fix_task", task: fix }));
    expect(out.filter((t) => t.deliverable).map((t) => t.id)).toEqual(["report-2"]);
  });

  it("insert_fix_task without replacing runs the fix first and retries the failed task after it", () => {
    const fix = task("b-fix", { deliverable: true });
    const out = applyRepair(
      plan(),
      "b",
      proposal({ action: "insert_fix_task", task: fix, replaceFailed: false }),
    );
    expect(byId(out, "b")?.dependencies).toEqual(["done", "b-fix"]);
    expect(byId(out, "b-fix")?.deliverable).toBe(false);
    expect(byId(out, "c")?.dependencies).toEqual(["b", "done"]);
  });

  it("insert_fix_task refuses an id that is already in the plan", () => {
    const clash = proposal({ action: "insert_fix_task", task: task("c") });
    expect(() => applyRepair(plan(), "b", clash)).toThrow('Task id "c" already exists.');
  });

  it("skip_task removes the task and every dependency edge on it", () => {
    const out = applyRepair(plan(), "b", proposal({ action: "skip_task" }));
    expect(out.map((t) => t.id)).toEqual(["done", "c", "report"]);
    expect(out.some((t) => t.dependencies.includes("b"))).toBe(false);
    expect(byId(out, "c")?.dependencies).toEqual(["done"]);
  });

  it("skip_task hands the skipped task's own dependencies to its dependents", () => {
    const out = applyRepair(plan(), "b", proposal({ action: "skip_task" }));
    expect(byId(out, "report")?.dependencies.sort()).toEqual(["c", "done"]);
  });

  it("skip_task refuses to skip the deliverable", () => {
    expect(() => applyRepair(plan(), "report", proposal({ action: "skip_task" }))).toThrow(
      "The deliverable task cannot be skipped.",
    );
  });

  it("refuses a repair of a task that is not in the plan, or a proposal without its task", () => {
    expect(() => applyRepair(plan(), "nope", proposal({ action: "skip_task" }))).toThrow(RepairError);
    expect(() => applyRepair(plan(), "b", proposal({ action: "rewrite_task" }))).toThrow(RepairError);
    expect(() => applyRepair(plan(), "b", proposal({ action: "insert_fix_task" }))).toThrow(RepairError);
  });

  it("leaves done tasks untouched by every repair", () => {
    const before = plan();
    const repairs = [
      proposal({ action: "rewrite_task", task: task("b", { title: "Search wider" }) }),
      proposal({ action: "insert_fix_task", task: task("b-fix") }),
      proposal({ action: "insert_fix_task", task: task("b-fix"), replaceFailed: false }),
      proposal({ action: "skip_task" }),
    ];
    for (const r of repairs) {
      const out = applyRepair(before, "b", r);
      expect(byId(out, "done"), r.action).toEqual(task("done"));
      expect(out[0]?.id).toBe("done");
    }
    expect(before).toEqual(plan());
  });
});

describe("mergeReplan", () => {
  it("keeps done tasks first and as they were, then the new remaining tasks", () => {
    const done = [task("a"), task("b", { dependencies: ["a"] })];
    const remaining = [task("c", { dependencies: ["b"] }), task("report", { deliverable: true })];
    expect(mergeReplan(done, remaining).map((t) => t.id)).toEqual(["a", "b", "c", "report"]);
  });

  it("ignores a remaining task that reuses a done id", () => {
    const done = [task("a", { title: "Original search" })];
    const out = mergeReplan(done, [task("a", { title: "Redefined" }), task("report", { deliverable: true })]);
    expect(out.map((t) => t.id)).toEqual(["a", "report"]);
    expect(byId(out, "a")?.title).toBe("Original search");
  });
});
