import { parseQuantity } from "../../tools/calculate";
import { type Figure as Candidate, firstOf, lineupsOf, relevance } from "./lineups";
import { kindOf } from "./prose-figures";
import { matchTerms, mentions, overlap } from "./text";
import { valuesIn } from "./values";

/** Pairs chosen by likeness rather than by the request's grammar: a supplied value, two similar figures. */

/**
 * "Vantor quoted us USD 54 per technician per month": a value a person supplied, labelled with the
 * name its line gives, paired with the library figure of the same kind (same currency and unit)
 * the request's words fit best — a figure of no single item first (an average, a market total),
 * the library's own reference point — library figure first, so a change runs from it to the quote.
 */
export function suppliedPair(
  supplied: readonly string[],
  candidates: readonly Candidate[],
  wanted: Set<string>,
  /** The items the request names ("Quillon sent over our renewal quote"): the quote is theirs. */
  named: readonly string[] = [],
): [Candidate, Candidate] | null {
  const given: Candidate[] = supplied.flatMap((line) => {
    const name = /\b\p{Lu}[\p{L}\d-]+(?:\s+\p{Lu}[\p{L}\d-]+)*/u.exec(
      line.replace(/^(?:We|Our|The|They|I)\b/u, ""),
    )?.[0];
    return valuesIn(line).flatMap((value) => {
      const q = parseQuantity(value);
      return q ? [{ label: `${name ?? "Supplied figure"} (supplied)`, value, q }] : [];
    });
  });
  // A name most figures carry ("Project X …") is the subject, not an item.
  const items = named.filter(
    (n) => candidates.filter((c) => mentions(c.label, firstOf(n))).length * 2 < candidates.length,
  );
  // The quote is the supplied line's own name's when it gives one ("Kelvra quoted us USD 41"), else
  // the request's ("Quillon sent over our renewal quote").
  const ownerOf = (g: Candidate) => {
    const own = g.label.replace(/\s*\(supplied\)$/, "");
    return own !== "Supplied figure" && !/^(?:USD|EUR|RMB|CNY|US)$/.test(own) ? [own] : items;
  };
  let owners: readonly string[] = items;
  const ofNamed = (c: Candidate) => owners.some((n) => mentions(c.label, firstOf(n)));
  const itemised = new Set(lineupsOf(candidates).flatMap((l) => [...l.items.values()].map((c) => c.label)));
  // A value with its unit ("USD 41 per technician per month") says more than the same bare ("41 美元").
  const specific = (c: Candidate) => kindOf(c.q).length;
  for (const g of [...given].sort((a, b) => specific(b) - specific(a))) {
    owners = ownerOf(g);
    const library = candidates
      .filter((c) => kindOf(c.q) === kindOf(g.q))
      .sort(
        (a, b) =>
          // A figure of the item the request names first: a quote from Quillon is set against Quillon's price.
          Number(ofNamed(b)) - Number(ofNamed(a)) ||
          Number(itemised.has(a.label)) - Number(itemised.has(b.label)) ||
          relevance(b, wanted) - relevance(a, wanted),
      )[0];
    if (library) return [library, g];
  }
  return null;
}

/** Two figures of one kind whose names share the most words, the goal's words weighing in. */
export function similarPair(candidates: Candidate[], wanted: Set<string>): [Candidate, Candidate] | null {
  let top: { pair: [Candidate, Candidate]; score: number } | null = null;
  for (let i = 0; i < candidates.length; i++) {
    for (let j = i + 1; j < candidates.length; j++) {
      const a = candidates[i] as Candidate;
      const b = candidates[j] as Candidate;
      if (kindOf(a.q) !== kindOf(b.q) || a.q.amount === b.q.amount) continue;
      const ta = matchTerms(a.label);
      const tb = matchTerms(b.label);
      const shared = overlap(ta, tb);
      if (shared === 0) continue;
      const score = shared + relevance(a, wanted) + relevance(b, wanted);
      if (!top || score > top.score) top = { pair: [a, b], score };
    }
  }
  return top?.pair ?? null;
}
