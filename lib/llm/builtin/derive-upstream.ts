import { parseQuantity } from "../../tools/calculate";
import type { Figure as Candidate } from "./lineups";
import { kindOf } from "./prose-figures";
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
    const q = d.rows ? null : parseQuantity(d.formatted);
    return q
      ? [{ label: d.label.replace(/:.*$/, "").trim() || d.label, value: d.formatted, docId: d.docIds[0], q }]
      : [];
  });
  for (let i = 0; i < totals.length; i++) {
    for (let j = i + 1; j < totals.length; j++) {
      const a = totals[i] as Candidate;
      const b = totals[j] as Candidate;
      if (kindOf(a.q) === kindOf(b.q)) return [a, b];
    }
  }
  return null;
}
