import { clausesOf, isCommonWord } from "../../language/english";
import { parseQuantity } from "../../tools/calculate";
import { splitSentences } from "../../tools/sentences";
import type { ResearchFrame } from "./frame";
import { asksArithmetic, derivationClause, parseGoalOptions } from "./goal-options";
import { parseGoalTerms } from "./goal-terms";
import { firstOf, lineupsOf } from "./lineups";
import { isStopWord, matchTerms, mentions, ruledOutBy } from "./text";
import type { ReadDoc } from "./upstream";

/**
 * The omission check, said in the report: an aspect the request asks of its items ("the uptime
 * SLA each one commits to") that no document read states for an item is written down as not found,
 * with the searches made — not left out in silence, not filled by another item's figure. The
 * absence is judged on the documents read, not on the report: a sentence is an item's when it
 * names it, or names no other item in a paragraph about it ("It obtained a SOC 2 Type I report");
 * a figure is when its name does. Items are the names the request gives that the documents list
 * figures for; an aspect is a phrase of the request of two content words or more, a word no
 * dictionary has, or a name that is no item (a standard: "SLA", "IASS-2"). English requests only.
 */
const MAX_GAPS = 3;
/** Share of an aspect's words a sentence or figure name must carry to state it. */
const STATES = 0.5;

export function aspectGaps(
  frame: ResearchFrame,
  reads: readonly ReadDoc[],
  searched: readonly string[],
): string[] {
  if (frame.zh) return [];
  const request = [...frame.options.changed, frame.request].join("\n");
  const options = parseGoalOptions(request);
  const terms = parseGoalTerms(options.rest);
  const out = ruledOutBy(frame.options.excluded);
  const figures = reads.flatMap((d) =>
    d.figures.flatMap((f) => {
      const q = parseQuantity(f.value);
      return q ? [{ label: f.name, value: f.value, docId: d.docId, q }] : [];
    }),
  );
  const listed = new Set(lineupsOf(figures).flatMap((l) => [...l.items.keys()]));
  const isItem = (name: string) => [...listed].some((i) => mentions(i, firstOf(name)));
  const items = terms.names.filter((n) => isItem(n) && !out(n));
  if (items.length === 0) return [];
  const subject = matchTerms(frame.subject ?? "");
  const itemWords = new Set(items.flatMap((n) => [...matchTerms(n)]));
  // A phrase of a clause asking for arithmetic names an operand, not an aspect to state.
  const arithmetic = options.derived
    .map((op) => derivationClause(request, op))
    .filter((c): c is string => c !== null)
    .join(" ")
    .toLowerCase();
  // Asked of the items, not of the report: the aspect's clause distributes over them ("the uptime SLA
  // each one commits to", "their licences") or names one as its owner ("Quillon's reseller programme").
  const clauses = clausesOf(request);
  const owners = items.map((i) => firstOf(i).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  const DISTRIBUTES = new RegExp(
    `\\b(?:each|every|both|either|their|respective|(?:${owners})['’]s?)\\b`,
    "iu",
  );
  const askedOfItems = (aspect: string) =>
    clauses.some((c) => c.toLowerCase().includes(aspect.toLowerCase()) && DISTRIBUTES.test(c));
  // "Fernbrook's annual revenue, headcount and market share": a plain noun the request asks of a
  // named item (its possessive opens the clause) is an aspect as much as a rarer phrase is.
  // The list after the possessive runs to the end of its sentence.
  const OWNED = new RegExp(`\\b(?:${owners})['’]s?\\s`, "giu");
  const owned = splitSentences(request).flatMap((sentence) =>
    [...sentence.matchAll(OWNED)].map((m) => sentence.slice((m.index ?? 0) + m[0].length).toLowerCase()),
  );
  const ownedBy = (aspect: string) => owned.some((tail) => tail.includes(aspect.toLowerCase()));
  const aspects = [...terms.aspects, ...terms.names.filter((n) => !isItem(n))].filter((a) => {
    const words = a.split(/\s+/).filter((w) => !isStopWord(w));
    const own = [...matchTerms(a)].filter((t) => !subject.has(t) && !itemWords.has(t));
    const specific = words.length >= 2 || /^\p{Lu}/u.test(a) || !isCommonWord(words[0] ?? "");
    return (
      own.length > 0 &&
      (specific || ownedBy(a)) &&
      !arithmetic.includes(a.toLowerCase()) &&
      !asksArithmetic(a) &&
      (askedOfItems(a) || ownedBy(a))
    );
  });
  const states = (text: string, aspect: string) => {
    const want = [...matchTerms(aspect)].filter((t) => !subject.has(t) && !itemWords.has(t));
    const have = [...matchTerms(text)];
    const meets = (t: string) =>
      have.some((u) => u === t || (t.length >= 5 && u.slice(0, 5) === t.slice(0, 5)));
    return want.length > 0 && want.filter(meets).length / want.length >= STATES;
  };
  const others = (item: string) => items.filter((o) => o !== item);
  const statedFor = (item: string, aspect: string): boolean => {
    if (figures.some((f) => mentions(f.label, firstOf(item)) && states(f.label, aspect))) return true;
    for (const doc of reads) {
      for (const paragraph of doc.text.split(/\n\s*\n/)) {
        let about =
          mentions(doc.title, firstOf(item)) && !others(item).some((o) => mentions(doc.title, firstOf(o)));
        for (const sentence of splitSentences(paragraph)) {
          const names = mentions(sentence, firstOf(item));
          const other = others(item).some((o) => mentions(sentence, firstOf(o)));
          if (names) about = true;
          else if (other) about = false;
          if ((names || (about && !other)) && states(sentence, aspect)) return true;
        }
      }
    }
    return false;
  };
  const where = searched
    .slice(0, 4)
    .map((q) => `«${q}»`)
    .join(", ");
  const gaps: string[] = [];
  for (const aspect of aspects) {
    const missing = items.filter((item) => !statedFor(item, aspect));
    if (missing.length === 0) continue;
    gaps.push(
      `${aspect.charAt(0).toUpperCase()}${aspect.slice(1)}: not found in the documents read for ${joinOr(missing)}${where ? ` (searched: ${where})` : ""}.`,
    );
    if (gaps.length >= MAX_GAPS) break;
  }
  return gaps;
}

function joinOr(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}
