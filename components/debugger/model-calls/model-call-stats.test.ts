import { describe, expect, it } from "vitest";
import { createRun, drive } from "@/lib/agent/loop";
import { makeDeps, reportTask, workTask } from "@/lib/agent/testing/harness";
import { indexModelCalls, orderedGroups, taskCost } from "./model-call-stats";

async function runWithARetry() {
  // `b` returns an empty result first (a schema-invalid failure the gate retries), then succeeds.
  const { deps, events } = makeDeps({
    plan: [workTask("a"), workTask("b"), reportTask(["a", "b"])],
    behaviours: { b: { empty: true } },
  });
  const state = await drive(await createRun(deps, { runId: "stats", goal: "Research x" }));
  return { state, events };
}

describe("model-call totals", () => {
  it("groups the run's calls by purpose, the deliverable's execution as the report, and adds up to the run's counters", async () => {
    const { state, events } = await runWithARetry();
    const index = indexModelCalls(events, new Set(["report"]));
    const groups = orderedGroups(index.byGroup).map(([g]) => g);
    expect(groups[0]).toBe("clarify");
    expect(groups).toContain("plan");
    expect(groups).toContain("execute");
    expect(groups).toContain("report");
    expect(index.rows.filter((r) => r.group === "report").every((r) => r.taskId === "report")).toBe(true);
    expect(index.total.calls).toBe(state.counters.modelCalls);
    expect(index.total.tokensIn + index.total.tokensOut).toBe(state.counters.tokens);
    expect(index.total.toolCalls).toBe(events.filter((e) => e.type === "tool.returned").length);
    const summed = [...index.byGroup.values()].reduce((n, t) => n + t.calls, 0);
    expect(summed).toBe(index.total.calls);
  });

  it("splits one task's spend by attempt", async () => {
    const { state, events } = await runWithARetry();
    const b = state.tasks.b;
    expect(b?.attempt).toBeGreaterThan(1);
    const cost = taskCost(events, "b");
    expect(cost.attempts.map((a) => a.attempt)).toEqual(
      Array.from({ length: b?.attempt ?? 0 }, (_, i) => i + 1),
    );
    for (const a of cost.attempts) {
      expect(a.totals.calls).toBe(
        events.filter((e) => e.type === "model.called" && e.taskId === "b" && e.attempt === a.attempt).length,
      );
      expect(a.totals.toolCalls).toBeGreaterThan(0);
    }
    expect(cost.total.calls).toBe(cost.attempts.reduce((n, a) => n + a.totals.calls, 0));
  });

  it("places calls of logs recorded before the attempt field under the attempt then running", async () => {
    const { events } = await runWithARetry();
    const old = events.map((e) => (e.type === "model.called" ? { ...e, attempt: null } : e));
    const now = taskCost(events, "b").attempts.map((a) => [a.attempt, a.totals.calls]);
    expect(taskCost(old, "b").attempts.map((a) => [a.attempt, a.totals.calls])).toEqual(now);
  });
});
