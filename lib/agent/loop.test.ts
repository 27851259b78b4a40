import { describe, expect, it } from "vitest";
import { createRun, drive } from "./loop";
import { makeDeps, reportTask, workTask } from "./testing/harness";

const types = (events: { type: string }[]) => events.map((e) => e.type);

describe("the loop on a happy path", () => {
  it("runs ~8 tasks in dependency order and finishes with the deliverable", async () => {
    const plan = [
      workTask("a"),
      workTask("b"),
      workTask("c"),
      workTask("d", ["a"]),
      workTask("e", ["b"]),
      workTask("f", ["c", "d"]),
      workTask("g", ["e", "f"]),
      reportTask(["g"]),
    ];
    const { deps, events, work } = makeDeps({ plan });
    const ctx = await createRun(deps, { runId: "r1", goal: "Research x" });
    const state = await drive(ctx);
    expect(state.status).toBe("succeeded");
    expect(Object.values(state.tasks).every((t) => t.status === "succeeded")).toBe(true);
    expect(work.executions.sort()).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
    const order = events
      .filter((e) => e.type === "task.succeeded")
      .map((e) => (e as { taskId: string }).taskId);
    expect(order.indexOf("d")).toBeGreaterThan(order.indexOf("a"));
    expect(order.indexOf("g")).toBeGreaterThan(order.indexOf("f"));
    expect(order.at(-1)).toBe("report");
    expect(types(events)).toContain("snapshot.taken");
    expect(types(events)).toContain("memory.decayed");
    expect(state.outcome?.reportArtifactId).toBe("report");
    expect(state.artifacts.report?.data).toContain("# Report");
    expect(state.decisions.every((d) => d.trigger && d.reason)).toBe(true);
  });
});
