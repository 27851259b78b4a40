import { parseQuantity } from "../../tools/calculate";
import { splitSentences } from "../../tools/sentences";
import { asksMoney, parseGoalOptions } from "./goal-options";
import { parseGoalTerms } from "./goal-terms";
import { type Figure as Candidate, firstOf } from "./lineups";
import { kindOf } from "./prose-figures";
import { isStopWord, matchTerms, mentions } from "./text";
import type { ReadDoc } from "./upstream";
import { VALUE } from "./values";

/**
 * "What Quillon really costs once you add its analytics add-on": an item's price plus an extra
 * charged on top. The extra is named in the request by what it is (an add-on, a surcharge, a
 * support plan); a sentence in a paragraph about the item states its price ("advanced analytics
 * are an add-on at USD 8 per technician per month"); the base is the item's own figure of the same
 * kind and unit (its list price, also per technician per month).
 */
const EXTRA =
  /\b((?:[\p{L}-]+\s+){0,2})(add-?\s?ons?|surcharges?|extras?|options?|modules?|support plans?)\b/iu;

/** Words that put one charge on top of another: "what analytics costs on top", "the all-in price". */
const ON_TOP = /\b(?:on\s+top(?:\s+of)?|all-?in|all\s+told)\b/iu;

export const asksExtra = (request: string): boolean =>
  /(?:\b(?:add(?:s|ed|ing)?|plus|including|inclusive of|with)\b|\bincl\.?(?=\s))[^.?!]{0,40}\b(?:add-?\s?ons?|surcharges?)\b|\b(?:tak(?:e|es|ing)|get|buy|bundl(?:e|ed|ing)|opt(?:ing)? for|wants?|wanted|needs?|needed)\s+(?:the|its|their|an?|\p{Lu}[\p{L}-]*['’]s)\s+(?:[\p{L}-]+\s+){0,2}(?:add-?\s?on|surcharge)\b/iu.test(
    request,
  ) ||
  // "what the add-on does to Quillon's effective monthly price": the price with the add-on.
  /\badd-?\s?ons?\b[^.?!]{0,60}\b(?:effective|all-in|real|true)\s+(?:\w+\s+)?(?:price|cost)\b|\b(?:effective|all-in|real|true)\s+(?:\w+\s+)?(?:price|cost)\b[^.?!]{0,60}\badd-?\s?ons?\b/iu.test(
    request,
  ) ||
  (ON_TOP.test(request) && asksMoney(request) && extraNamed(request) !== null);

/**
 * The extra when the request names it by what it is rather than as an add-on: the subject of
 * "… costs on top" ("what analytics costs on top"), or what an all-in price is "with" or
 * "including" ("the all-in monthly price with analytics").
 */
function extraNamed(request: string): string | null {
  const before = /((?:[\p{L}-]+\s+){1,2})(?:costs?|adds?|comes?|charges?)?\s*(?:extra\s+)?on\s+top\b/iu.exec(
    request,
  );
  // What an all-in price is "with" follows it closely ("the all-in monthly price with analytics"),
  // not anywhere later in the request ("… going with the cheaper one").
  const top = ON_TOP.exec(request);
  const near = top ? request.slice(top.index, top.index + top[0].length + 40) : "";
  const after = /\b(?:with|including|plus)\s+(?:the\s+|its\s+|their\s+)?([\p{L}-]+(?:\s+[\p{L}-]+)?)/iu.exec(
    near,
  );
  for (const m of [before, after]) {
    const words = (m?.[1] ?? "")
      .split(/\s+/)
      .filter((w) => w && !isStopWord(w) && !/^(?:what|how|much|does|do)$/i.test(w));
    if (words.length > 0) return words.join(" ");
  }
  return null;
}

export function extraPair(
  request: string,
  candidates: readonly Candidate[],
  reads: readonly ReadDoc[],
): [Candidate, Candidate] | null {
  const m = EXTRA.exec(request)?.[0] ?? extraNamed(request);
  if (!m) return null;
  const phrase = m
    .replace(/\b(?:its|the|their|an?|your)\b/gi, "")
    .replace(/\s+/g, " ")
    .trim();
  const words = matchTerms(phrase);
  const names = parseGoalTerms(parseGoalOptions(request).rest).names;
  for (const item of names) {
    const key = firstOf(item);
    const extra = statedExtra(key, phrase, words, reads);
    if (!extra) continue;
    // The item by any part of its full name ("Scout" is "Quillon Scout", its figures "Quillon list price").
    const names = [key, ...fullNameParts(key, reads)];
    const base =
      names
        .map((n) =>
          candidates.find(
            (c) => mentions(c.label, n) && kindOf(c.q) === kindOf(extra.q) && c.q.amount !== extra.q.amount,
          ),
        )
        .find(Boolean) ?? null;
    if (base) return [base, extra];
  }
  return null;
}

/**
 * The other words of the name the documents give an item in full: "Quillon Scout" for "Scout",
 * "Fernbrook FieldMate" for "FieldMate" — capitalised words written next to it.
 */
export function fullNameParts(key: string, reads: readonly ReadDoc[]): string[] {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const run = new RegExp(
    `((?:\\p{Lu}[\\p{L}\\d-]+\\s+){1,2})${escaped}\\b|\\b${escaped}((?:\\s+\\p{Lu}[\\p{L}\\d-]+){1,2})`,
    "gu",
  );
  const out = new Set<string>();
  for (const doc of reads) {
    for (const m of doc.text.matchAll(run)) {
      for (const w of `${m[1] ?? ""} ${m[2] ?? ""}`.split(/\s+/)) if (w && w !== key) out.add(w);
    }
  }
  return [...out];
}

/** The extra's price: a sentence carrying the extra's words, in a paragraph that names the item. */
function statedExtra(
  key: string,
  phrase: string,
  words: ReadonlySet<string>,
  reads: readonly ReadDoc[],
): Candidate | null {
  for (const doc of reads) {
    for (const paragraph of doc.text.split(/\n\s*\n/)) {
      if (!mentions(paragraph, key)) continue;
      for (const sentence of splitSentences(paragraph)) {
        const have = matchTerms(sentence);
        if ([...words].filter((w) => have.has(w)).length * 2 < words.size) continue;
        const value = [...sentence.matchAll(VALUE)]
          .map((v) => v[0].trim())
          .find((v) => parseQuantity(v)?.prefix);
        const q = value ? parseQuantity(value) : null;
        if (value && q) return { label: `${key} ${phrase}`, value, docId: doc.docId, q };
      }
    }
  }
  return null;
}
