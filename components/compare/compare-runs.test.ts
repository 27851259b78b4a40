import { describe, expect, it } from "vitest";
import { replay } from "@/lib/agent/reducer";
import type { RunState, TaskState } from "@/lib/agent/state";
import { alignTasks, compareMetrics, diffLines } from "./compare-runs";

const task = (id: string, status: TaskState["status"]) =>
  ({ id, title: `Task ${id}`, tool: "search", status }) as TaskState;

function state(runId: string, tasks: TaskState[], patch: Partial<RunState> = {}): RunState {
  const s = replay([], runId);
  return {
    ...s,
    tasks: Object.fromEntries(tasks.map((t) => [t.id, t])),
    taskOrder: tasks.map((t) => t.id),
    ...patch,
  };
}

describe("comparing two runs", () => {
  it("aligns the final plans by task id and marks what differs", () => {
    const a = state("a", [task("s1", "succeeded"), task("r1", "failed")], {
      decisions: [{ seq: 1, kind: "retry", trigger: "x", reason: "", taskId: "r1", attempt: 1 }],
    });
    const b = state("b", [task("s1", "succeeded"), task("r1", "succeeded"), task("r1-fix", "succeeded")]);
    const pairs = alignTasks(a, b);
    expect(pairs.map((p) => p.id)).toEqual(["s1", "r1", "r1-fix"]);
    expect(pairs.map((p) => p.same)).toEqual([true, false, false]);
    expect(pairs[1]?.decisionsA).toBe("retry");
    expect(pairs[2]?.a).toBeNull();
  });

  it("puts the metrics side by side with b − a", () => {
    const a = state("a", [task("s1", "succeeded")]);
    const b = state("b", [task("s1", "succeeded"), task("s2", "succeeded")]);
    const succeeded = compareMetrics(a, b).find((m) => m.label === "tasks succeeded");
    expect(succeeded).toMatchObject({ a: 1, b: 2, delta: 1 });
  });

  it("diffs reports by line", () => {
    expect(diffLines("# R\nsame\nold", "# R\nsame\nnew\nmore")).toEqual([
      { kind: "same", text: "# R" },
      { kind: "same", text: "same" },
      { kind: "only-a", text: "old" },
      { kind: "only-b", text: "new" },
      { kind: "only-b", text: "more" },
    ]);
  });
});
