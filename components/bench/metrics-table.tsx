import type { Summary } from "@/lib/bench/ef/results";
import styles from "./bench.module.css";
import { decimal, GROUP_LABEL, type Group, percent, ratio, thousands } from "./format";
import { IntervalValue, None } from "./interval-value";

interface Props {
  arms: string[];
  groups: Group[];
  summary: (arm: string, group: Group) => Summary | undefined;
}

function PassK({ passK }: { passK: Summary["passK"] }) {
  if (passK.length === 0) return <None />;
  return (
    <ul className={styles.plainList}>
      {passK.map((p) => (
        <li key={p.k}>
          <span className={styles.range}>k={p.k}</span> {percent(p.value)}
        </li>
      ))}
    </ul>
  );
}

/** Every other metric, one row per arm and category. */
export function MetricsTable({ arms, groups, summary }: Props) {
  return (
    <section className={styles.section} aria-labelledby="bench-metrics-title">
      <div className={styles.sectionHead}>
        <h2 id="bench-metrics-title">By arm and category</h2>
        <span className={styles.hint}>
          Means and rates with their 95% interval underneath; — where not measured
        </span>
      </div>
      <div className={styles.tableWrap}>
        <table className={`${styles.table} ${styles.metrics}`} data-testid="bench-metrics">
          <thead>
            <tr>
              <th scope="col">Arm</th>
              <th scope="col">Category</th>
              <th scope="col" className={styles.numCol}>
                Runs
              </th>
              <th
                scope="col"
                className={styles.passK}
                title="Chance that k runs of a scenario (different seeds) all succeed"
              >
                pass<sup>k</sup>
              </th>
              <th scope="col" className={styles.numCol}>
                Model calls
              </th>
              <th scope="col" className={styles.numCol}>
                Tokens
              </th>
              <th
                scope="col"
                className={styles.numCol}
                title="Reflections that had a real fault or defect to react to"
              >
                Reflections
                <br />
                justified / spurious
              </th>
              <th
                scope="col"
                className={styles.numCol}
                title="Share of reflections and repairs after which the task succeeded"
              >
                Repair
                <br />
                effectiveness
              </th>
              <th
                scope="col"
                className={styles.numCol}
                title="Share of scored decisions that matched the scenario"
              >
                Gate accuracy
              </th>
              <th scope="col" className={styles.numCol}>
                ask_user
                <br />
                precision
              </th>
              <th scope="col" className={styles.numCol}>
                ask_user
                <br />
                recall
              </th>
              <th
                scope="col"
                className={styles.numCol}
                title="Executions of a task that had already succeeded"
              >
                Re-runs
              </th>
              <th scope="col" className={styles.numCol} title="Wall time over the critical-path lower bound">
                Wall ratio
              </th>
            </tr>
          </thead>
          {arms.map((arm) => {
            const rows = groups.flatMap((g) => {
              const s = summary(arm, g);
              return s ? [{ group: g, s }] : [];
            });
            return (
              <tbody key={arm} className={styles.armGroup}>
                {rows.map(({ group, s }, i) => (
                  <tr key={group} className={group === "all" ? styles.allRow : undefined}>
                    {i === 0 && (
                      <th scope="rowgroup" rowSpan={rows.length} className={styles.armCell}>
                        {arm}
                      </th>
                    )}
                    <th scope="row" className={`${styles.rowName} ${styles.nowrap}`}>
                      {GROUP_LABEL[group]}
                    </th>
                    <td className={styles.numCol}>{s.runs}</td>
                    <td>
                      <PassK passK={s.passK} />
                    </td>
                    <td className={styles.numCol}>
                      <IntervalValue interval={s.modelCalls} format={decimal} />
                    </td>
                    <td className={styles.numCol}>
                      <IntervalValue interval={s.tokens} format={thousands} />
                    </td>
                    <td className={styles.numCol}>
                      {s.reflections.justified} / {s.reflections.spurious}
                    </td>
                    <td className={styles.numCol}>
                      <IntervalValue interval={s.repairEffectiveness} format={percent} />
                    </td>
                    <td className={styles.numCol}>
                      <IntervalValue interval={s.gateAccuracy} format={percent} />
                    </td>
                    <td className={styles.numCol}>
                      <IntervalValue interval={s.askUser.precision} format={percent} />
                    </td>
                    <td className={styles.numCol}>
                      <IntervalValue interval={s.askUser.recall} format={percent} />
                    </td>
                    <td className={styles.numCol}>{s.reruns}</td>
                    <td className={styles.numCol}>
                      <IntervalValue interval={s.wallRatio} format={ratio} />
                    </td>
                  </tr>
                ))}
              </tbody>
            );
          })}
        </table>
      </div>
    </section>
  );
}
