import { describe, expect, it } from "vitest";
import type { TaskSpec } from "@/lib/planner/plan-schema";
import { countChanges, describeChange, diffPlans } from "./plan-diff";

const task = (id: string, over: Partial<TaskSpec> = {}): TaskSpec => ({
  id,
  title: `Task ${id}`,
  tool: "search",
  input: { query: id, limit: 5 },
  dependencies: [],
  successCriteria: [{ kind: "min_count", field: "results", min: 3 }],
  expectedOutput: "",
  deliverable: false,
  ...over,
});

describe("diffPlans", () => {
  it("marks added, removed, changed and unchanged tasks", () => {
    const v1 = [task("a"), task("b"), task("c", { dependencies: ["a"] })];
    const v2 = [
      task("a"),
      task("c", { tool: "fetch", input: { url: "x" }, dependencies: ["a"] }),
      task("d", { dependencies: ["c"] }),
    ];
    const rows = diffPlans(v1, v2);
    expect(rows.map((r) => [r.id, describeChange(r)])).toEqual([
      ["a", "same"],
      ["b", "removed"],
      ["c", "changed: tool, input"],
      ["d", "added"],
    ]);
    expect(countChanges(rows)).toEqual({ added: 1, removed: 1, changed: 1, same: 1 });
  });

  it("reports title, dependency and criteria changes", () => {
    const rows = diffPlans(
      [task("a", { dependencies: ["x"] })],
      [task("a", { title: "New", dependencies: ["x", "y"], successCriteria: [] })],
    );
    expect(rows[0]?.changes).toEqual(["title", "dependencies", "criteria"]);
  });

  it("ignores key order in inputs and the order of dependencies", () => {
    const rows = diffPlans(
      [task("a", { input: { limit: 5, query: "a" }, dependencies: ["x", "y"] })],
      [task("a", { input: { query: "a", limit: 5 }, dependencies: ["y", "x"] })],
    );
    expect(rows[0]?.kind).toBe("same");
  });

  it("keeps a removed first task at the top", () => {
    const rows = diffPlans([task("gone"), task("a")], [task("a")]);
    expect(rows.map((r) => `${r.id}:${r.kind}`)).toEqual(["gone:removed", "a:same"]);
  });

  it("compares a plan with itself as all same, and empty plans as nothing", () => {
    const v = [task("a"), task("b")];
    expect(diffPlans(v, v).every((r) => r.kind === "same")).toBe(true);
    expect(diffPlans([], [])).toEqual([]);
    expect(diffPlans([], v).map((r) => r.kind)).toEqual(["added", "added"]);
  });
});
