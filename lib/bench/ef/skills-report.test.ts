import { describe, expect, it } from "vitest";
import { summariseAll } from "./aggregate";
import { armConfig, armProblem } from "./arms";
import { toMarkdown } from "./markdown";
import { type Arm, BenchResults, type CaseResult } from "./results";

const kase = (arm: Arm, seed: number, over: Partial<CaseResult> = {}): CaseResult => ({
  scenarioId: "s-a",
  category: "tool_failure",
  arm,
  seed,
  success: true,
  failures: [],
  runId: `r-${arm}-${seed}`,
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
  codePaths: 7,
  modelPaths: 3,
  skillFirings: { retry: 2 },
  tiers: [{ tier: "fast", calls: 4, escalated: 0, tokens: 80, costUsd: 0 }],
  ...over,
});

describe("skill ablation arms", () => {
  it("names a skill to switch off in full, and rejects one that cannot be", () => {
    expect(armProblem("full")).toBeNull();
    expect(armProblem("-skill:reflect")).toBeNull();
    expect(armConfig("-skill:reflect")).toEqual({ skills: { disabled: ["reflect"] } });
    expect(armProblem("-skill:nope")).toMatch(/No skill "nope"/);
    expect(armProblem("-skill:plain-loop")).toMatch(/No skill "plain-loop"/);
    expect(armProblem("nope")).toMatch(/Unknown arm/);
    expect(BenchResults.shape.settings.shape.arms.safeParse(["full", "-skill:retry"]).success).toBe(true);
    expect(BenchResults.shape.settings.shape.arms.safeParse(["-skill:"]).success).toBe(false);
  });

  it("reports what a skill buys, paired with full, and each arm's code share and tiers", () => {
    const cases = [
      kase("full", 1),
      kase("full", 2),
      kase("full", 3),
      kase("-skill:retry", 1, { success: false, toolCalls: 9, tokens: 300, skillFirings: {} }),
      kase("-skill:retry", 2, { toolCalls: 7, tokens: 200, skillFirings: {} }),
      kase("-skill:retry", 3, { toolCalls: 5, tokens: 100, skillFirings: {} }),
    ];
    const arms: Arm[] = ["full", "-skill:retry"];
    const summaries = summariseAll(arms, cases);
    const full = summaries.find((s) => s.arm === "full" && s.category === "all");
    expect(full?.decisionPaths).toMatchObject({ code: 21, model: 9 });
    expect(full?.decisionPaths.codeShare?.value).toBeCloseTo(0.7);
    expect(full?.tiers).toEqual([{ tier: "fast", calls: 12, escalated: 0, tokens: 240, costUsd: 0 }]);
    const md = toMarkdown(
      BenchResults.parse({
        version: 1,
        startedAt: "2026-01-01T00:00:00.000Z",
        finishedAt: "2026-01-01T00:01:00.000Z",
        durationMs: 60_000,
        settings: { seeds: 3, arms, workers: 1, scenarioSources: [] },
        scenarios: [{ id: "s-a", category: "tool_failure", title: "A" }],
        summaries,
        targets: [],
        cases,
      }),
    );
    expect(md).toContain('- **-skill:retry**: full without the skill "Retry the task" (retry)');
    expect(md).toContain("## What each skill buys");
    // full succeeded 3/3, without retry 2/3: +33.3 points; full spent 2 tool calls and 100 tokens fewer per run.
    const row = md.split("\n").find((l) => l.startsWith("| retry |"));
    expect(row).toMatch(/^\| retry \| 3 \| 2\.00 \| \+33\.3 \[/);
    expect(row).toMatch(/\| -2\.00 \[-4\.00, \+0\.00\] \| -100 \[-200, \+0\] \|$/);
    expect(md).toContain("| full | 21 | 9 | 70.0% [");
  });
});
