import { describe, expect, it } from "vitest";
import type { TaskSpec } from "../planner/plan-schema";
import type { RunConfigInput } from "./config";
import type { EventOf, RunEvent } from "./events";
import { confidenceSeries, evictedEntries } from "./history";
import { createRun, drive } from "./loop";
import { replay } from "./reducer";
import { makeDeps, reportTask, workTask } from "./testing/harness";

async function run(plan: TaskSpec[], config: RunConfigInput = {}) {
  const { deps, events } = makeDeps({ plan });
  const state = await drive(await createRun(deps, { runId: "h", goal: "Research x", config }));
  return { state, events };
}

const chain = [workTask("a"), workTask("b", ["a"]), workTask("c", ["b"]), workTask("d", ["c"])];

/** The memory the reducer holds after each event, to compare the history against. */
function confidenceAfter(events: RunEvent[], seq: number, id: string) {
  return replay(events.slice(0, seq + 1)).memory.entries[id]?.confidence;
}

describe("confidenceSeries", () => {
  it("shows decay as a fall of ×0.95 per iteration", async () => {
    const { state, events } = await run([...chain, reportTask(["d"])], { concurrency: 1 });
    expect(state.status).toBe("succeeded");
    const points = confidenceSeries(events).get("result:a:1") ?? [];
    const decayed = points.filter((p) => events[p.seq]?.type === "memory.decayed");
    expect(decayed.length).toBeGreaterThanOrEqual(4);
    for (const [i, after] of decayed.entries()) {
      const before = decayed[i - 1];
      if (!before) continue;
      expect(after.iteration).toBe(before.iteration + 1);
      expect(after.confidence).toBeCloseTo(before.confidence * 0.95, 3);
    }
    // Every point is what the reducer held right after that event.
    for (const p of points) expect(p.confidence).toBe(confidenceAfter(events, p.seq, "result:a:1"));
    // Entries that do not decay (the goal) stay flat.
    expect(
      confidenceSeries(events)
        .get("goal")
        ?.map((p) => p.confidence),
    ).toEqual([1]);
  });

  it("shows a contradiction penalty as a drop on the contradicted entry", async () => {
    const { deps, events } = makeDeps({
      plan: [workTask("a"), workTask("b", ["a"]), reportTask(["b"])],
      behaviours: {
        a: { claims: [{ key: "price", value: "10" }] },
        b: { claims: [{ key: "price", value: "20" }] },
      },
    });
    const ctx = await createRun(deps, { runId: "h", goal: "Research x", config: { concurrency: 1 } });
    await drive(ctx);
    const held = ctx.state.memory.entries["result:a:1"]?.confidence ?? 0;
    // The penalty event exactly as the settle step writes it when a later result disagrees.
    await ctx.emit({
      type: "memory.updated",
      id: "result:a:1",
      patch: { confidence: Math.round(held * 0.7 * 1000) / 1000, extra: { contradictedBy: ["result:b:1"] } },
      reason: 'contradicted by result:b:1 on "price"',
    });
    const points = confidenceSeries(events).get("result:a:1") ?? [];
    const [before, drop] = points.slice(-2);
    expect(before?.confidence).toBe(held);
    expect(drop?.seq).toBe(events.at(-1)?.seq);
    expect(drop?.confidence).toBeCloseTo(held * 0.7, 3);
    expect(drop?.confidence).toBe(ctx.state.memory.entries["result:a:1"]?.confidence);
  });

  it("restores the snapshot's values on rollback and ends series of entries the snapshot lacks", async () => {
    const { deps, events } = makeDeps({ plan: [...chain, reportTask(["d"])] });
    const ctx = await createRun(deps, { runId: "h", goal: "Research x", config: { concurrency: 1 } });
    await drive(ctx);
    const snapshot = events.find(
      (e): e is EventOf<"snapshot.taken"> => e.type === "snapshot.taken" && e.snapshotId === "s3",
    );
    await ctx.emit({
      type: "rollback",
      snapshotId: "s3",
      taskIds: [],
      by: "person",
      reason: "undo",
      hint: "",
      memory: snapshot?.memory ?? { entries: {}, order: [] },
    });
    const rollbackSeq = events.at(-1)?.seq;
    const series = confidenceSeries(events);
    const points = series.get("result:a:1") ?? [];
    const restored = points.at(-1);
    expect(restored?.seq).toBe(rollbackSeq);
    expect(restored?.confidence).toBe(snapshot?.memory.entries["result:a:1"]?.confidence);
    expect(restored?.confidence).toBeGreaterThan(points.at(-2)?.confidence ?? 1);
    for (const p of points) expect(p.confidence).toBe(confidenceAfter(events, p.seq, "result:a:1"));
    // result:d:1 came after the snapshot: the rollback removes it, so its series has no point there.
    expect(series.get("result:d:1")?.some((p) => p.seq === rollbackSeq)).toBe(false);
  });
});

describe("evictedEntries", () => {
  it("lists what left memory over capacity, with when and why, and ends those series", async () => {
    const wide = ["a", "b", "c", "d", "e", "f", "g", "h"].map((id) => workTask(id));
    const { state, events } = await run([...wide, reportTask(wide.map((t) => t.id))], { memoryCapacity: 10 });
    const evicted = evictedEntries(events);
    expect(evicted.length).toBeGreaterThan(0);
    expect(evicted.map(({ iteration: _i, ...rest }) => rest)).toEqual(state.evicted);
    const series = confidenceSeries(events);
    for (const x of evicted) {
      const e = events[x.seq] as EventOf<"memory.evicted">;
      expect(e.type).toBe("memory.evicted");
      expect(x.iteration).toBe(replay(events.slice(0, x.seq + 1)).iteration);
      expect(x.reason).toContain("over capacity 10");
      expect(series.get(x.id)?.every((p) => p.seq < x.seq)).toBe(true);
    }
  });
});
