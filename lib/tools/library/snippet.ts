export const SNIPPET_MAX_CHARS = 240;

/** How far before the first matched term a window opens, so the term is read in context. */
const LEAD_CHARS = 60;
const MAX_OCCURRENCES = 400;

/**
 * A ≤ `max`-char excerpt of `text` around the place where the most distinct `terms` meet,
 * so a reader (or a model) can see why a document matched without reading it.
 */
export function makeSnippet(text: string, terms: readonly string[], max = SNIPPET_MAX_CHARS): string {
  const plain = text
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= max) return plain;

  const lower = lowerSameLength(plain);
  const hits: { pos: number; term: string }[] = [];
  for (const term of new Set(terms)) {
    if (term === "") continue;
    for (
      let i = lower.indexOf(term);
      i !== -1 && hits.length < MAX_OCCURRENCES;
      i = lower.indexOf(term, i + 1)
    ) {
      hits.push({ pos: i, term });
    }
  }
  hits.sort((a, b) => a.pos - b.pos);

  let bestStart = 0;
  let bestCount = 0;
  for (const anchor of hits) {
    const start = Math.max(0, anchor.pos - LEAD_CHARS);
    const end = start + max;
    const inWindow = new Set(
      hits.filter((h) => h.pos >= start && h.pos + h.term.length <= end).map((h) => h.term),
    );
    if (inWindow.size > bestCount) {
      bestCount = inWindow.size;
      bestStart = start;
    }
  }
  return cut(plain, bestStart, max);
}

/** Lower-cases char by char so positions in the result are positions in the original. */
function lowerSameLength(text: string): string {
  let lowered = "";
  for (const char of text) {
    const lower = char.toLowerCase();
    lowered += lower.length === char.length ? lower : char;
  }
  return lowered;
}

function cut(text: string, start: number, max: number): string {
  let from = Math.min(start, Math.max(0, text.length - max + 1));
  const ellipsisBefore = from > 0 ? 1 : 0;
  let to = Math.min(text.length, from + max - ellipsisBefore);
  if (to < text.length) to -= 1;
  // Do not start or stop in the middle of a Latin word when a space is close by.
  if (from > 0 && /\w/.test(text[from - 1] ?? "")) {
    const space = text.indexOf(" ", from);
    if (space !== -1 && space - from < 20 && space + 1 < to) from = space + 1;
  }
  if (to < text.length && /\w/.test(text[to] ?? "")) {
    const space = text.lastIndexOf(" ", to);
    if (space > from && to - space < 20) to = space;
  }
  // Never split a surrogate pair (rare Han characters live outside the BMP).
  if (/[\uDC00-\uDFFF]/.test(text[from] ?? "")) from += 1;
  if (/[\uD800-\uDBFF]/.test(text[to - 1] ?? "")) to -= 1;
  return `${from > 0 ? "…" : ""}${text.slice(from, to).trim()}${to < text.length ? "…" : ""}`;
}
