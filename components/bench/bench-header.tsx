import type { ReactNode } from "react";
import { TimeAgo } from "@/components/runs/time";
import type { BenchResults } from "@/lib/bench/ef/results";
import styles from "./bench.module.css";
import { formatDuration } from "./format";

/** What ran, when and how: enough to tell two results files apart at a glance. */
export function BenchHeader({ results, where }: { results: BenchResults; where: string }) {
  const { settings } = results;
  const facts: [string, ReactNode][] = [
    ["Finished", <TimeAgo key="at" iso={results.finishedAt} />],
    ["Duration", formatDuration(results.durationMs)],
    ["Scenarios", results.scenarios.length],
    ["Seeds", settings.seeds],
    ["Cases", results.cases.length],
    ["Workers", settings.workers],
  ];
  return (
    <header className={styles.head}>
      <div className={styles.titleBlock}>
        <h1>EF-Bench</h1>
        <p className="muted">
          Agent scenarios that test executive functions (asking for missing information, recovering from tool
          failures, staying on goal, ordering dependent steps), each run on every arm.
        </p>
      </div>
      <dl className={styles.facts}>
        {facts.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className={styles.wide}>
          <dt>Arms</dt>
          <dd>
            <ul className={styles.armList}>
              {settings.arms.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      <p className={styles.hint}>
        Read from <code>{where}</code>; run <code>npm run bench</code> to refresh.
      </p>
    </header>
  );
}
