import type { Quantity } from "../../tools/calculate";
import { kindOf } from "./prose-figures";
import { matchTerms, overlap } from "./text";

/**
 * Lineups: one measure given for several items. Documents list it under names that differ only in
 * the item ("Fernbrook market share 2025", "Nordvale Systems market share 2025"; "Project X Europe
 * market size 2025"): figures of one kind of number whose names share their first and last words
 * form a lineup, the shared words naming the measure and the differing words the item.
 */
export interface Figure {
  label: string;
  value: string;
  docId?: string;
  q: Quantity;
  /** What the figure measures, in words, when the label does not say (a prose figure: its document's title). */
  about?: string;
}

/** An amount of money: "USD 1,200 per seat per year", "2,630 美元". */
export const isMoney = (c: Figure): boolean =>
  /^(?:usd|us\$|eur|gbp|jpy|cny|rmb|inr|aud|cad|chf|krw|sgd|hkd|人民币|[$€£¥₹])$/iu.test(c.q.prefix) ||
  /美元|欧元|英镑|日元|元/u.test(c.q.suffix);

/** A figure as a calculation's input: its name, its value as written and its document. */
export const figureInput = (f: Figure) => ({
  label: f.label,
  value: f.value,
  ...(f.docId ? { docId: f.docId } : {}),
});

/** Share of the wanted terms a figure's name has. */
export const relevance = (f: Figure, wanted: ReadonlySet<string>) => overlap(matchTerms(f.label), wanted);

export interface Lineup<F extends Figure = Figure> {
  /** The measure's words, the shared start and end ("project x market size 2025"). */
  shared: string;
  kind: string;
  /** Item → its figure, first figure given first. */
  items: Map<string, F>;
}

export function lineupsOf<F extends Figure>(figures: readonly F[]): Lineup<F>[] {
  const lineups = new Map<string, Lineup<F>>();
  for (let i = 0; i < figures.length; i++) {
    for (let j = i + 1; j < figures.length; j++) {
      const a = figures[i] as F;
      const b = figures[j] as F;
      if (kindOf(a.q) !== kindOf(b.q)) continue;
      const split = sharedEnds(a.label, b.label);
      if (!split) continue;
      const key = `${split.prefix}|${split.suffix}|${kindOf(a.q)}`;
      const lineup = lineups.get(key) ?? {
        shared: `${split.prefix} ${split.suffix}`.trim(),
        kind: kindOf(a.q),
        items: new Map<string, F>(),
      };
      if (!lineup.items.has(split.itemA)) lineup.items.set(split.itemA, a);
      if (!lineup.items.has(split.itemB)) lineup.items.set(split.itemB, b);
      lineups.set(key, lineup);
    }
  }
  return [...lineups.values()];
}

/** "Fernbrook market share 2025" / "Nordvale Systems market share 2025" → the shared ends and each item. */
export function sharedEnds(
  a: string,
  b: string,
): { prefix: string; suffix: string; itemA: string; itemB: string } | null {
  const wa = a.split(/\s+/);
  const wb = b.split(/\s+/);
  let p = 0;
  while (
    p < wa.length &&
    p < wb.length &&
    (wa[p] as string).toLowerCase() === (wb[p] as string).toLowerCase()
  )
    p++;
  let s = 0;
  while (
    s < wa.length - p &&
    s < wb.length - p &&
    (wa[wa.length - 1 - s] as string).toLowerCase() === (wb[wb.length - 1 - s] as string).toLowerCase()
  )
    s++;
  const itemA = wa.slice(p, wa.length - s).join(" ");
  const itemB = wb.slice(p, wb.length - s).join(" ");
  // The measure must be named by more than a year — after the items ("… market share 2025"), or
  // before them when a preposition hands over to the item ("adoption rate in utilities 2025") —
  // and the items must be short (a name, a region, a maker and its model).
  const suffix = wa
    .slice(wa.length - s)
    .join(" ")
    .toLowerCase();
  const prefix = wa.slice(0, p).join(" ").toLowerCase();
  const measuredBefore = /\b(?:in|for|of|among|at|across|by)$/.test(prefix);
  if (
    !itemA ||
    !itemB ||
    s === 0 ||
    (/^\d{4}$/.test(suffix) && !measuredBefore) ||
    itemA.split(" ").length > 4 ||
    itemB.split(" ").length > 4
  )
    return null;
  return { prefix, suffix, itemA, itemB };
}

/** An item's first word, which names it in text ("Nordvale Systems" → "Nordvale"). */
export const firstOf = (item: string): string => item.split(/\s+/)[0] ?? item;
