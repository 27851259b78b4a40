import type { Facet, ResearchFrame } from "./frame";
import { isStopWord, normalise, tokens } from "./text";

/**
 * Broader wordings of a query or extract topic that found too little, most specific first:
 * the facet alone (without the goal's context terms), each merged name alone, single
 * distinctive words, then the subject alone. Search ranks by shared terms, so fewer terms
 * match more documents.
 */
export function broaderQueries(frame: ResearchFrame, facet: Facet | null, current: string): string[] {
  // A facet that is a proper name ("Zentrix Robotics") is never split or swapped for the subject:
  // facts about "robotics" or about the subject are not facts about it.
  const named = facet?.names.some(
    (n) => /^\p{Lu}/u.test(n) && normalise(n) !== normalise(frame.subject ?? ""),
  );
  const candidates: string[] = [];
  if (facet) {
    candidates.push(facet.names.join(" "));
    if (facet.names.length > 1) candidates.push(...facet.names);
    if (!named) candidates.push(...singleWords(facet.names.join(" ")));
  }
  if (!named) candidates.push(...singleWords(current));
  // The subject alone comes last: every document is about it, so it finds much but says little.
  if (frame.subject && !named) candidates.push(frame.subject);
  const seen = new Set([normalise(current)]);
  return candidates.filter((c) => {
    const key = normalise(c);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Distinctive single words, longest first ("warranty" before "terms"). */
function singleWords(text: string): string[] {
  return tokens(text)
    .filter((t) => t.kind === "word" && !isStopWord(t.text) && !/^\d/.test(t.text))
    .map((t) => t.text)
    .filter((w) => w.length >= (/[\p{Script=Han}]/u.test(w) ? 2 : 4))
    .sort((a, b) => b.length - a.length || a.localeCompare(b));
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
