import { seededRandom } from "../../agent/runtime";
import type { Interval } from "./results";

const Z95 = 1.959963984540054;

/** Wilson score interval for k successes in n trials (95%); exact at the edges, unlike the normal one. */
export function wilson(k: number, n: number): Interval {
  if (n === 0) return { value: 0, low: 0, high: 0, n: 0 };
  const p = k / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  // At k = 0 or k = n one bound is exactly 0 or 1; rounding must not move it.
  const low = k === 0 ? 0 : Math.max(0, centre - half);
  const high = k === n ? 1 : Math.min(1, centre + half);
  return { value: p, low, high, n };
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);

/** The mean with a 95% percentile-bootstrap interval (2,000 resamples, seeded). */
export function bootstrapMean(xs: readonly number[], resamples = 2_000, seed = 1): Interval {
  const n = xs.length;
  if (n === 0) return { value: 0, low: 0, high: 0, n: 0 };
  const m = mean(xs);
  if (xs.every((x) => x === xs[0])) return { value: m, low: m, high: m, n };
  const next = seededRandom(seed);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += xs[Math.floor(next() * n)] as number;
    means[r] = sum / n;
  }
  means.sort();
  const at = (q: number) => means[Math.min(resamples - 1, Math.max(0, Math.floor(q * resamples)))] as number;
  return { value: m, low: at(0.025), high: at(0.975), n };
}

/** n choose k as a float (enough for pass^k over tens of seeds). */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

/**
 * pass^k (τ-bench): for each scenario with c successes in n seeds, C(c,k)/C(n,k) is the unbiased
 * chance that k distinct seeds all succeed; averaged over scenarios.
 */
export function passHatK(perScenario: readonly { successes: number; runs: number }[], k: number): number {
  const usable = perScenario.filter((s) => s.runs >= k);
  if (usable.length === 0) return 0;
  return mean(usable.map((s) => choose(s.successes, k) / choose(s.runs, k)));
}
