import { describe, expect, it } from "vitest";
import type { EventOf } from "./events";
import { createRun, drive, resumeRun } from "./loop";
import { reduce, replay } from "./reducer";
import type { RunState } from "./state";
import { type Behaviour, makeDeps, reportTask, workTask } from "./testing/harness";

/** State without the wall-clock stamp, with lists whose order depends on which parallel call returned first sorted. */
function comparable(s: RunState) {
  const { updatedAt: _u, ...rest } = s;
  return {
    ...rest,
    recentCalls: [...s.recentCalls].sort((a, b) =>
      `${a.key}${a.result}`.localeCompare(`${b.key}${b.result}`),
    ),
    readDocuments: [...s.readDocuments].sort(),
  };
}

const plan = [
  workTask("a"),
  workTask("b"),
  workTask("c", ["a"]),
  workTask("d", ["b", "c"]),
  reportTask(["d"]),
];
const behaviours: Record<string, Behaviour> = { b: { transient: 1 }, c: { items: 1 }, "c:v2": { items: 4 } };
const overrides = {
  reflect: () => ({
    goalAlignment: "aligned",
    evidence: "thin",
    missingConditions: "a second item",
    conflicts: "none",
    nextAction: "use variant v2",
    action: "retry",
    hint: "v2",
    question: "",
    conclusion: "c needs variant v2",
  }),
};

async function uninterrupted() {
  const { deps, events } = makeDeps({ plan, behaviours, overrides });
  const state = await drive(await createRun(deps, { runId: "r", goal: "Research x" }));
  return { state, events };
}

describe("resuming a run", () => {
  it("ends in the same state from every prefix of its events, without re-running recorded tool calls", async () => {
    const full = await uninterrupted();
    expect(full.state.status).toBe("succeeded");
    expect(full.state.counters.retries).toBeGreaterThan(0);
    expect(full.state.counters.reflections).toBeGreaterThan(0);
    for (let k = 1; k < full.events.length; k++) {
      const prefix = full.events.slice(0, k);
      const { deps, events, work } = makeDeps({ plan, behaviours, overrides });
      work.catchUp(prefix);
      events.push(...prefix);
      const resumed = await drive(resumeRun(deps, prefix));
      expect(comparable(resumed), `resumed after seq ${k - 1}`).toEqual(comparable(full.state));
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
      const returnedBefore = new Set(
        prefix
          .filter((e): e is EventOf<"tool.returned"> => e.type === "tool.returned" && e.final && e.result.ok)
          .map((e) => `${e.taskId}:${e.attempt}`),
      );
      const reRun = events
        .slice(k)
        .filter((e): e is EventOf<"tool.called"> => e.type === "tool.called")
        .filter((e) => returnedBefore.has(`${e.taskId}:${e.attempt}`));
      expect(reRun, `re-ran recorded calls after seq ${k - 1}`).toEqual([]);
      expect(work.executions.length).toBeLessThanOrEqual(full.state.counters.toolCalls);
    }
  });

  it("replay of the log equals the live state, and reduce never mutates the state it is given", async () => {
    const full = await uninterrupted();
    expect(comparable(replay(full.events))).toEqual(comparable(full.state));
    let s = replay([]);
    for (const e of full.events) {
      const before = JSON.stringify(s);
      const next = reduce(s, e);
      expect(JSON.stringify(s), `reducing ${e.type} #${e.seq} changed its input`).toBe(before);
      s = next;
    }
  });
});

describe("rollback", () => {
  it("restores working memory exactly to the snapshot and re-runs the task with the reflection's hint", async () => {
    const { deps, events } = makeDeps({
      plan: [workTask("a"), workTask("b", ["a"]), reportTask(["b"])],
      behaviours: { b: { items: 1 }, "b:v2": { items: 3 } },
      overrides: {
        reflect: () => ({ ...overrides.reflect(), action: "rollback", conclusion: "b polluted memory" }),
      },
    });
    const state = await drive(await createRun(deps, { runId: "r", goal: "g", config: { concurrency: 1 } }));
    expect(state.status).toBe("succeeded");
    const rb = events.find((e): e is EventOf<"rollback"> => e.type === "rollback");
    expect(rb).toBeDefined();
    const snap = events.find(
      (e): e is EventOf<"snapshot.taken"> => e.type === "snapshot.taken" && e.snapshotId === rb?.snapshotId,
    );
    const before = replay(events.slice(0, (rb?.seq ?? 0) as number));
    const after = replay(events.slice(0, (rb?.seq ?? 0) + 1));
    expect(before.memory).not.toEqual(snap?.memory);
    expect(after.memory).toEqual(snap?.memory);
    expect(state.tasks.b?.hint).toBe("v2");
    expect(state.counters.rollbacks).toBe(1);
  });
});
