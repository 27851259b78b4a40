import { stemmer } from "stemmer";

/**
 * One tokenizer for indexing, querying and fact extraction, so a term that finds a document
 * also scores the sentences inside it.
 *
 * Chinese has no spaces: the segmenter's dictionary words are kept, and overlapping character
 * bigrams across each run of Han text are added, because a query word the dictionary splits
 * differently ("制造业" vs "制造" + "业") still shares its bigrams with the document.
 */

const segmenter = new Intl.Segmenter(undefined, { granularity: "word" });

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

// Only words that carry no topic; a longer list would start hiding real query terms.
const STOP_WORDS = new Set(
  [
    "a an and are as at be by for from how in is it its of on or that the this to was were what which with",
    "的 了 和 是 在 与 及 对 等 也 而 为",
  ]
    .join(" ")
    .split(" "),
);

export function isCjk(term: string): boolean {
  return CJK.test(term);
}

/** Index terms of `text`, in order, duplicates kept (term frequency matters to ranking). */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let hanRun: string[] = [];
  const flushRun = () => {
    for (let i = 0; i + 1 < hanRun.length; i++) tokens.push(`${hanRun[i]}${hanRun[i + 1]}`);
    hanRun = [];
  };
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (!isWordLike) {
      flushRun();
      continue;
    }
    if (isCjk(segment)) {
      if (!STOP_WORDS.has(segment)) tokens.push(segment);
      hanRun.push(...Array.from(segment));
      continue;
    }
    flushRun();
    const term = segment.toLowerCase();
    if (!STOP_WORDS.has(term)) tokens.push(term);
  }
  flushRun();
  return tokens;
}

/** Distinct terms of `text`: what a query or a topic asks for. */
export function termSet(text: string): Set<string> {
  return new Set(tokenize(text));
}

/** Terms with English words reduced to their stem (Porter), so "pricing" meets "prices". */
export function stemmedTermSet(text: string): Set<string> {
  return new Set(tokenize(text).map((t) => (/^[a-z]+$/.test(t) ? stemmer(t) : t)));
}

/** Word count that treats each Chinese dictionary word as a word. */
export function countWords(text: string): number {
  let count = 0;
  for (const { isWordLike } of segmenter.segment(text)) if (isWordLike) count++;
  return count;
}
