import { abbreviates } from "../../language/abbreviations";
import { parseQuantity, type Quantity } from "../../tools/calculate";
import { parseGoalTerms } from "./goal-terms";
import { type Figure as Candidate, firstOf, lineupsOf } from "./lineups";
import { kindOf } from "./prose-figures";
import { mentions, normalise } from "./text";
import type { Derivation } from "./upstream";
import { valuesIn } from "./values";

/** Pairs from calculations made upstream: two per-item totals, or the per-unit figures they multiplied. */

/** The subject of a gap between the per-unit figures that per-item totals multiplied. */
export const PER_UNIT = "each unit";

/**
 * The per-unit figures two per-item totals multiplied ("Nordvale Atlas: … total per unit over 3
 * years × 200 technician"), read back from their labels and formulas: the first factor of each.
 */
export function perUnitPair(derived: readonly Derivation[]): [Candidate, Candidate] | null {
  const units = derived.flatMap((d) => {
    if (d.rows) return [];
    const m = /^(.+?):\s*(.+?)\s+×\s/u.exec(d.label);
    const label = (m?.[2] ?? "").trim();
    const at = label ? d.formula.indexOf(label) : -1;
    // The formula shows each factor as its label, then its value.
    const value = at >= 0 ? valuesIn(d.formula.slice(at + label.length))[0] : undefined;
    const q = value ? parseQuantity(value) : null;
    return value && q ? [{ label, value, docId: d.docIds[0], q }] : [];
  });
  for (let i = 0; i < units.length; i++) {
    for (let j = i + 1; j < units.length; j++) {
      const a = units[i] as Candidate;
      const b = units[j] as Candidate;
      if (kindOf(a.q) === kindOf(b.q) && a.label !== b.label) return [a, b];
    }
  }
  return null;
}

/** Two totals calculated upstream of one kind (each side's bill), in the order they were made. */
export function derivedPair(derived: readonly Derivation[]): [Candidate, Candidate] | null {
  const totals = derived.flatMap((d) => {
    const result = d.rows ? null : resultOf(d);
    return result
      ? [
          {
            label: d.label.replace(/:.*$/, "").trim() || d.label,
            ...result,
            docId: d.docIds[0],
            operation: d.operation,
          },
        ]
      : [];
  });
  // Two results of one calculation (each side's total) before a price adjusted on the way to one.
  for (const sameOperation of [true, false]) {
    for (let i = 0; i < totals.length; i++) {
      for (let j = i + 1; j < totals.length; j++) {
        const { operation: x, ...a } = totals[i] as (typeof totals)[number];
        const { operation: y, ...b } = totals[j] as (typeof totals)[number];
        if (kindOf(a.q) === kindOf(b.q) && (!sameOperation || x === y)) return [a, b];
      }
    }
  }
  return null;
}

/**
 * Two rows of one calculation made for each item ("each region projected to 2030"), the ones the
 * clause comparing names ("whether Asia-Pacific overtakes North America by 2030 and by how much"),
 * in its order: the rows are that clause's figures, not the items' figures as stated.
 */
export function rowPair(
  derived: readonly Derivation[],
  clause: string,
  /** The whole request, when the clause names no two items ("give me the 2028 gap"): its two names. */
  request = "",
): [Candidate, Candidate] | null {
  const own = parseGoalTerms(clause).names;
  // Else the request's names that some row is of, when exactly two are ("APAC is catching up with
  // North America … give me the 2028 gap").
  const whole = own.length < 2 && request !== "";
  const names = whole ? parseGoalTerms(request).names : own;
  if (names.length < 2) return null;
  // "APAC" is the row of "Asia-Pacific": an initialism matches the capitalised name it abbreviates.
  const isOf = (label: string, n: string) =>
    mentions(label, firstOf(n)) ||
    (/^\p{Lu}{2,5}$/u.test(n) &&
      (label.match(/\p{Lu}[\p{L}]*(?:-\p{Lu}[\p{L}]*)*/gu) ?? []).some((w) => abbreviates(n, w)));
  for (const d of [...derived].reverse()) {
    // An item is of some rows, not all ("CAGR" is every row's measure).
    const rows = d.rows ?? [];
    const of = names.filter(
      (n) => rows.some((r) => isOf(r.label, n)) && !rows.every((r) => isOf(r.label, n)),
    );
    if (whole && of.length !== 2) continue;
    const picked = of.flatMap((n) => {
      const row = (d.rows ?? []).find((r) => isOf(r.label, n));
      // Unrounded, as a result is: 3.2247 and 3.2182 billion are no tie.
      const result = row
        ? resultOf({ ...d, rows: undefined, value: row.value, formatted: row.formatted })
        : null;
      return row && result ? [{ label: row.label, ...result, docId: row.docIds[0] }] : [];
    });
    const [a, b] = picked;
    if (a && b && a.label !== b.label && kindOf(a.q) === kindOf(b.q)) return [a, b];
  }
  return null;
}

