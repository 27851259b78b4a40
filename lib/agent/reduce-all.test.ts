import { describe, expect, it } from "vitest";
import { driveLongRun } from "../bench/long-run";
import type { RunEvent } from "./events";
import { createRun, drive } from "./loop";
import { reduce, reduceAll } from "./reducer";
import { initialState, type RunState } from "./state";
import { type Behaviour, makeDeps, reportTask, workTask } from "./testing/harness";

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function topLevelCopy(state: RunState): RunState {
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(state))
    copy[k] = Array.isArray(v) ? [...v] : typeof v === "object" && v !== null ? { ...v } : v;
  return copy as unknown as RunState;
}

/**
 * From every `stride`-th state, `reduceAll` over the next `span` events equals folding `reduce`
 * one event at a time, and leaves the state it starts from untouched; so does reducing in place
 * into a state whose top-level containers the caller owns.
 */
function checkAgainstFold(events: readonly RunEvent[], stride: number, spans: number[]): number {
  const runId = events[0]?.runId ?? "";
  const states: RunState[] = [];
  let state = initialState(runId);
  for (const e of events) {
    state = reduce(state, e);
    states.push(state);
  }
  expect(reduceAll(initialState(runId), events)).toEqual(states.at(-1));
  let checked = 0;
  for (let from = 0; from < events.length; from += stride) {
    // Frozen: a write into the base state, or into anything it shares with later states, throws.
    const base = deepFreeze(structuredClone(states[from] as RunState));
    for (const span of spans) {
      const to = Math.min(events.length - 1, from + span);
      expect(reduceAll(base, events.slice(from + 1, to + 1)), `${from} → ${to}`).toEqual(states[to]);
      // As a snapshot read hands it over: new top-level containers around shared, frozen contents.
      const owned = topLevelCopy(base);
      expect(
        reduceAll(owned, events.slice(from + 1, to + 1), { owned: true }),
        `owned ${from} → ${to}`,
      ).toEqual(states[to]);
      checked++;
    }
  }
  return checked;
}

describe("reduceAll", () => {
  it("equals the one-event fold on a long run with rollbacks, reflections, decay and eviction", async () => {
    const { events, status } = await driveLongRun("long", 30, async () => {}, Number.MAX_SAFE_INTEGER);
    expect(status).toBe("succeeded");
    const types = new Set(events.map((e) => e.type));
    for (const t of ["rollback", "reflection", "memory.decayed", "memory.evicted", "snapshot.taken"])
      expect(types, t).toContain(t);
    expect(checkAgainstFold(events, 13, [1, 5, 40, 200, 2_000])).toBeGreaterThan(100);
  });

  it("equals the one-event fold on a run with retries, repairs and skipped tasks", async () => {
    const plan = [
      workTask("a"),
      workTask("b"),
      workTask("c", ["a"]),
      workTask("d", ["b", "c"]),
      reportTask(["d"]),
    ];
    const behaviours: Record<string, Behaviour> = {
      a: { transient: 1 },
      b: { permanent: true },
      c: { items: 1 },
      "c:v2": { items: 4 },
    };
    const { deps, events } = makeDeps({ plan, behaviours });
    await drive(await createRun(deps, { runId: "r", goal: "Research x" }));
    const types = new Set(events.map((e) => e.type));
    for (const t of ["plan.repaired", "task.failed", "decision"]) expect(types, t).toContain(t);
    expect(checkAgainstFold(events, 3, [1, 4, 30, 1_000])).toBeGreaterThan(20);
  });
});
