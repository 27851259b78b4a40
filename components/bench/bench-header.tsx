import type { ReactNode } from "react";
import { TimeAgo } from "@/components/runs/time";
import type { BenchSet } from "@/lib/bench/ef/read-results";
import type { BenchResults } from "@/lib/bench/ef/results";
import styles from "./bench.module.css";
import { formatDuration } from "./format";
import { SetSwitcher } from "./set-switcher";

/** Which result set is shown, among which, and where it is read from. */
export interface ResultSource {
  set: string;
  sets: BenchSet[];
  /** Its results.json. */
  file: string;
  /** The command that writes this set again. */
  refresh: string;
}

/** What ran, when and how: enough to tell two results files apart at a glance. */
export function BenchHeader({ results, source }: { results: BenchResults; source: ResultSource }) {
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
      {source.sets.length > 1 && <SetSwitcher sets={source.sets} current={source.set} />}
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
        Read from <code>{source.file}</code>; run <code>{source.refresh}</code> to refresh.
      </p>
    </header>
  );
}
