import type { Category, Interval, Summary } from "@/lib/bench/ef/results";

export type Group = Category | "all";

export const GROUP_LABEL: Record<Group, string> = {
  all: "All",
  missing_info: "Missing info",
  tool_failure: "Tool failure",
  goal_drift: "Goal drift",
  dependent_steps: "Dependent steps",
};

export type Format = (value: number) => string;

export const percent: Format = (v) => `${Math.round(v * 100)}%`;
export const decimal: Format = (v) =>
  Math.abs(v) >= 100 ? Math.round(v).toLocaleString("en") : v.toFixed(1);
export const ratio: Format = (v) => `${v.toFixed(2)}×`;
export const thousands: Format = (v) =>
  v >= 10_000 ? `${(v / 1000).toFixed(1)}k` : Math.round(v).toLocaleString("en");

/** "62% (48%–74%)": the estimate, then its 95% interval. */
export const formatInterval = (i: Interval, format: Format) =>
  `${format(i.value)} (${format(i.low)}–${format(i.high)})`;

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** The summaries by arm and group, for tables and charts that look cells up. */
export function summaryLookup(summaries: Summary[]): (arm: string, group: Group) => Summary | undefined {
  const byKey = new Map(summaries.map((s) => [`${s.arm}/${s.category}`, s]));
  return (arm, group) => byKey.get(`${arm}/${group}`);
}
