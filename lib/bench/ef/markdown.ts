import { ARM_DESCRIPTIONS } from "./arms";
import type { BenchResults, Interval, Summary } from "./results";

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
    ...r.settings.arms.map((a) => `- **${a}**: ${ARM_DESCRIPTIONS[a]}`),
    "",
    "## Per arm and category",
    "",
    "| arm | category | runs | success | pass^k | tool calls | model calls | tokens | reflections justified/spurious | repair effectiveness | gate accuracy | ask_user precision / recall | re-runs | wall / critical path |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...r.summaries.map(row),
    "",
    "## Failed cases",
    "",
  ];
  const failed = r.cases.filter((c) => !c.success);
  if (failed.length === 0) lines.push("None.");
  const byKey = new Map<string, typeof failed>();
  for (const c of failed) {
    const key = `${c.arm} · ${c.scenarioId}`;
    byKey.set(key, [...(byKey.get(key) ?? []), c]);
  }
  for (const [key, cs] of byKey) {
    const reasons = new Map<string, number>();
    for (const c of cs)
      for (const f of c.failures)
        reasons.set(f.replace(/\d+(\.\d+)?/g, "#"), (reasons.get(f.replace(/\d+(\.\d+)?/g, "#")) ?? 0) + 1);
    lines.push(
      `- **${key}**: ${cs.length} of ${r.settings.seeds} seeds failed — ${[...reasons.entries()].map(([f, n]) => `${f} (${n}×)`).join("; ")}`,
    );
  }
  return `${lines.join("\n")}\n`;
}
