import { type TaggedWord, tagEnglish } from "../../language/english";
import { superlatives } from "../../language/superlatives";
import { MAX_ROWS, parseQuantity } from "../../tools/calculate";
import type { CalculationPlan } from "./derive-inputs";
import type { ResearchFrame } from "./frame";
import { type Figure as Candidate, figureInput as input, type Lineup, lineupsOf } from "./lineups";
import { looseOverlap, matchTerms, mentions, ruledOutBy } from "./text";
import type { ReadDoc } from "./upstream";

/**
 * A measure the request has worked out per item from two the documents give apart: "work out
 * GitHub stars per contributor for all four" divides each framework's stars by its contributors.
 * Asked by a verb of computing and "A per B" where B is no span of time; the inputs are the two
 * lineups whose measures are A and B, row by row for the items both list.
 */
const COMPUTE =
  /\b(?:comput(?:e|ed|ing)|calculat(?:e|ed|ing)|work(?:s|ed|ing)?\s+(?:it\s+|them\s+|that\s+|this\s+)?out|deriv(?:e|ed|ing)|divid(?:e|ed|ing))\b/iu;
const SPAN = /^(?:second|minute|hour|day|week|month|quarter|year|annum|cent)s?$/i;

export interface Quotient {
  numerator: string;
  denominator: string;
}

export function quotientAsked(request: string): Quotient | null {
  if (!COMPUTE.test(request)) return null;
  const words = tagEnglish(request);
  for (let i = 1; i < words.length - 1; i++) {
    if ((words[i] as TaggedWord).text.toLowerCase() !== "per") continue;
    const after = words[i + 1] as TaggedWord;
    if (!after.tags.has("Noun") || after.tags.has("Pronoun") || SPAN.test(after.text)) continue;
    // The measure divided: the nouns (and their modifiers) right before "per".
    const before: TaggedWord[] = [];
    for (let j = i - 1; j >= 0 && before.length < 3; j--) {
      const w = words[j] as TaggedWord;
      if (
        w.post.trim() !== "" ||
        w.tags.has("Pronoun") ||
        /^(?:most|least|more|less|the|a|an)$/i.test(w.text)
      )
        break;
      // Before "per" stands the head noun, whatever the tagger says of it ("GitHub stars" as a verb);
      // before the head, its modifiers.
      const nominal =
        before.length === 0
          ? /^\p{L}[\p{L}-]*$/u.test(w.text) && !w.tags.has("Preposition") && !w.tags.has("Adverb")
          : w.tags.has("Noun") || (w.tags.has("Adjective") && !w.tags.has("Superlative"));
      if (!nominal) break;
      before.unshift(w);
    }
    if (before.length === 0) continue;
    return { numerator: before.map((w) => w.text).join(" "), denominator: after.text };
  }
  return null;
}

/** The lineup whose measure is the phrase: most of its words, then most items. */
function lineupFor(phrase: string, lineups: readonly Lineup[]): Lineup | null {
  const wanted = matchTerms(phrase);
  return (
    lineups
      .map((l) => ({ l, fit: looseOverlap(wanted, matchTerms(l.shared)) }))
      .filter((x) => x.fit >= 0.5 && x.l.items.size >= 2)
      .sort((a, b) => b.fit - a.fit || b.l.items.size - a.l.items.size)[0]?.l ?? null
  );
}

export function planQuotients(
  frame: ResearchFrame,
  candidates: readonly Candidate[],
  reads: readonly ReadDoc[],
  request: string,
): CalculationPlan {
  const asked = quotientAsked(request);
  const label = asked ? `${asked.numerator} per ${asked.denominator}` : "Per item";
  const none = (why: string): CalculationPlan => ({
    label: `${label}: ${why}`,
    operation: "per_unit",
    inputs: [],
  });
  if (!asked) return none("the request asks no measure per another");
  const lineups = lineupsOf(candidates);
  const top = lineupFor(asked.numerator, lineups);
  const bottom = lineupFor(
    asked.denominator,
    lineups.filter((l) => l !== top),
  );
  if (!top && !bottom) return none(`no list gives ${asked.numerator} or ${asked.denominator} item by item`);
  const out = ruledOutBy(frame.options.excluded);
  const items = [...new Set([...(top?.items.keys() ?? []), ...(bottom?.items.keys() ?? [])])].filter(
    (item, i, all) => !out(item) && !all.slice(0, i).some((o) => mentions(o, item) || mentions(item, o)),
  );
  // A side the lists leave out is looked up in the item's own sentences ("The project has 38,000
  // GitHub stars and 610 contributors").
  const side = (lineup: Lineup | null, measure: string, item: string): Candidate | null => {
    const listed = lineup
      ? [...lineup.items.entries()].find(([o]) => mentions(o, item) || mentions(item, o))
      : null;
    if (listed) return listed[1];
    return countedInProse(item, measure, items, reads);
  };
  const rows = items.flatMap((item) => {
    const a = side(top, asked.numerator, item);
    const b = side(bottom, asked.denominator, item);
    return a && b && b.q.amount !== 0 ? [{ item, a, b, value: a.q.amount / b.q.amount }] : [];
  });
  if (rows.length < 2)
    return none(`fewer than two items have both ${asked.numerator} and ${asked.denominator}`);
  // Ranked as the request ranks ("the fewest … per …" lowest first), else highest first.
  const words = matchTerms(label);
  const low = superlatives(request).some(
    (s) => s.direction === "min" && [...matchTerms(s.measure)].some((t) => words.has(t)),
  );
  rows.sort((x, y) => (low ? x.value - y.value : y.value - x.value));
  return {
    label,
    operation: "per_unit",
    inputs: [],
    rows: rows.slice(0, MAX_ROWS).map((r) => ({ label: r.item, inputs: [input(r.a), input(r.b)] })),
  };
}

/**
 * A count of the measure stated in a paragraph about the item alone: the number its head word
 * follows ("The project has 38,000 GitHub stars", "It has 21,000 stars but only 240 contributors").
 */
function countedInProse(
  item: string,
  measure: string,
  items: readonly string[],
  reads: readonly ReadDoc[],
): Candidate | null {
  const head = (measure.split(/\s+/).at(-1) ?? "").replace(/s$/i, "");
  if (head.length < 3) return null;
  const re = new RegExp(
    `(\\d[\\d,]*(?:\\.\\d+)?)\\s+(?:[\\p{L}-]+\\s+)?(${head.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\p{L}*)`,
    "iu",
  );
  for (const doc of reads) {
    for (const paragraph of doc.text.split(/\n\s*\n/)) {
      if (!mentions(paragraph, item) || items.some((o) => o !== item && mentions(paragraph, o))) continue;
      const m = re.exec(paragraph);
      const q = m ? parseQuantity(`${m[1]} ${m[2]}`) : null;
      if (m && q) return { label: `${item} ${measure}`, value: `${m[1]} ${m[2]}`, docId: doc.docId, q };
    }
  }
  return null;
}
