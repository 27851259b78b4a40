import type { Evidence } from "./evidence";
import type { ResearchFrame } from "./frame";
import { termsWithGloss } from "./gloss";
import { jaccard, matchTerms } from "./text";
import type { Fact } from "./upstream";
import { datesIn, valuesIn } from "./values";

/**
 * The request's own words decide what else the report must hold. The facets take their best few
 * sentences each; a request asks for more than its facets name ("per framework, the loop rate and
 * the share of repeated calls"), so after them, the sentences read that state a figure and match
 * the request's distinctive words are added, most relevant first, while each states a figure the
 * report does not state yet. Distinctive = rare among the sentences read (inverse document
 * frequency), so the subject every sentence names ("Project X") counts for little and the
 * measure asked for ("repeated", "incidence") for much.
 */

/** A sentence must reach this share of the best sentence's relevance to be added. */
const RELATIVE_FLOOR = 0.45;
/** …and match at least this many of the request's terms (one word alone is a coincidence). */
const MIN_SHARED_TERMS = 2;
const NEAR_DUPLICATE = 0.6;
export const DEFAULT_FINDINGS = 6;

export interface Finding {
  fact: Fact;
  /** Request terms the sentence shares, for the reason line. */
  shared: string[];
}

export function requestFindings(
  frame: ResearchFrame,
  ev: Evidence,
  stated: { facts: readonly Fact[]; text: readonly string[] },
  budget: number,
): Finding[] {
  if (budget <= 0 || ev.facts.length === 0) return [];
  const request = termsWithGloss(frame.request, ev.docs);
  if (request.size === 0) return [];
  const terms = new Map(ev.facts.map((f) => [f, matchTerms(f.text)]));
  const idf = inverseFrequency([...terms.values()], request);

  const statedValues = new Set(
    [...stated.facts.map((f) => f.text), ...stated.text].flatMap((t) =>
      [...valuesIn(t), ...datesIn(t)].map(valueKey),
    ),
  );
  const chosenTerms = stated.facts.map((f) => terms.get(f) ?? matchTerms(f.text));

  // A sentence is also about what its paragraph is about: "Quillon says it expects certification in
  // the first quarter of 2026" answers "where Quillon stands on IASS-2" in a paragraph on IASS-2.
  const context = paragraphTerms(ev);
  const scored = ev.facts
    .filter((f) => !stated.facts.includes(f) && !ev.weak.has(f.docId))
    .map((fact) => {
      const t = terms.get(fact) as Set<string>;
      const own = [...request].filter((r) => t.has(r));
      const around = context(fact);
      const near = own.length > 0 ? [...request].filter((r) => !t.has(r) && around.has(r)) : [];
      const shared = [...own, ...near];
      const ownRelevance = own.reduce((sum, r) => sum + (idf.get(r) ?? 0), 0);
      const relevance = ownRelevance + near.reduce((sum, r) => sum + (idf.get(r) ?? 0), 0) * CONTEXT_WEIGHT;
      // A date is a finding too: "when …?" is answered by the sentence that states it.
      return {
        fact,
        shared,
        relevance,
        ownRelevance,
        values: [...valuesIn(fact.text), ...datesIn(fact.text)].map(valueKey),
      };
    })
    .filter((c) => c.values.length > 0 && c.shared.length >= MIN_SHARED_TERMS && c.relevance > 0)
    .sort((a, b) => b.relevance - a.relevance || a.fact.order - b.fact.order);
  // The floor is set by the sentences' own words: context adds to a sentence, it does not raise the bar.
  const best = Math.max(0, ...scored.map((c) => c.ownRelevance));

  const out: Finding[] = [];
  for (const c of scored) {
    if (out.length >= budget) break;
    if (c.relevance < best * RELATIVE_FLOOR) break;
    // Only a sentence that states something new: a figure not yet in the report.
    if (c.values.every((v) => statedValues.has(v))) continue;
    const t = terms.get(c.fact) as Set<string>;
    if (chosenTerms.some((other) => jaccard(other, t) >= NEAR_DUPLICATE)) continue;
    out.push({ fact: c.fact, shared: c.shared });
    chosenTerms.push(t);
    for (const v of c.values) statedValues.add(v);
  }
  return out;
}

/** What a request term in a sentence's paragraph (not the sentence) is worth. */
const CONTEXT_WEIGHT = 0.25;

/** The terms of the paragraph each fact's sentence stands in, in its read document (none when not found). */
function paragraphTerms(ev: Evidence): (fact: Fact) => Set<string> {
  const paragraphs = new Map<string, { text: string; terms: Set<string> }[]>();
  const none = new Set<string>();
  return (fact) => {
    let list = paragraphs.get(fact.docId);
    if (!list) {
      const doc = ev.docs.find((d) => d.docId === fact.docId);
      list = (doc?.text ?? "").split(/\n\s*\n/).map((text) => ({ text, terms: matchTerms(text) }));
      paragraphs.set(fact.docId, list);
    }
    const probe = fact.text.slice(0, 60);
    return list.find((p) => p.text.includes(probe))?.terms ?? none;
  };
}

/** log(N / df) over the sentences read, for the request's terms only. */
function inverseFrequency(sentences: Set<string>[], request: Set<string>): Map<string, number> {
  const n = sentences.length;
  const idf = new Map<string, number>();
  for (const term of request) {
    const df = sentences.filter((s) => s.has(term)).length;
    if (df > 0) idf.set(term, Math.log((n + 1) / df));
  }
  return idf;
}

const valueKey = (v: string): string => v.toLowerCase().replace(/\s+/g, "").replace(/,/g, "");
