import { describe, expect, it } from "vitest";
import { bootstrapMean, passHatK, wilson } from "./stats";

describe("wilson", () => {
  it("matches published values", () => {
    // 4 of 5 and 2 of 5: the articles' experiment (Wilson 95%).
    const a = wilson(4, 5);
    expect(a.value).toBe(0.8);
    expect(a.low).toBeCloseTo(0.3755, 3);
    expect(a.high).toBeCloseTo(0.9638, 3);
    const b = wilson(2, 5);
    expect(b.low).toBeCloseTo(0.1176, 3);
    expect(b.high).toBeCloseTo(0.7693, 3);
  });
  it("stays inside [0, 1] at the edges and is empty for n = 0", () => {
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(10, 10).high).toBe(1);
    expect(wilson(10, 10).low).toBeGreaterThan(0.69);
    expect(wilson(0, 0)).toEqual({ value: 0, low: 0, high: 0, n: 0 });
  });
});

describe("bootstrapMean", () => {
  it("brackets the mean, narrows with more data and is reproducible", () => {
    const xs = Array.from({ length: 40 }, (_, i) => (i % 7) + 10);
    const r = bootstrapMean(xs);
    expect(r.low).toBeLessThan(r.value);
    expect(r.high).toBeGreaterThan(r.value);
    expect(bootstrapMean(xs)).toEqual(r);
    const wide = bootstrapMean(xs.slice(0, 8));
    expect(wide.high - wide.low).toBeGreaterThan(r.high - r.low);
  });
  it("collapses on constant data", () => {
    expect(bootstrapMean([3, 3, 3])).toEqual({ value: 3, low: 3, high: 3, n: 3 });
  });
});

describe("passHatK", () => {
  it("is the success rate at k = 1 and punishes inconsistency at larger k", () => {
    const s = [
      { successes: 5, runs: 5 },
      { successes: 4, runs: 5 },
    ];
    expect(passHatK(s, 1)).toBeCloseTo(0.9);
    // C(4,5)/C(5,5) = 0 for the second scenario.
    expect(passHatK(s, 5)).toBeCloseTo(0.5);
    expect(passHatK(s, 2)).toBeCloseTo((1 + 6 / 10) / 2);
  });
});
