import { type Arm, CATEGORIES, type CaseResult, type Category, type Summary, type Target } from "./results";
import { bootstrapMean, passHatK, wilson } from "./stats";

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

function perScenario(cases: readonly CaseResult[]) {
  const by = new Map<string, { successes: number; runs: number }>();
  for (const c of cases) {
    const s = by.get(c.scenarioId) ?? { successes: 0, runs: 0 };
    s.runs++;
    if (c.success) s.successes++;
    by.set(c.scenarioId, s);
  }
  return [...by.values()];
}

/** Every metric for one arm over a set of cases (one category or all). */
export function summarise(arm: Arm, category: Category | "all", cases: readonly CaseResult[]): Summary {
  const successes = cases.filter((c) => c.success).length;
  const seeds = Math.min(...perScenario(cases).map((s) => s.runs));
  const ks = [1, 5, seeds].filter((k, i, a) => k >= 1 && k <= seeds && a.indexOf(k) === i);
  const justified = sum(cases.map((c) => c.justifiedReflections));
  const spurious = sum(cases.map((c) => c.spuriousReflections));
  const interventions = sum(cases.map((c) => c.interventions));
  const gateScored = sum(cases.map((c) => c.gateScored));
  const asked = cases.filter((c) => c.askedUser > 0);
  const needed = cases.filter((c) => c.needsUser);
  const askedAndNeeded = asked.filter((c) => c.needsUser).length;
  const codePaths = sum(cases.map((c) => c.codePaths));
  const modelPaths = sum(cases.map((c) => c.modelPaths));
  const ratios = cases
    .filter((c) => c.status === "succeeded" && c.criticalPathMs)
    .map((c) => c.wallMs / (c.criticalPathMs as number));
  return {
    arm,
    category,
    runs: cases.length,
    successes,
    success: wilson(successes, cases.length),
    passK: ks.map((k) => ({ k, value: passHatK(perScenario(cases), k) })),
    toolCalls: bootstrapMean(cases.map((c) => c.toolCalls)),
    modelCalls: bootstrapMean(cases.map((c) => c.modelCalls)),
    tokens: bootstrapMean(cases.map((c) => c.tokens)),
    reflections: {
      perRun: bootstrapMean(cases.map((c) => c.reflections)),
      justified,
      spurious,
      triggerRate: wilson(cases.filter((c) => c.reflections > 0).length, cases.length),
      justifiedRate: justified + spurious > 0 ? wilson(justified, justified + spurious) : null,
    },
    repairEffectiveness:
      interventions > 0 ? wilson(sum(cases.map((c) => c.effectiveInterventions)), interventions) : null,
    gateAccuracy: gateScored > 0 ? wilson(sum(cases.map((c) => c.gateCorrect)), gateScored) : null,
    askUser: {
      precision: asked.length > 0 ? wilson(askedAndNeeded, asked.length) : null,
      recall: needed.length > 0 ? wilson(askedAndNeeded, needed.length) : null,
    },
    reruns: sum(cases.map((c) => c.reruns)),
    wallRatio: ratios.length > 0 ? bootstrapMean(ratios) : null,
    decisionPaths: {
      code: codePaths,
      model: modelPaths,
      codeShare: codePaths + modelPaths > 0 ? wilson(codePaths, codePaths + modelPaths) : null,
    },
    tiers: sumTiers(cases),
  };
}

/** Model calls, tokens and cost per tier over the cases. */
function sumTiers(cases: readonly CaseResult[]): Summary["tiers"] {
  const by = new Map<string, Summary["tiers"][number]>();
  for (const t of cases.flatMap((c) => c.tiers)) {
    const a = by.get(t.tier) ?? { tier: t.tier, calls: 0, escalated: 0, tokens: 0, costUsd: 0 };
    by.set(t.tier, {
      tier: t.tier,
      calls: a.calls + t.calls,
      escalated: a.escalated + t.escalated,
      tokens: a.tokens + t.tokens,
      costUsd: a.costUsd + t.costUsd,
    });
  }
  return [...by.values()];
}

