import { ablatedSkill } from "./arms";
import type { BenchResults, CaseResult, Interval } from "./results";
import { bootstrapMean } from "./stats";

const pct = (i: Interval) =>
  `${(i.value * 100).toFixed(1)}% [${(i.low * 100).toFixed(1)}, ${(i.high * 100).toFixed(1)}]`;
const signed = (i: Interval, digits: number, scale = 1) => {
  const f = (x: number) => `${x * scale >= 0 ? "+" : ""}${(x * scale).toFixed(digits)}`;
  return `${f(i.value)} [${f(i.low)}, ${f(i.high)}]`;
};

/** Share of decision paths taken by code vs the model, and calls per model tier, per arm. */
export function decisionSection(r: BenchResults): string[] {
  const all = r.summaries.filter((s) => s.category === "all");
  if (all.every((s) => s.decisionPaths.code + s.decisionPaths.model === 0)) return [];
  return [
    "## Decision paths and model tiers",
    "",
    "Every firing of a code or hybrid skill is one decision path; it is the model's when its reply chose the action (model assessment, a reflection's action), code's otherwise. The articles' rule of thumb is ~70% code.",
    "",
    "| arm | code | model | code share | calls per tier (escalated) | tokens per tier |",
    "| --- | --- | --- | --- | --- | --- |",
    ...all.map(
      (s) =>
        `| ${s.arm} | ${s.decisionPaths.code} | ${s.decisionPaths.model} | ${s.decisionPaths.codeShare ? pct(s.decisionPaths.codeShare) : "—"} | ${s.tiers.map((t) => `${t.tier} ${t.calls} (${t.escalated})`).join(", ")} | ${s.tiers.map((t) => `${t.tier} ${t.tokens}`).join(", ")} |`,
    ),
    "",
  ];
}

/**
 * What each ablated skill buys: `full` minus `full without it`, paired by scenario and seed (the same
 * persona noise and faults), as mean differences with percentile-bootstrap intervals.
 */
export function ablationSection(r: BenchResults): string[] {
  const arms = r.settings.arms.filter((a) => ablatedSkill(a) !== null);
  if (arms.length === 0) return [];
  const key = (c: CaseResult) => `${c.scenarioId}\u0000${c.seed}`;
  const full = new Map(r.cases.filter((c) => c.arm === "full").map((c) => [key(c), c]));
  if (full.size === 0) return ["## What each skill buys", "", "Run the `full` arm too to compare.", ""];
  const lines = [
    "## What each skill buys",
    "",
    "`full` minus `full` without the skill, paired by scenario and seed; positive success and negative tool calls or tokens mean the skill helps.",
    "",
    "| skill | pairs | firings per run in full | success (points) | tool calls | tokens |",
    "| --- | --- | --- | --- | --- | --- |",
  ];
  for (const arm of arms) {
    const skill = ablatedSkill(arm) as string;
    const pairs = r.cases
      .filter((c) => c.arm === arm)
      .map((c) => [full.get(key(c)), c] as const)
      .filter((p): p is readonly [CaseResult, CaseResult] => !!p[0]);
    if (pairs.length === 0) continue;
    const diff = (f: (c: CaseResult) => number) => bootstrapMean(pairs.map(([a, b]) => f(a) - f(b)));
    const firings = pairs.reduce((n, [a]) => n + (a.skillFirings[skill] ?? 0), 0) / pairs.length;
    lines.push(
      `| ${skill} | ${pairs.length} | ${firings.toFixed(2)} | ${signed(
        diff((c) => (c.success ? 1 : 0)),
        1,
        100,
      )} | ${signed(
        diff((c) => c.toolCalls),
        2,
      )} | ${signed(
        diff((c) => c.tokens),
        0,
      )} |`,
    );
  }
  return [...lines, ""];
}
