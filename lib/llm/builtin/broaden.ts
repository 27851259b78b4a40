import type { Facet, ResearchFrame } from "./frame";
import { isStopWord, normalise, tokens } from "./text";

/**
 * Broader wordings of a query or extract topic that found too little, most specific first:
 * the facet alone (without the goal's context terms), the subject alone, each merged name
 * alone, then single distinctive words. Search ranks by shared terms, so fewer terms → more hits.
 */
export function broaderQueries(frame: ResearchFrame, facet: Facet | null, current: string): string[] {
  const candidates: string[] = [];
  if (facet) {
    candidates.push(facet.names.join(" "));
    if (facet.names.length > 1) candidates.push(...facet.names);
  }
  if (frame.subject) candidates.push(frame.subject);
  const singles = tokens(current)
    .filter((t) => t.kind === "word" && !isStopWord(t.text) && !/^\d/.test(t.text))
    .map((t) => t.text)
    .filter((w) => w.length >= (/[\p{Script=Han}]/u.test(w) ? 2 : 4))
    .sort((a, b) => b.length - a.length || a.localeCompare(b));
  candidates.push(...singles);
  const seen = new Set([normalise(current)]);
  return candidates.filter((c) => {
    const key = normalise(c);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Phrases quoted «like this» or "like this" in earlier texts: the wordings already tried. */
export function quotedPhrases(texts: readonly string[]): string[] {
  const out: string[] = [];
  for (const text of texts) {
    for (const m of text.matchAll(/«([^»]+)»|"([^"]+)"|“([^”]+)”/g)) {
      const phrase = (m[1] ?? m[2] ?? m[3] ?? "").trim();
      if (phrase) out.push(phrase);
    }
  }
  return out;
}

/** The first wording quoted in a hint, which replaces the planned query or topic. */
export function hintedPhrase(hint: string): string | null {
  return quotedPhrases([hint])[0] ?? null;
}