export function summariseAll(arms: readonly Arm[], cases: readonly CaseResult[]): Summary[] {
  const out: Summary[] = [];
  for (const arm of arms) {
    const mine = cases.filter((c) => c.arm === arm);
    if (mine.length === 0) continue;
    out.push(summarise(arm, "all", mine));
    for (const category of CATEGORIES) {
      const some = mine.filter((c) => c.category === category);
      if (some.length > 0) out.push(summarise(arm, category, some));
    }
  }
  return out;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** A reduction as people say it: "30.0% fewer", and a negative one as "9.2% more", never "-9.2% fewer". */
export const fewerOrMore = (reduction: number): string =>
  reduction < 0 && pct(-reduction) !== "0.0%"
    ? `${pct(-reduction)} more`
    : `${pct(Math.max(0, reduction))} fewer`;

/** The targets, each with the measured figure and whether it is met. */
export function targets(summaries: readonly Summary[], cases: readonly CaseResult[] = []): Target[] {
  const get = (arm: Arm, category: Category | "all") =>
    summaries.find((s) => s.arm === arm && s.category === category);
  const full = get("full", "all");
  if (!full) return [];
  const out: Target[] = [
    {
      name: "full: success overall",
      target: "≥ 95%",
      measured: `${pct(full.success.value)} [${pct(full.success.low)}, ${pct(full.success.high)}]`,
      met: full.success.value >= 0.95,
    },
  ];
  const cats = CATEGORIES.map((c) => get("full", c)).filter((s): s is Summary => !!s);
  if (cats.length > 0) {
    const worst = cats.reduce((a, b) => (b.success.value < a.success.value ? b : a));
    out.push({
      name: "full: success in every category",
      target: "≥ 90% each",
      measured: cats.map((c) => `${c.category} ${pct(c.success.value)}`).join(", "),
      met: worst.success.value >= 0.9,
    });
  }
  const base = get("baseline", "all");
  if (base) {
    const fewer = 1 - full.toolCalls.value / base.toolCalls.value;
    out.push({
      name: "full vs baseline: fewer tool calls",
      target: "≥ 30% fewer",
      measured: `${fewerOrMore(fewer)} (${full.toolCalls.value.toFixed(1)} vs ${base.toolCalls.value.toFixed(1)} per run)`,
      met: fewer >= 0.3 - 1e-9,
    });
    // Secondary, not the target: a run that gives up early spends few calls and delivers nothing.
    const perSuccess = (arm: Arm) => {
      const mine = cases.filter((c) => c.arm === arm);
      const ok = mine.filter((c) => c.success).length;
      return ok > 0 ? mine.reduce((n, c) => n + c.toolCalls, 0) / ok : Number.POSITIVE_INFINITY;
    };
    if (
      cases.some((c) => c.arm === "baseline" && c.success) &&
      cases.some((c) => c.arm === "full" && c.success)
    ) {
      const f = perSuccess("full");
      const b = perSuccess("baseline");
      const fewerPerSuccess = 1 - f / b;
      out.push({
        name: "full vs baseline: tool calls per successful run (secondary)",
        target: "≥ 30% fewer",
        measured: `${fewerOrMore(fewerPerSuccess)} (${f.toFixed(1)} vs ${b.toFixed(1)})`,
        met: fewerPerSuccess >= 0.3 - 1e-9,
      });
    }
  }
  out.push({
    name: "full: re-runs of completed tasks",
    target: "0",
    measured: String(full.reruns),
    met: full.reruns === 0,
  });
  out.push({
    name: "full: simulated wall time / critical-path bound",
    target: "≤ 1.25×",
    measured: full.wallRatio
      ? `${full.wallRatio.value.toFixed(2)}× [${full.wallRatio.low.toFixed(2)}, ${full.wallRatio.high.toFixed(2)}]`
      : "—",
    met: !!full.wallRatio && full.wallRatio.value <= 1.25,
  });
  return out;
}
