"use client";

import { useId, useState } from "react";
import { Empty } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import type { CaseResult } from "@/lib/bench/ef/results";
import styles from "./bench.module.css";
import { GROUP_LABEL } from "./format";

interface Props {
  cases: CaseResult[];
  /** Scenario id → title. */
  titles: Record<string, string>;
  totalCases: number;
  /** The result set the cases are from: opening one reads its events from there. */
  set: string;
}

const ALL = "all";
const distinct = <T,>(values: T[]): T[] => [...new Set(values)];

/** The cases that failed, filterable by arm and category; each kept run opens in the debugger. */
export function FailedCases({ cases, titles, totalCases, set }: Props) {
  const [arm, setArm] = useState(ALL);
  const [category, setCategory] = useState(ALL);
  const armId = useId();
  const categoryId = useId();
  const arms = distinct(cases.map((c) => c.arm));
  const categories = distinct(cases.map((c) => c.category));
  const shown = cases.filter(
    (c) => (arm === ALL || c.arm === arm) && (category === ALL || c.category === category),
  );

  return (
    <section className={styles.section} aria-labelledby="bench-failed-title">
      <div className={styles.sectionHead}>
        <h2 id="bench-failed-title">Failed cases</h2>
        <span className={styles.hint}>
          {cases.length} of {totalCases} cases failed
        </span>
        {cases.length > 0 && (
          <div className={styles.filters}>
            <label className="inline" htmlFor={armId}>
              Arm
              <select
                id={armId}
                value={arm}
                onChange={(e) => setArm(e.target.value)}
                data-testid="bench-filter-arm"
              >
                <option value={ALL}>All arms</option>
                {arms.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            </label>
            <label className="inline" htmlFor={categoryId}>
              Category
              <select
                id={categoryId}
                value={category}
                onChange={(e) => setCategory(e.target.value)}
                data-testid="bench-filter-category"
              >
                <option value={ALL}>All categories</option>
                {categories.map((c) => (
                  <option key={c} value={c}>
                    {GROUP_LABEL[c]}
                  </option>
                ))}
              </select>
            </label>
            <span className={styles.hint} role="status">
              {shown.length === cases.length
                ? `${cases.length} shown`
                : `${shown.length} of ${cases.length} shown`}
            </span>
          </div>
        )}
      </div>
      {cases.length === 0 ? (
        <Empty title="No failed cases">Every case of this benchmark succeeded.</Empty>
      ) : shown.length === 0 ? (
        <Empty title="No failed cases match">Choose another arm or category.</Empty>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Scenario</th>
                <th scope="col">Category</th>
                <th scope="col">Arm</th>
                <th scope="col" className={styles.numCol}>
                  Seed
                </th>
                <th scope="col">Status</th>
                <th scope="col">What went wrong</th>
                <th scope="col">Run</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((c) => (
                <tr
                  key={`${c.runId}/${c.arm}/${c.seed}/${c.scenarioId}`}
                  data-testid="bench-failed-case"
                  data-arm={c.arm}
                >
                  <th scope="row" className={`${styles.rowName} ${styles.scenarioCell}`}>
                    {titles[c.scenarioId] ?? c.scenarioId}
                    <span className={styles.scenarioId}>{c.scenarioId}</span>
                  </th>
                  <td className={styles.nowrap}>{GROUP_LABEL[c.category]}</td>
                  <td className={styles.armCell}>{c.arm}</td>
                  <td className={styles.numCol}>{c.seed}</td>
                  <td>
                    <StatusBadge status={c.status} />
                  </td>
                  <td>
                    {c.failures.length === 0 ? (
                      <span className={styles.hint}>No failure recorded</span>
                    ) : (
                      <ul className={styles.failures}>
                        {c.failures.map((f, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: lines can repeat; the list never reorders
                          <li key={i}>{f}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className={styles.nowrap}>
                    {c.eventsFile ? (
                      // A plain link: the route imports the run and redirects, nothing to prefetch.
                      <a
                        href={`/bench/runs/${encodeURIComponent(c.runId)}?set=${encodeURIComponent(set)}`}
                        data-testid="bench-open-run"
                      >
                        Open in debugger
                        <span className={styles.srOnly}>
                          : {c.scenarioId}, {c.arm}, seed {c.seed}
                        </span>{" "}
                        <span aria-hidden="true">→</span>
                      </a>
                    ) : (
                      <span className={styles.hint}>Events not kept</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
