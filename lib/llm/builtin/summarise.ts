import type { Evidence } from "./evidence";
import type { Facet, ResearchFrame } from "./frame";
import { DEFAULT_MIN_CITATIONS } from "./plan-tasks";
import { isCjk, jaccard, matchTerms, mentions, normalise, overlap } from "./text";
import type { Fact } from "./upstream";
import { valuesIn } from "./values";

/**
 * Extractive summarisation: for each facet, the 2–4 best sentences the documents read actually
 * contain. Nothing is paraphrased, so every sentence in the report is exactly what its cited
 * document says.
 */

export interface SectionFacts {
  facet: Facet;
  /** Best first. */
  facts: Fact[];
}

interface Candidate {
  section: number;
  fact: Fact;
  score: number;
}

const DEFAULT_PER_SECTION = 3;
const MAX_PER_SECTION = 4;
/** Two sentences sharing this much vocabulary say the same thing. */
const NEAR_DUPLICATE = 0.6;
const WORDS_PER_FACT = 30;
const LONG_FACT = 320;
const DANGLING =
  /^(?:it|its|this|these|those|they|their|he|she|such|also|however)\b|^(?:它|其|这|该|他们|此外)/i;

export function factsPerSection(frame: ResearchFrame): number {
  const max = frame.options.maxWords;
  if (!max) return DEFAULT_PER_SECTION;
  const budget = max - 60;
  return Math.max(1, Math.min(MAX_PER_SECTION, Math.floor(budget / (frame.facets.length * WORDS_PER_FACT))));
}

/**
 * Every (facet, sentence) pair is scored, and the best pairs are taken first, so a sentence goes
 * to the facet it fits best rather than to whichever section happens to come first.
 */
export function selectFacts(frame: ResearchFrame, ev: Evidence): SectionFacts[] {
  const k = factsPerSection(frame);
  const terms = new Map(ev.facts.map((f) => [f, matchTerms(f.text)]));
  const candidates = frame.facets.flatMap((facet, section) => score(frame, facet, section, ev, terms));
  candidates.sort((a, b) => b.score - a.score || a.section - b.section || a.fact.order - b.fact.order);
  const sections: SectionFacts[] = frame.facets.map((facet) => ({ facet, facts: [] }));
  const chosen: Fact[] = [];
  const similar = (a: Fact, b: Fact) =>
    jaccard(terms.get(a) as Set<string>, terms.get(b) as Set<string>) >= NEAR_DUPLICATE;

  const take = (allowReuse: (section: number) => boolean) => {
    for (const { section, fact } of candidates) {
      const s = sections[section] as SectionFacts;
      if (s.facts.length >= k || s.facts.includes(fact) || s.facts.some((f) => similar(f, fact))) continue;
      if (!allowReuse(section) && chosen.some((f) => f === fact || similar(f, fact))) continue;
      s.facts.push(fact);
      chosen.push(fact);
    }
  };
  take(() => false);
  // When comparing, one sentence that names two entities may serve both sections if one is thin.
  const thin = new Set(sections.flatMap((s, i) => (s.facts.length < Math.min(2, k) ? [i] : [])));
  if (frame.entities.length >= 2 && thin.size > 0) take((section) => thin.has(section));
  addSourcesIfShort(frame, ev, sections, candidates, k);
  return sections;
}

/** How well each fact serves a facet; facts that do not touch the facet at all are left out. */
function score(
  frame: ResearchFrame,
  facet: Facet,
  section: number,
  ev: Evidence,
  terms: Map<Fact, Set<string>>,
): Candidate[] {
  const comparing = frame.entities.length >= 2;
  const facetTerms = matchTerms(facet.names.join(" "));
  const contextTerms = matchTerms(comparing ? frame.aspects.join(" ") : (frame.subject ?? ""));
  const out: Candidate[] = [];
  for (const fact of ev.facts) {
    const t = terms.get(fact) as Set<string>;
    const relevance = comparing
      ? facet.names.some((n) => mentions(fact.text, n))
        ? 1
        : 0
      : overlap(facetTerms, t);
    if (relevance === 0) continue;
    const own = fact.topic !== "" && normalise(fact.topic) === normalise(facet.topic);
    let value = relevance + (own ? 0.2 : 0) + 0.5 * overlap(contextTerms, t);
    if (comparing) value += focus(fact, facet, frame.entities);
    if (isCjk(fact.text) === frame.zh) value += 0.2;
    // A sentence with a figure ("USD 4.2 billion", "81%") says more than a bare mention.
    if (valuesIn(fact.text).length > 0) value += 0.4;
    if (ev.weak.has(fact.docId)) value -= 0.6;
    if (fact.text.length > LONG_FACT) value -= 0.3;
    // "It/This/They …" leans on a sentence the reader will not see.
    if (DANGLING.test(fact.text)) value -= 0.3;
    out.push({ section, fact, score: value });
  }
  return out;
}

/**
 * How much a sentence is about this facet's entity rather than merely naming it: the entity
 * early in the sentence or in its document's title counts for it; other compared entities in
 * the sentence or title count against it ("Relaywright is cheapest…, Loomwork at USD 0.42").
 */
function focus(fact: Fact, facet: Facet, entities: string[]): number {
  const text = fact.text.toLowerCase();
  const ours = (n: string) => facet.names.some((f) => normalise(f) === normalise(n));
  const first = Math.min(...facet.names.map((n) => text.indexOf(n.toLowerCase())).filter((i) => i >= 0));
  let value = first <= text.length / 3 ? 0.3 : 0;
  const others = entities.filter((e) => !ours(e));
  value -= 0.15 * others.filter((e) => mentions(fact.text, e)).length;
  if (facet.names.some((n) => mentions(fact.title, n))) value += 0.3;
  else if (others.some((e) => mentions(fact.title, e))) value -= 0.3;
  return value;
}

/**
 * "At least N sources" (2 unless the goal asks for more, as the report's criteria do): when the
 * picked sentences cite fewer documents, the best sentence of each uncited document joins the
 * section it fits best.
 */
function addSourcesIfShort(
  frame: ResearchFrame,
  ev: Evidence,
  sections: SectionFacts[],
  candidates: Candidate[],
  k: number,
): void {
  const wanted = Math.max(DEFAULT_MIN_CITATIONS, frame.options.minSources ?? 0);
  const cited = () => new Set(sections.flatMap((s) => s.facts.map((f) => f.docId)));
  for (const doc of ev.docs) {
    if (cited().size >= wanted) return;
    if (cited().has(doc.docId)) continue;
    const best = candidates.find(
      (c) => c.fact.docId === doc.docId && (sections[c.section]?.facts.length ?? 0) <= k,
    );
    if (best) sections[best.section]?.facts.push(best.fact);
  }
}
