import type { CriterionCheck } from "./criteria";

/**
 * Confidence as the rules allow it: never above what the criteria support. An output that meets
 * 3 of 5 required items is capped at 0.6 whatever the tool or model claims; an empty one is 0.
 */
export function calibrateConfidence(
  claimed: number,
  checks: readonly CriterionCheck[],
  empty: boolean,
): number {
  if (empty) return 0;
  const cap = checks.length === 0 ? 1 : Math.min(...checks.map((c) => c.score));
  return Math.round(Math.max(0, Math.min(claimed, cap)) * 1000) / 1000;
}

export function isEmptyOutput(data: unknown): boolean {
  if (data === null || data === undefined) return true;
  if (typeof data !== "object") return String(data).trim() === "";
  const values = Object.values(data as Record<string, unknown>);
  const lists = values.filter(Array.isArray);
  // An output that carries lists (results, facts, documents) is empty when every list is.
  if (lists.length > 0) return lists.every((l) => l.length === 0);
  return values.every((v) => v === null || v === undefined || v === "");
}
