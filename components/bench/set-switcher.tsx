import Link from "next/link";
import type { BenchSet } from "@/lib/bench/ef/read-results";
import styles from "./bench.module.css";

export const setHref = (name: string) => `/bench?set=${encodeURIComponent(name)}`;

/** Links to each result set (one folder of results each), the one shown marked as current. */
export function SetSwitcher({ sets, current }: { sets: BenchSet[]; current: string | null }) {
  return (
    <nav className={styles.sets} aria-labelledby="bench-sets-label" data-testid="bench-sets">
      <span id="bench-sets-label" className={styles.setsLabel}>
        Result set
      </span>
      <ul className={styles.setList}>
        {sets.map((s) => (
          <li key={s.name}>
            <Link
              href={setHref(s.name)}
              className={styles.setLink}
              aria-current={s.name === current ? "page" : undefined}
              data-testid="bench-set"
              data-set={s.name}
            >
              {s.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
