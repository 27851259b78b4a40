import { describe, expect, it } from "vitest";
import { fewerOrMore, summarise, targets } from "./aggregate";
import type { Arm, CaseResult, Category } from "./results";

describe("aggregate", () => {
  const base: CaseResult = {
    scenarioId: "s1",
    category: "tool_failure",
    arm: "full",
    seed: 1,
    success: true,
    failures: [],
    runId: "r",
    status: "succeeded",
    toolCalls: 10,
    modelCalls: 10,
    tokens: 1000,
    reflections: 0,
    justifiedReflections: 0,
    spuriousReflections: 0,
    interventions: 0,
    effectiveInterventions: 0,
    gateScored: 0,
    gateCorrect: 0,
    reruns: 0,
    askedUser: 0,
    needsUser: false,
    wallMs: 1000,
    criticalPathMs: 1000,
    unfiredFaults: [],
    eventsFile: null,
    codePaths: 0,
    modelPaths: 0,
    skillFirings: {},
    tiers: [],
  };
  const c = (over: Partial<CaseResult>): CaseResult => ({ ...base, ...over });
  const seeds = (arm: Arm, scenarioId: string, category: Category, over: Partial<CaseResult>[]) =>
    over.map((o, i) => c({ arm, scenarioId, category, seed: i + 1, ...o }));

  it("summarises success with a Wilson interval, sums re-runs and scores the rates", () => {
    const cases = [
      ...seeds("full", "a", "tool_failure", [
        { gateScored: 1, gateCorrect: 1, wallMs: 1200 },
        { gateScored: 1, gateCorrect: 0, reruns: 2, success: false, failures: ["x"] },
      ]),
      ...seeds("full", "b", "missing_info", [
        { needsUser: true, askedUser: 1 },
        // An honest stop: judged a success, but it never finished, so it has no wall-time ratio.
        { needsUser: true, askedUser: 0, reruns: 1, status: "waiting", wallMs: 99_000 },
      ]),
    ];
    const s = summarise("full", "all", cases);
    expect(s.runs).toBe(4);
    expect(s.successes).toBe(3);
    // Wilson 95% for 3 of 4, by hand: centre 0.6275, half-width 0.3269.
    expect(s.success.value).toBe(0.75);
    expect(s.success.low).toBeCloseTo(0.3006, 3);
    expect(s.success.high).toBeCloseTo(0.9544, 3);
    expect(s.reruns).toBe(3);
    expect(s.gateAccuracy?.value).toBe(0.5);
    expect(s.gateAccuracy?.n).toBe(2);
    expect(s.askUser.recall?.value).toBe(0.5);
    expect(s.askUser.precision?.value).toBe(1);
    expect(s.repairEffectiveness).toBeNull();
    expect(s.reflections.justifiedRate).toBeNull();
    // Only finished runs count towards wall time: (1.2 + 1 + 1) / 3; the stopped run's 99 s is left out.
    expect(s.wallRatio?.value).toBeCloseTo(3.2 / 3, 10);
    // pass^k: per scenario C(c,k)/C(n,k), averaged; a is 1 of 2, b is 2 of 2.
    expect(s.passK).toEqual([
      { k: 1, value: 0.75 },
      { k: 2, value: 0.5 },
    ]);
  });

  const toolCallSummaries = (full: number, baseline: number, over: Partial<CaseResult> = {}) => {
    const cases = [
      ...seeds("full", "a", "tool_failure", [
        { toolCalls: full, ...over },
        { toolCalls: full, ...over },
      ]),
      ...seeds("baseline", "a", "tool_failure", [{ toolCalls: baseline }, { toolCalls: baseline }]),
    ];
    const of = (arm: Arm) => cases.filter((x) => x.arm === arm);
    return [summarise("full", "all", of("full")), summarise("baseline", "all", of("baseline"))];
  };
  const target = (name: string, summaries: ReturnType<typeof toolCallSummaries>) => {
    const t = targets(summaries).find((x) => x.name === name);
    if (!t) throw new Error(`no target "${name}"`);
    return t;
  };
  const FEWER = "full vs baseline: fewer tool calls";

  it("meets the tool-call target at exactly 30% fewer, and not below", () => {
    expect(target(FEWER, toolCallSummaries(7, 10)).met).toBe(true);
    expect(target(FEWER, toolCallSummaries(7, 10)).measured).toMatch(/^30\.0% fewer/);
    expect(target(FEWER, toolCallSummaries(21, 30)).met).toBe(true);
    expect(target(FEWER, toolCallSummaries(7.1, 10)).met).toBe(false);
    expect(target(FEWER, toolCallSummaries(10, 10)).met).toBe(false);
  });

  it("says a negative reduction as more, never as a negative 'fewer'", () => {
    const t = target(FEWER, toolCallSummaries(10.8, 9.8));
    expect(t.measured).toBe("10.2% more (10.8 vs 9.8 per run)");
    expect(t.met).toBe(false);
    expect(fewerOrMore(-0.577)).toBe("57.7% more");
    expect(fewerOrMore(0.446)).toBe("44.6% fewer");
    expect(fewerOrMore(-0.0001)).toBe("0.0% fewer");
    expect(target(FEWER, toolCallSummaries(10, 10)).measured).toMatch(/^0\.0% fewer/);
  });

  // Was a bug (aggregate.ts `targets`): `1 - full / baseline >= 0.3` in floating point. Mean tool calls of
  // 7/3 vs 10/3 per run is exactly 30% fewer, but 1 - (7/3)/(10/3) = 0.29999999999999993, so the
  // target reads "30.0% fewer" and is reported as not met. Fails until the comparison allows for rounding.
  it("meets the tool-call target at exactly 30% fewer when the means are not round", () => {
    const cases = [
      ...seeds("full", "a", "tool_failure", [{ toolCalls: 2 }, { toolCalls: 2 }, { toolCalls: 3 }]),
      ...seeds("baseline", "a", "tool_failure", [{ toolCalls: 3 }, { toolCalls: 3 }, { toolCalls: 4 }]),
    ];
    const of = (arm: Arm) => cases.filter((x) => x.arm === arm);
    const summaries = [summarise("full", "all", of("full")), summarise("baseline", "all", of("baseline"))];
    const t = target(FEWER, summaries);
    expect(t.measured).toMatch(/^30\.0% fewer/);
    expect(t.met).toBe(true);
  });

  it("meets the re-run and success targets only when they hold", () => {
    const clean = toolCallSummaries(5, 10);
    expect(target("full: re-runs of completed tasks", clean).met).toBe(true);
    expect(target("full: success overall", clean).met).toBe(true);
    const dirty = toolCallSummaries(5, 10, { reruns: 1, success: false, failures: ["x"] });
    expect(target("full: re-runs of completed tasks", dirty)).toMatchObject({ met: false, measured: "2" });
    expect(target("full: success overall", dirty).met).toBe(false);
    expect(targets(dirty.filter((x) => x.arm === "baseline"))).toEqual([]); // no full arm: nothing to judge
  });
});
