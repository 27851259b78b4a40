import type { Interval } from "@/lib/bench/ef/results";
import styles from "./bench.module.css";
import type { Format } from "./format";

/** "—" to the eye, "none" to a screen reader. */
export function None() {
  return (
    <span className={styles.none}>
      <span aria-hidden="true">—</span>
      <span className={styles.srOnly}>none</span>
    </span>
  );
}

/** An estimate with its 95% interval underneath; "—" when there is nothing to measure. */
export function IntervalValue({
  interval,
  format,
}: {
  interval: Interval | null | undefined;
  format: Format;
}) {
  if (!interval) return <None />;
  return (
    <span className={styles.interval} title={`95% interval, n = ${interval.n}`}>
      <span className={styles.value}>{format(interval.value)}</span>
      <span className={styles.range}>
        {format(interval.low)}–{format(interval.high)}
      </span>
    </span>
  );
}