/**
 * A calculation's result as a later one's input: its unit as formatted, its amount unrounded
 * ("USD 1.302 billion", not the "USD 1.3 billion" a reader sees), so rounding does not compound.
 */
export function resultOf(d: Derivation): { value: string; q: Quantity } | null {
  const shown = parseQuantity(d.formatted);
  if (!shown) return null;
  if (d.value === undefined || !Number.isFinite(d.value) || d.value === shown.amount)
    return { value: d.formatted, q: shown };
  const m = /^(.*?)-?\d[\d,]*(?:\.\d+)?\s*(billion|million|thousand|bn|k)?\b/iu.exec(d.formatted);
  const word = m?.[2]?.toLowerCase();
  const scale =
    word === "billion" || word === "bn"
      ? 1e9
      : word === "million"
        ? 1e6
        : word === "thousand" || word === "k"
          ? 1e3
          : 1;
  const digits = Number((d.value / scale).toPrecision(6)).toLocaleString("en-US", {
    maximumFractionDigits: 4,
  });
  const value = d.formatted.replace(/-?\d[\d,]*(?:\.\d+)?/u, digits);
  const q = parseQuantity(value);
  return q ? { value, q } : { value: d.formatted, q: shown };
}

/**
 * Figures as the calculations upstream left them: a price per unit a discount or an add-on adjusted
 * ("Fernbrook list price with Fernbrook discount: USD 41.65 per technician per month") stands in for
 * the price it adjusted when a total is made of it (600 seats for a year). Comparisons of the
 * prices as listed (the spread between the priciest and the cheapest) keep the listed ones.
 * Only a rate applied once or an extra added adjusts a figure; the result keeps the figure's unit.
 */
export function refinedFigures(
  candidates: readonly Candidate[],
  derived: readonly Derivation[],
): Candidate[] {
  const out = [...candidates];
  for (const d of derived) {
    if (d.rows || (d.operation !== "apply_rate" && d.operation !== "sum")) continue;
    // A price per unit adjusted ("… per technician per month"): a sum of two totals adjusts nothing.
    if (!/\bper\b|每/iu.test(d.formatted)) continue;
    // Growth projected over periods (a third input) makes another year's figure; it adjusts nothing.
    if ((d.inputs?.length ?? 0) > 2) continue;
    const base = d.inputs?.[0];
    const result = resultOf(d);
    if (!base || !result) continue;
    const { q } = result;
    const at = out.findIndex((c) => normalise(c.label) === normalise(base.label) && c.value === base.value);
    const was = out[at];
    if (!was || kindOf(was.q) !== kindOf(q)) continue;
    out[at] = { label: adjustedLabel(was, d, out), value: result.value, docId: d.docIds[0] ?? was.docId, q };
  }
  return out;
}

/**
 * "Fernbrook (discounted) list price": the adjustment said in a word beside the item, so the figure
 * still lines up with the other items' list prices and is still the item's own.
 */
function adjustedLabel(was: Candidate, d: Derivation, all: readonly Candidate[]): string {
  const rate = d.operation === "apply_rate" ? parseQuantity(d.inputs?.[1]?.value ?? "") : null;
  const what = rate
    ? rate.amount < 0
      ? "discounted"
      : rate.amount > 0
        ? "marked up"
        : "as listed"
    : "all-in";
  for (const l of lineupsOf(all)) {
    const item = [...l.items.entries()].find(([, c]) => c === was)?.[0];
    if (!item) continue;
    const at = was.label.indexOf(item);
    if (at >= 0)
      return `${was.label.slice(0, at + item.length)} (${what})${was.label.slice(at + item.length)}`;
  }
  return `${was.label} (${what})`;
}
