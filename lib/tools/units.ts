import { stemmer } from "stemmer";

/**
 * Units a per-unit figure is stated in and a count is of: "USD 1,200 per seat per year" is per
 * seat (spans of time are converted, not units); "10,000 tasks/mo" counts tasks. A product only
 * means something when the units cancel: a cost per task times a count of tasks.
 */
const TIME = /^(?:unit|second|minute|hour|day|week|month|quarter|year|annum)s?$/;

/** A seat is sold per person: "per seat", "per user", "per technician" count the same heads. */
const PER_HEAD =
  /^(?:seat|user|person|people|head|tech|technician|employe|staff|member|engin|develop|worker|operat|analyst|manag|licen[cs]|individu)/;

/** The units a figure is per, times aside: "USD 62 per technician per month" → ["technician"]. */
export function perUnits(text: string): string[] {
  return [...text.matchAll(/\bper\s+([\p{L}-]+)/giu)]
    .map((m) => (m[1] ?? "").toLowerCase())
    .filter((u) => !TIME.test(u));
}

/** The noun a count counts: "10000 tasks/mo" → "tasks"; "350 technician" → "technician". */
export function countedUnit(label: string): string {
  return (label.trim().split(/\s+/).at(-1) ?? "").split("/")[0]?.toLowerCase() ?? "";
}

/** Two unit words name one unit: the same stem, one a clipping of the other ("techs"), or both heads. */
export function sameUnit(a: string, b: string): boolean {
  const x = stemmer(a.toLowerCase());
  const y = stemmer(b.toLowerCase());
  if (!x || !y) return false;
  return x.startsWith(y) || y.startsWith(x) || (PER_HEAD.test(x) && PER_HEAD.test(y));
}

/**
 * A per-unit figure multiplied by a count of something else: the units named, or null when they
 * cancel (or either side names none, or is written in another script, which says nothing).
 */
export function unitClash(perText: string, countLabel: string): { per: string; counted: string } | null {
  const counted = countedUnit(countLabel);
  if (!/^\p{Script=Latin}+$/u.test(counted) || TIME.test(counted)) return null;
  const units = perUnits(perText);
  if (units.length === 0 || units.some((u) => sameUnit(u, counted))) return null;
  return { per: units[0] as string, counted };
}
