import { parseQuantity } from "../../tools/calculate";
import type { ResearchFrame } from "./frame";
import { derivationClause, parseGoalOptions } from "./goal-options";
import { parseGoalTerms } from "./goal-terms";
import { firstOf, lineupsOf } from "./lineups";
import { statementAbout } from "./prose-figures";
import { matchTerms, mentions, normalise, overlap, ruledOutBy } from "./text";
import type { ReadDoc } from "./upstream";

/**
 * What the documents say of each item on an aspect that is no number: "where each vendor stands on
 * IASS-2 certification", "the licence of Loomwork and Relaywright", "Braidline's retry policy".
 * The items are the ones the request names that the documents list figures for, or — when it names
 * none ("each vendor") — the items the documents' own lists share. An aspect is a phrase of the
 * request (or a name that is not an item: a standard, "IASS-2") that no listed figure measures; for
 * each item the sentence about it carrying most of the aspect's words is quoted, once.
 */
export interface ItemStatement {
  item: string;
  aspect: string;
  sentence: string;
  docId: string;
}

const MAX_ITEMS = 5;
/** "each vendor", "every one", "all the frameworks", "the four main vendors": a kind of item asked as a whole. */
const EVERY =
  /\b(?:each|every)\b|\ball(?:\s+of)?\s+(?:the\s+|them\b)|\bthe\s+(?:two|three|four|five|six|\d+)\s+(?:[\p{L}-]+\s+){0,2}[\p{L}-]+s\b/iu;
const MAX_ASPECTS = 3;
const MAX_STATEMENTS = 10;
/** A listed figure whose name carries this share of an aspect's words measures it: a number, not a statement. */
const MEASURED = 0.5;

export function itemStatements(
  frame: ResearchFrame,
  reads: readonly ReadDoc[],
  stated: readonly string[],
): ItemStatement[] {
  // The newest requirement first: what a change of mind adds is what is asked now.
  const request = [...frame.options.changed, frame.request].join("\n");
  const terms = parseGoalTerms(parseGoalOptions(request).rest);
  const ruledOut = ruledOutBy(frame.options.excluded);
  const figures = reads.flatMap((d) =>
    d.figures.flatMap((f) => {
      const q = parseQuantity(f.value);
      return q ? [{ label: f.name, value: f.value, docId: d.docId, q }] : [];
    }),
  );
  const listed = new Map<string, number>();
  for (const l of lineupsOf(figures)) {
    for (const item of l.items.keys())
      if (/^\p{Lu}/u.test(item)) listed.set(item, (listed.get(item) ?? 0) + 1);
  }
  const isListed = (name: string) =>
    [...listed.keys()].some((i) => normalise(i).startsWith(normalise(firstOf(name))));
  const named = terms.names.filter((n) => isListed(n) && !ruledOut(n));
  // A kind of item asked as a whole ("each vendor", "the four frameworks", "all of them"): every
  // item the documents' lists share, the named ones first.
  const whole = named.length === 0 || EVERY.test(request);
  const shared = [...listed.entries()]
    .filter(([item, n]) => n >= 2 && !ruledOut(item))
    .sort((a, b) => b[1] - a[1])
    .map(([item]) => item)
    .filter((item) => !named.some((n) => normalise(item).startsWith(normalise(firstOf(n)))));
  const items = [...named, ...(whole ? shared : [])].slice(0, MAX_ITEMS);
  if (items.length === 0) return [];
  const subject = frame.subject ? matchTerms(frame.subject) : new Set<string>();
  // Measured for the items: a figure of one of them ("Quillon list price"), not a count over all
  // of them ("vendors certified to IASS-2: 2"), which says nothing of each one's status.
  const measured = (aspect: string) =>
    figures.some(
      (f) =>
        overlap(matchTerms(aspect), matchTerms(f.label)) >= MEASURED &&
        items.some((i) => normalise(f.label).includes(normalise(firstOf(i)))),
    );
  // A phrase of a clause asking for arithmetic ("the spread between the priciest and the cheapest")
  // names an operand, not an aspect to quote.
  const arithmetic = parseGoalOptions(request)
    .derived.map((op) => derivationClause(request, op))
    .filter((c): c is string => c !== null);
  // A name no document read mentions ("Tessarine", a slip for Tessaract) is no aspect they speak to.
  const known = (n: string) => reads.some((d) => mentions(d.text, firstOf(n)));
  const aspects = [...terms.aspects, ...terms.names.filter((n) => !isListed(n) && known(n))]
    // "a licence column": the column is where the aspect goes, not what it is.
    .map((a) => a.replace(/\s+(?:columns?|rows?|table|chart)$/i, ""))
    .filter((a) => [...matchTerms(a)].some((t) => !subject.has(t)) && !measured(a))
    .filter((a) => !arithmetic.some((c) => c.toLowerCase().includes(a.toLowerCase())))
    .slice(0, MAX_ASPECTS);
  const seen = new Set(stated.map(normalise));
  const out: ItemStatement[] = [];
  for (const item of items) {
    for (const aspect of aspects) {
      const found = statementAbout(item, aspect, items, reads, seen, frame.zh);
      if (!found || kindOf(found.sentence, aspect)) continue;
      seen.add(normalise(found.sentence));
      out.push({ item, aspect, ...found });
      if (out.length >= MAX_STATEMENTS) return out;
    }
  }
  return out;
}

/**
 * The aspect is only the item's kind in this sentence ("North America is the largest region" for
 * "the regions"): the sentence classes the item, it says nothing on an aspect of it.
 */
function kindOf(sentence: string, aspect: string): boolean {
  const words = aspect.trim().split(/\s+/);
  if (words.length !== 1) return false;
  const stem = (words[0] ?? "").toLowerCase().replace(/(?:ies|es|s)$/u, "");
  if (stem.length < 3) return false;
  const asKind = new RegExp(
    `\\b(?:is|are|was|were)\\s+(?:the|a|an|one of the)\\s+(?:[\\p{L}-]+\\s+){0,3}${stem}`,
    "iu",
  );
  const elsewhere = sentence.replace(asKind, " ");
  return asKind.test(sentence) && !new RegExp(`\\b${stem}`, "iu").test(elsewhere);
}
