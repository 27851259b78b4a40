import Link from "next/link";
import type { RunState } from "@/lib/agent/state";
import { decodeEntities } from "../debugger/report/report-download";
import { StatusBadge } from "../ui/status-badge";
import styles from "./compare.module.css";
import { alignTasks, compareMetrics, diffLines, reportOf } from "./compare-runs";

const fmt = (v: number | string) => (typeof v === "number" ? v.toLocaleString("en") : v);
const signed = (d: number | null) =>
  d === null || d === 0 ? "" : `${d > 0 ? "+" : "−"}${Math.abs(Number(d.toFixed(4))).toLocaleString("en")}`;

function RunHead({ label, s }: { label: string; s: RunState }) {
  return (
    <div className={styles.runHead}>
      <span className={styles.letter}>{label}</span>
      <Link href={`/runs/${encodeURIComponent(s.runId)}`}>{s.goal}</Link>
      <code className={styles.muted}>{s.runId}</code>
      <StatusBadge status={s.status} />
    </div>
  );
}

/** Two runs side by side: metrics, final plans aligned by task with their decisions, reports diffed. */
export function CompareView({ a, b }: { a: RunState; b: RunState }) {
  const metrics = compareMetrics(a, b);
  const tasks = alignTasks(a, b);
  // Entities decoded as in a downloaded report: the diff shows characters, not `&quot;`.
  const report = diffLines(decodeEntities(reportOf(a)), decodeEntities(reportOf(b)));
  const changedLines = report.filter((l) => l.kind !== "same").length;
  return (
    <div className={styles.compare} data-testid="compare">
      <h1>Compare runs</h1>
      <div className={styles.heads}>
        <RunHead label="A" s={a} />
        <RunHead label="B" s={b} />
      </div>

      <section aria-labelledby="cmp-metrics" className="panel">
        <h2 id="cmp-metrics">Metrics</h2>
        <div className={styles.scroll}>
          <table className={styles.table} data-testid="compare-metrics">
            <thead>
              <tr>
                <th scope="col">metric</th>
                <th scope="col">A</th>
                <th scope="col">B</th>
                <th scope="col">B − A</th>
              </tr>
            </thead>
            <tbody>
              {metrics.map((m) => (
                <tr key={m.label} data-metric={m.label}>
                  <th scope="row">{m.label}</th>
                  <td>{fmt(m.a)}</td>
                  <td>{fmt(m.b)}</td>
                  <td className={styles.delta}>{signed(m.delta)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="cmp-plan" className="panel">
        <h2 id="cmp-plan">Final plans, aligned by task</h2>
        <div className={styles.scroll}>
          <table className={`${styles.table} ${styles.wide}`} data-testid="compare-tasks">
            <thead>
              <tr>
                <th scope="col">task</th>
                <th scope="col">A</th>
                <th scope="col">A decisions</th>
                <th scope="col">B</th>
                <th scope="col">B decisions</th>
              </tr>
            </thead>
            <tbody>
              {tasks.map((p) => (
                <tr
                  key={p.id}
                  data-testid="compare-task"
                  data-task-id={p.id}
                  data-same={p.same}
                  className={p.same ? undefined : styles.differs}
                >
                  <th scope="row">
                    <code>{p.id}</code> {(p.a ?? p.b)?.title}
                  </th>
                  <td>
                    {p.a ? (
                      <StatusBadge status={p.a.status} />
                    ) : (
                      <span className={styles.muted}>not in A</span>
                    )}
                  </td>
                  <td>{p.decisionsA}</td>
                  <td>
                    {p.b ? (
                      <StatusBadge status={p.b.status} />
                    ) : (
                      <span className={styles.muted}>not in B</span>
                    )}
                  </td>
                  <td>{p.decisionsB}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="cmp-report" className="panel">
        <h2 id="cmp-report">
          Reports{" "}
          <span className={styles.muted}>
            {changedLines === 0 ? "identical" : `${changedLines} lines differ`}
          </span>
        </h2>
        <pre className={styles.diff} data-testid="compare-report">
          {report.map((l, i) => (
            // Lines have no identity but their place in this fixed diff.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <div key={i} className={styles[l.kind]} data-kind={l.kind}>
              <span aria-hidden="true">{l.kind === "only-a" ? "− " : l.kind === "only-b" ? "+ " : "  "}</span>
              <span className={styles.srOnly}>
                {l.kind === "only-a" ? "only in A: " : l.kind === "only-b" ? "only in B: " : ""}
              </span>
              {l.text}
            </div>
          ))}
        </pre>
      </section>
    </div>
  );
}
