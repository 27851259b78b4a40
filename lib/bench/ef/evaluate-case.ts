import type { EventOf, RunEvent } from "../../agent/events";
import { summariseTiers } from "../../llm/routing";
import { decisionShare } from "../../skills/stats";
import type { LibraryDocument } from "../../tools/library/document";
import { unfiredFaults } from "./incidents";
import { judge } from "./judge";
import type { Arm, CaseResult } from "./results";
import { type RunCaseOptions, runCase } from "./run-case";
import type { Scenario } from "./scenario";

export interface EvaluatedCase {
  result: CaseResult;
  /** The run's events as JSON Lines. */
  jsonl: string;
  events: RunEvent[];
}

/** Run one case and judge it. */
export async function evaluateCase(
  scenario: Scenario,
  arm: Arm,
  seed: number,
  demo: readonly LibraryDocument[],
  options: RunCaseOptions = {},
): Promise<EvaluatedCase> {
  const run = await runCase(scenario, arm, seed, demo, options);
  const v = judge(scenario, run.events, run.state, run.incidents.items);
  const paths = decisionShare(run.events);
  const skillFirings: Record<string, number> = {};
  for (const e of run.events)
    if (e.type === "skill.fired") skillFirings[e.skill] = (skillFirings[e.skill] ?? 0) + 1;
  const calls = run.events.filter((e): e is EventOf<"model.called"> => e.type === "model.called");
  return {
    result: {
      scenarioId: scenario.id,
      category: scenario.category,
      arm,
      seed,
      success: v.success,
      failures: v.failures,
      runId: run.runId,
      status: run.state.status,
      toolCalls: v.toolCalls,
      modelCalls: v.modelCalls,
      tokens: v.tokens,
      reflections: v.reflections,
      justifiedReflections: v.justifiedReflections,
      spuriousReflections: v.spuriousReflections,
      interventions: v.interventions,
      effectiveInterventions: v.effectiveInterventions,
      gateScored: v.gateScored,
      gateCorrect: v.gateCorrect,
      reruns: v.reruns,
      askedUser: v.askedUser,
      needsUser: scenario.success.needsUser,
      wallMs: v.wallMs,
      criticalPathMs: v.criticalPathMs,
      unfiredFaults: unfiredFaults(scenario.faults, run.incidents.items),
      eventsFile: null,
      codePaths: paths.code,
      modelPaths: paths.model,
      skillFirings,
      tiers: summariseTiers(calls),
    },
    events: run.events,
    jsonl: `${run.events.map((e) => JSON.stringify(e)).join("\n")}\n`,
  };
}
