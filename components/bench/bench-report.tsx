import { type BenchResults, CATEGORIES } from "@/lib/bench/ef/results";
import styles from "./bench.module.css";
import { BenchHeader, type ResultSource } from "./bench-header";
import { FailedCases } from "./failed-cases";
import { decimal, GROUP_LABEL, type Group, percent, summaryLookup } from "./format";
import { IntervalChart } from "./interval-chart";
import { MetricsTable } from "./metrics-table";
import { TargetsTable } from "./targets-table";

/** The whole results file: header, targets, the two charts, every metric, then what failed. */
export function BenchReport({ results, source }: { results: BenchResults; source: ResultSource }) {
  const summary = summaryLookup(results.summaries);
  const arms = results.settings.arms;
  // Only categories the benchmark covered, in their usual order, after the overall figure.
  const covered = new Set(results.summaries.map((s) => s.category));
  const groups: Group[] = (["all", ...CATEGORIES] as const).filter((g) => covered.has(g));
  const chartGroups = groups.map((g) => ({ key: g, label: GROUP_LABEL[g] }));
  const series = arms.map((a) => ({ key: a, label: a }));
  const failed = results.cases.filter((c) => !c.success);
  const titles = Object.fromEntries(results.scenarios.map((s) => [s.id, s.title]));

  return (
    <div className={styles.page}>
      <BenchHeader results={results} source={source} />
      <TargetsTable targets={results.targets} />
      <section className={styles.section} aria-labelledby="bench-charts-title">
        <div className={styles.sectionHead}>
          <h2 id="bench-charts-title">Arms compared</h2>
          <span className={styles.hint}>Bars are estimates; whiskers their 95% interval</span>
        </div>
        <div className={styles.charts}>
          <IntervalChart
            title="Success rate"
            summary="Share of runs that succeeded, per arm, overall and per category, with 95% Wilson intervals."
            testId="bench-chart-success"
            groups={chartGroups}
            series={series}
            value={(arm, g) => summary(arm, g as Group)?.success}
            format={percent}
            max={1}
          />
          <IntervalChart
            title="Tool calls per run"
            summary="Mean tool calls per run, per arm, overall and per category, with 95% bootstrap intervals."
            testId="bench-chart-tools"
            groups={chartGroups}
            series={series}
            value={(arm, g) => summary(arm, g as Group)?.toolCalls}
            format={decimal}
            tickFormat={(v) => String(Math.round(v * 10) / 10)}
          />
        </div>
      </section>
      <MetricsTable arms={arms} groups={groups} summary={summary} />
      <FailedCases cases={failed} titles={titles} totalCases={results.cases.length} set={source.set} />
    </div>
  );
}
