import type { Interval } from "@/lib/bench/ef/results";
import styles from "./bench.module.css";
import { type Format, formatInterval } from "./format";
import { IntervalValue } from "./interval-value";

interface Props {
  title: string;
  /** One sentence for screen readers: what is plotted against what. */
  summary: string;
  testId: string;
  groups: { key: string; label: string }[];
  series: { key: string; label: string }[];
  value: (series: string, group: string) => Interval | undefined;
  format: Format;
  /** For the axis labels, when they need fewer digits than the values. */
  tickFormat?: Format;
  /** Fixed top of the axis (1 for rates); otherwise rounded up from the highest interval. */
  max?: number;
}

const W = 720;
const H = 280;
const M = { top: 12, right: 8, bottom: 32, left: 48 };
const PLOT_W = W - M.left - M.right;
const PLOT_H = H - M.top - M.bottom;

/** About four evenly spaced round ticks from 0 to at least `max`. */
function ticks(max: number): number[] {
  const raw = Math.max(max, 1e-9) / 4;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * pow >= raw) ?? 10) * pow;
  const top = Math.ceil(max / step - 1e-9) * step || step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

/**
 * Grouped bars with 95% interval whiskers, drawn as plain SVG from theme tokens, followed by the
 * same numbers as a table: the picture for a glance, the table for reading and for screen readers.
 */
export function IntervalChart(props: Props) {
  const { title, summary, testId, groups, series, value, format, tickFormat = format, max } = props;
  const highest = Math.max(0, ...groups.flatMap((g) => series.map((s) => value(s.key, g.key)?.high ?? 0)));
  const axis = ticks(max ?? (highest || 1));
  const top = axis[axis.length - 1] ?? 1;
  const y = (v: number) => M.top + PLOT_H * (1 - Math.min(Math.max(v, 0), top) / top);
  const band = PLOT_W / Math.max(groups.length, 1);
  const barW = (band * 0.8) / Math.max(series.length, 1);
  const titleId = `${testId}-title`;

  return (
    <figure className={styles.chart} data-testid={testId}>
      <figcaption className={styles.chartHead}>
        <h3 id={titleId}>{title}</h3>
        <ul className={styles.legend} aria-label="Arms">
          {series.map((s, i) => (
            <li key={s.key}>
              <span className={`${styles.swatch} ${styles[`series${i}`]}`} aria-hidden="true" />
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className={styles.svg} role="img" aria-label={`${title}. ${summary}`}>
        <title>{`${title}. ${summary}`}</title>
        {axis.map((t) => (
          <g key={t} className={styles.gridLine}>
            <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} />
            <text x={M.left - 6} y={y(t)} dy="0.32em" textAnchor="end">
              {tickFormat(t)}
            </text>
          </g>
        ))}
        {groups.map((g, gi) => {
          const x0 = M.left + gi * band + band * 0.1;
          return (
            <g key={g.key}>
              {series.map((s, si) => {
                const v = value(s.key, g.key);
                if (!v || v.n === 0) return null;
                const x = x0 + si * barW;
                const cx = x + barW / 2;
                const cap = Math.min(barW * 0.25, 6);
                return (
                  <g key={s.key}>
                    <title>{`${s.label}, ${g.label}: ${formatInterval(v, format)}, n = ${v.n}`}</title>
                    <rect
                      className={styles[`series${si}`]}
                      x={x + 1}
                      width={Math.max(barW - 2, 1)}
                      y={y(v.value)}
                      height={Math.max(y(0) - y(v.value), 0)}
                      rx={2}
                    />
                    <g className={styles.whisker}>
                      <line x1={cx} x2={cx} y1={y(v.low)} y2={y(v.high)} />
                      <line x1={cx - cap} x2={cx + cap} y1={y(v.low)} y2={y(v.low)} />
                      <line x1={cx - cap} x2={cx + cap} y1={y(v.high)} y2={y(v.high)} />
                    </g>
                  </g>
                );
              })}
              <text
                className={styles.groupLabel}
                x={M.left + (gi + 0.5) * band}
                y={H - 10}
                textAnchor="middle"
              >
                {g.label}
              </text>
            </g>
          );
        })}
        <line className={styles.baseline} x1={M.left} x2={W - M.right} y1={y(0)} y2={y(0)} />
      </svg>
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">Arm</th>
              {groups.map((g) => (
                <th scope="col" key={g.key} className={styles.numCol}>
                  {g.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {series.map((s) => (
              <tr key={s.key}>
                <th scope="row" className={styles.armCell}>
                  {s.label}
                </th>
                {groups.map((g) => (
                  <td key={g.key} className={styles.numCol}>
                    <IntervalValue interval={value(s.key, g.key)} format={format} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
