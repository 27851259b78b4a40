import type { Target } from "@/lib/bench/ef/results";
import styles from "./bench.module.css";

/** The benchmark's pass/fail targets; met or not is said in words and a symbol, not colour alone. */
export function TargetsTable({ targets }: { targets: Target[] }) {
  const met = targets.filter((t) => t.met).length;
  return (
    <section className={styles.section} aria-labelledby="bench-targets-title">
      <div className={styles.sectionHead}>
        <h2 id="bench-targets-title">Targets</h2>
        <span className={styles.hint}>
          {met} of {targets.length} met
        </span>
      </div>
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="bench-targets">
          <thead>
            <tr>
              <th scope="col">Target</th>
              <th scope="col">Wanted</th>
              <th scope="col">Measured</th>
              <th scope="col">Met</th>
            </tr>
          </thead>
          <tbody>
            {targets.map((t) => (
              <tr key={t.name} data-met={t.met}>
                <th scope="row" className={styles.rowName}>
                  {t.name}
                </th>
                <td className={styles.mono}>{t.target}</td>
                <td className={styles.mono}>{t.measured}</td>
                <td>
                  {t.met ? (
                    <span className="badge badge-succeeded">
                      <span aria-hidden="true">✓</span> met
                    </span>
                  ) : (
                    <span className="badge badge-failed">
                      <span aria-hidden="true">✗</span> not met
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
