import { armDescription } from "./arms";
import type { BenchResults, Interval, Summary } from "./results";
import { ablationSection, decisionSection } from "./skills-report";

const pct = (i: Interval) =>
  `${(i.value * 100).toFixed(1)}% [${(i.low * 100).toFixed(1)}, ${(i.high * 100).toFixed(1)}]`;
const num = (i: Interval, digits = 1) =>
  `${i.value.toFixed(digits)} [${i.low.toFixed(digits)}, ${i.high.toFixed(digits)}]`;
const opt = (i: Interval | null, f: (x: Interval) => string) => (i ? f(i) : "—");

function row(s: Summary): string {
  const passK = s.passK.map((p) => `^${p.k} ${(p.value * 100).toFixed(0)}%`).join(", ");
  return `| ${s.arm} | ${s.category} | ${s.runs} | ${pct(s.success)} | ${passK} | ${num(s.toolCalls)} | ${num(s.modelCalls)} | ${num(s.tokens, 0)} | ${s.reflections.justified}/${s.reflections.spurious} | ${opt(s.repairEffectiveness, pct)} | ${opt(s.gateAccuracy, pct)} | ${opt(s.askUser.precision, pct)} / ${opt(s.askUser.recall, pct)} | ${s.reruns} | ${opt(s.wallRatio, (i) => num(i, 2))} |`;
}

/** The results as a Markdown report: targets, the full table, and the failed cases. */
export function toMarkdown(r: BenchResults): string {
  const lines = [
    "# EF-Bench results",
    "",
    `${r.scenarios.length} scenarios × ${r.settings.arms.length} arms × ${r.settings.seeds} seeds = ${r.cases.length} runs, ${(r.durationMs / 1000).toFixed(0)} s on ${r.settings.workers} workers (${r.finishedAt}).`,
    `Model: ${r.settings.model}${r.settings.model === "builtin" ? " (with each scenario's persona noise)" : " (no persona noise: the persona applies only to the builtin model)"}.`,
    "Intervals are 95%: Wilson for rates, percentile bootstrap for means.",
    "",
    "## Targets",
    "",
    "| target | wanted | measured | met |",
    "| --- | --- | --- | --- |",
    ...r.targets.map((t) => `| ${t.name} | ${t.target} | ${t.measured} | ${t.met ? "✓ yes" : "✗ no"} |`),
    "",
    "## Arms",
    "",
    ...r.settings.arms.map((a) => `- **${a}**: ${armDescription(a)}`),
    "",
    "## Per arm and category",
    "",
    "| arm | category | runs | success | pass^k | tool calls | model calls | tokens | reflections justified/spurious | repair effectiveness | gate accuracy | ask_user precision / recall | re-runs | wall / critical path |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...r.summaries.map(row),
    "",
    ...decisionSection(r),
    ...ablationSection(r),
    ...scenarioTable(r),
    "",
    ...unfiredSection(r),
    "## Failed cases",
    "",
  ];
  const failed = r.cases.filter((c) => !c.success);
  if (failed.length === 0) lines.push("None.");
  for (const [key, cs] of groupBy(failed, (c) => `${c.arm} · ${c.scenarioId}`)) {
    // Reasons are counted as written: their figures (which value, how many documents) are the point.
    const reasons = new Map<string, number>();
    for (const c of cs) for (const f of c.failures) reasons.set(f, (reasons.get(f) ?? 0) + 1);
    lines.push(
      `- **${key}**: ${cs.length} of ${r.settings.seeds} seeds failed (seed${cs.length === 1 ? "" : "s"} ${cs.map((c) => c.seed).join(", ")}) — ${[...reasons.entries()].map(([f, n]) => `${f} (${n}×)`).join("; ")}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

function groupBy<T>(xs: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of xs) out.set(key(x), [...(out.get(key(x)) ?? []), x]);
  return out;
}

/** Successes out of seeds, one row per scenario and one column per arm. */
function scenarioTable(r: BenchResults): string[] {
  const arms = r.settings.arms;
  const cell = (id: string, arm: string) => {
    const cs = r.cases.filter((c) => c.scenarioId === id && c.arm === arm);
    return cs.length ? `${cs.filter((c) => c.success).length}/${cs.length}` : "—";
  };
  return [
    "## Successes per scenario",
    "",
    `| scenario | category | ${arms.join(" | ")} |`,
    `| --- | --- | ${arms.map(() => "---").join(" | ")} |`,
    ...r.scenarios.map((s) => `| ${s.id} | ${s.category} | ${arms.map((a) => cell(s.id, a)).join(" | ")} |`),
  ];
}

/** Faults that never fired, per arm and scenario: those cases did not test what the fault was for. */
function unfiredSection(r: BenchResults): string[] {
  const cases = r.cases.filter((c) => c.unfiredFaults.length > 0);
  if (cases.length === 0) return [];
  const lines = ["## Faults that never fired", ""];
  for (const [key, cs] of groupBy(cases, (c) => `${c.arm} · ${c.scenarioId}`)) {
    const seeds = new Map<string, number[]>();
    for (const c of cs) for (const f of c.unfiredFaults) seeds.set(f, [...(seeds.get(f) ?? []), c.seed]);
    const all = r.cases.filter((c) => `${c.arm} · ${c.scenarioId}` === key).length;
    lines.push(
      `- **${key}**: ${[...seeds.entries()].map(([f, s]) => `fault ${f} in ${s.length} of ${all} seeds (seed${s.length === 1 ? "" : "s"} ${s.join(", ")})`).join("; ")}`,
    );
  }
  return [...lines, ""];
}
