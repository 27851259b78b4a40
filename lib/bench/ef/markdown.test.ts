import { describe, expect, it } from "vitest";
import { toMarkdown } from "./markdown";
import { BenchResults, type CaseResult } from "./results";

const kase = (over: Partial<CaseResult>): CaseResult => ({
  scenarioId: "s-a",
  category: "tool_failure",
  arm: "full",
  seed: 1,
  success: true,
  failures: [],
  runId: "r",
  status: "succeeded",
  toolCalls: 5,
  modelCalls: 5,
  tokens: 100,
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
  wallMs: 1,
  criticalPathMs: 1,
  unfiredFaults: [],
  eventsFile: null,
  codePaths: 0,
  modelPaths: 0,
  skillFirings: {},
  tiers: [],
  ...over,
});

const results = (cases: CaseResult[]) =>
  BenchResults.parse({
    version: 1,
    startedAt: "2026-01-01T00:00:00.000Z",
    finishedAt: "2026-01-01T00:01:00.000Z",
    durationMs: 60_000,
    settings: { seeds: 2, arms: ["full", "baseline"], workers: 1, scenarioSources: [] },
    scenarios: [
      { id: "s-a", category: "tool_failure", title: "A" },
      { id: "s-b", category: "goal_drift", title: "B" },
    ],
    summaries: [],
    targets: [],
    cases,
  });

describe("results.md", () => {
  const md = toMarkdown(
    results([
      kase({ seed: 1 }),
      kase({
        seed: 2,
        success: false,
        failures: ["milestone missed: the report cites 1 read documents, 3 needed"],
      }),
      kase({
        arm: "baseline",
        seed: 1,
        success: false,
        failures: ["milestone missed: the report cites 0 read documents, 3 needed"],
        unfiredFaults: ['#1 permanent on read (docId "px-a")'],
      }),
      kase({
        arm: "baseline",
        seed: 2,
        success: false,
        failures: ["milestone missed: the report cites 0 read documents, 3 needed"],
        unfiredFaults: ['#1 permanent on read (docId "px-a")'],
      }),
      kase({ scenarioId: "s-b", category: "goal_drift", seed: 1 }),
      kase({ scenarioId: "s-b", category: "goal_drift", seed: 2 }),
      kase({
        scenarioId: "s-b",
        category: "goal_drift",
        arm: "baseline",
        seed: 1,
        unfiredFaults: ["#0 empty on search"],
      }),
      kase({
        scenarioId: "s-b",
        category: "goal_drift",
        arm: "baseline",
        seed: 2,
        success: false,
        failures: ["no report: the run ended failed"],
      }),
    ]),
  );

  it("has a scenario × arm success table", () => {
    expect(md).toContain("## Successes per scenario");
    expect(md).toContain("| scenario | category | full | baseline |");
    expect(md).toContain("| s-a | tool_failure | 1/2 | 0/2 |");
    expect(md).toContain("| s-b | goal_drift | 2/2 | 1/2 |");
  });

  it("keeps the digits of failure lines, counting identical lines only", () => {
    expect(md).toContain("the report cites 1 read documents, 3 needed (1×)");
    expect(md).toContain("the report cites 0 read documents, 3 needed (2×)");
    expect(md).not.toContain("cites # read");
    expect(md).toContain("- **full · s-a**: 1 of 2 seeds failed (seed 2) — milestone missed");
  });

  it("reports faults that never fired, per arm and scenario, with their seeds", () => {
    expect(md).toContain("## Faults that never fired");
    expect(md).toContain(
      '- **baseline · s-a**: fault #1 permanent on read (docId "px-a") in 2 of 2 seeds (seeds 1, 2)',
    );
    expect(md).toContain("- **baseline · s-b**: fault #0 empty on search in 1 of 2 seeds (seed 1)");
    expect(md).not.toContain("full · s-a**: fault");
  });

  it("leaves the section out when every fault fired", () => {
    expect(toMarkdown(results([kase({})]))).not.toContain("never fired");
  });

  it("reads a results.json written before unfiredFaults existed", () => {
    const { unfiredFaults: _, ...old } = kase({});
    expect(results([old as CaseResult]).cases[0]?.unfiredFaults).toEqual([]);
  });
});
