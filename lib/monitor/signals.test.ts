import { describe, expect, it } from "vitest";
import { initialState, type RecentCall, type RunState } from "../agent/state";
import { budgetBreach, isRepeating, iterationsWithoutProgress } from "./signals";

const call = (key: string, result = "ok:3 results"): RecentCall => ({ tool: "search", key, result });

const withCalls = (calls: RecentCall[]): RunState => ({ ...initialState("r"), recentCalls: calls });

describe("isRepeating", () => {
  it("is true when the same call returned the same result 3 times among other tasks' calls", () => {
    const s = withCalls([
      call("search:ev"),
      call("read:doc1", "ok:read"),
      call("search:ev"),
      call("search:px", "ok:5 results"),
      call("search:ev"),
    ]);
    expect(isRepeating(s, "search:ev")).toBe(true);
    expect(isRepeating(s, "search:px")).toBe(false);
  });

  it("is false after only 2 identical calls", () => {
    expect(isRepeating(withCalls([call("search:ev"), call("other"), call("search:ev")]), "search:ev")).toBe(
      false,
    );
  });

  it("is false when the same call returns different results", () => {
    const s = withCalls([call("search:ev", "ok:1"), call("search:ev", "ok:2"), call("search:ev", "ok:3")]);
    expect(isRepeating(s, "search:ev")).toBe(false);
  });

  it("counts results equal to the latest one, and is false without a key", () => {
    const s = withCalls([call("k", "a"), call("k", "b"), call("k", "a"), call("k", "a")]);
    expect(isRepeating(s, "k")).toBe(true);
    expect(isRepeating(withCalls([call("k"), call("k"), call("k")]), null)).toBe(false);
  });
});

describe("budgetBreach", () => {
  const start = 1_700_000_000_000;
  const running = (counters: Partial<RunState["counters"]> = {}): RunState => {
    const s = initialState("r");
    return { ...s, startedAt: start, counters: { ...s.counters, ...counters } };
  };

  it("is null while every budget has room", () => {
    expect(
      budgetBreach(running({ iterations: 59, toolCalls: 299, tokens: 1_999_999 }), start + 60_000),
    ).toBeNull();
  });

  it("reports the iteration budget", () => {
    expect(budgetBreach(running({ iterations: 60 }), start)).toEqual({
      budget: "iterations",
      limit: 60,
      used: 60,
    });
  });

  it("reports the tool call budget", () => {
    expect(budgetBreach(running({ toolCalls: 300 }), start)).toEqual({
      budget: "toolCalls",
      limit: 300,
      used: 300,
    });
  });

  it("reports the token budget", () => {
    expect(budgetBreach(running({ tokens: 2_500_000 }), start)).toEqual({
      budget: "tokens",
      limit: 2_000_000,
      used: 2_500_000,
    });
  });

  it("reports the wall-clock budget from the run's start, and ignores it before the run starts", () => {
    expect(budgetBreach(running(), start + 30 * 60_000)).toEqual({
      budget: "wallMs",
      limit: 30 * 60_000,
      used: 30 * 60_000,
    });
    expect(budgetBreach(initialState("r"), start + 30 * 60_000)).toBeNull();
  });
});

describe("iterationsWithoutProgress", () => {
  it("counts iterations since the last success", () => {
    expect(iterationsWithoutProgress({ ...initialState("r"), iteration: 7, lastProgressIteration: 3 })).toBe(
      4,
    );
  });
});
