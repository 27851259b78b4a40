import type { Criterion } from "../planner/plan-schema";

export interface CriterionCheck {
  description: string;
  met: boolean;
  detail: string;
  /** Partial credit 0..1: 3 results when 5 are required scores 0.6. */
  score: number;
}

/** Read a dotted path (`report.sections`) from a tool's output. */
export function readField(data: unknown, path: string): unknown {
  let cur: unknown = data;
  for (const key of path.split(".")) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

const countOf = (v: unknown): number => {
  if (Array.isArray(v)) return v.length;
  if (typeof v === "string") return v.trim().length > 0 ? 1 : 0;
  if (typeof v === "number") return v;
  if (v && typeof v === "object") return Object.keys(v).length;
  return 0;
};

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === "string" && v.trim() === "") ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === "object" && Object.keys(v as object).length === 0);

export function describeCriterion(c: Criterion): string {
  if (c.description) return c.description;
  switch (c.kind) {
    case "min_count":
      return `${c.field} has at least ${c.min}`;
    case "non_empty":
      return `${c.field} is not empty`;
    case "matches":
      return `${c.field} matches /${c.pattern}/`;
    case "includes_all":
      return `${c.field} mentions ${c.values.join(", ")}`;
  }
}

export function checkCriterion(c: Criterion, data: unknown): CriterionCheck {
  const value = readField(data, c.field);
  const description = describeCriterion(c);
  switch (c.kind) {
    case "min_count": {
      const n = countOf(value);
      return { description, met: n >= c.min, detail: `${n} of ${c.min}`, score: Math.min(1, n / c.min) };
    }
    case "non_empty": {
      const met = !isEmpty(value);
      return { description, met, detail: met ? "present" : "empty or missing", score: met ? 1 : 0 };
    }
    case "matches": {
      const text = typeof value === "string" ? value : JSON.stringify(value ?? "");
      const met = new RegExp(c.pattern, "iu").test(text);
      return { description, met, detail: met ? "matches" : "no match", score: met ? 1 : 0 };
    }
    case "includes_all": {
      const text = (typeof value === "string" ? value : JSON.stringify(value ?? "")).toLowerCase();
      const missing = c.values.filter((x) => !text.includes(x.toLowerCase()));
      return {
        description,
        met: missing.length === 0,
        detail: missing.length ? `missing: ${missing.join(", ")}` : "all present",
        score: (c.values.length - missing.length) / c.values.length,
      };
    }
  }
}

export function checkCriteria(criteria: readonly Criterion[], data: unknown): CriterionCheck[] {
  return criteria.map((c) => checkCriterion(c, data));
}
