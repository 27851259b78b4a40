import { describe, expect, it } from "vitest";
import type { EventOf, RunEvent, RunEventType } from "./events";
import { createRun, drive } from "./loop";
import { invalidRepair, makeDeps, reportTask, workTask } from "./testing/harness";

const of = <T extends RunEventType>(events: readonly RunEvent[], type: T) =>
  events.filter((e): e is EventOf<T> => e.type === type);

describe("a step no repair can fix", () => {
  it("is re-planned a bounded number of times, then left out, and the run still ends with its report", async () => {
    const { deps, events } = makeDeps({
      plan: [workTask("a"), workTask("b", ["a"]), reportTask(["b"])],
      behaviours: { a: { permanent: true } },
      overrides: { repair: invalidRepair },
    });
    const state = await drive(await createRun(deps, { runId: "r", goal: "g" }));
    const replans = of(events, "plan.replanned").filter((e) => e.trigger === "repair_failed");
    expect(replans).toHaveLength(2);
    // Each re-plan runs the kept step again rather than leaving it stuck half-settled.
    expect(of(events, "tool.called").filter((e) => e.taskId === "a").length).toBeGreaterThanOrEqual(3);
    expect(of(events, "task.skipped").map((e) => e.taskId)).toContain("a");
    expect(state.status).not.toBe("running");
  });

  it("ends the run, saying why, when the deliverable itself still fails after as many re-plans", async () => {
    const report = {
      ...reportTask(["a"]),
      successCriteria: [{ kind: "min_count" as const, field: "sections", min: 5 }],
    };
    // Each re-plan keeps the finished step and plans the report again, which fails the same way.
    const { deps, events } = makeDeps({
      plan: [workTask("a"), report],
      overrides: {
        repair: invalidRepair,
        plan: (c) => ({
          rationale: "test plan",
          tasks: c.purpose === "plan" && c.mode !== "initial" ? [report] : [workTask("a"), report],
        }),
      },
    });
    const state = await drive(await createRun(deps, { runId: "r", goal: "g" }));
    expect(state.status).toBe("failed");
    const failed = of(events, "run.failed");
    expect(failed.map((e) => e.code)).toEqual(["deliverable_failed"]);
    expect(failed[0]?.reason).toMatch(/still fails after 2 re-plans/);
    // Bounded: no thrash of plans and identical calls until the iterations budget is spent.
    expect(of(events, "plan.replanned").length).toBeLessThanOrEqual(3);
  });
});
