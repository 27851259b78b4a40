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
});
