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

/** Mostly Chinese: a Han character carries about as much as a short English word. */
export function isChineseText(text: string): boolean {
  let han = 0;
  let latin = 0;
  for (const char of text) {
    if (CJK.test(char)) han++;
    else if (/[A-Za-z]/.test(char)) latin++;
  }
  return han > 0 && han * 4 > latin;
}

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

/**
 * Longest slice handed to the segmenter at once. V8's Intl.Segmenter takes time quadratic in the
 * length of the string it iterates (50 kB: 0.1 s, 100 kB: 9 s, 200 kB: 70 s — one upload froze
 * the server), so long texts are cut into slices of bounded size: linear overall.
 */
const SLICE = 1_024;

/**
 * The text in slices of at most SLICE characters, each ending after white space where there is
 * some in its second half (a word is never cut), else at a character boundary (never inside a
 * surrogate pair; a long run of Chinese may have a dictionary word cut, its bigrams are kept).
 */
function* slices(text: string): Generator<string> {
  let start = 0;
  while (text.length - start > SLICE) {
    let end = start + SLICE;
    let space = end - 1;
    while (space > start + SLICE / 2 && !WHITE_SPACE.test(text[space] ?? "")) space--;
    if (space > start + SLICE / 2) end = space + 1;
    else if (isHighSurrogate(text.charCodeAt(end - 1))) end--;
    yield text.slice(start, end);
    start = end;
  }
  yield text.slice(start);
}

const WHITE_SPACE = /\s/;
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Word segments of the text, slice by slice (see SLICE). */
function* segments(text: string): Generator<{ segment: string; isWordLike: boolean }> {
  for (const slice of slices(text)) {
    for (const { segment, isWordLike } of segmenter.segment(slice))
      yield { segment, isWordLike: !!isWordLike };
  }
}

/** Turns word segments into index terms; a Han run cut between two slices carries over. */
class TermCollector {
  readonly tokens: string[] = [];
  private hanRun: string[] = [];

  add(slice: string): void {
    for (const { segment, isWordLike } of segmenter.segment(slice)) {
      if (!isWordLike) {
        this.flush();
        continue;
      }
      if (isCjk(segment)) {
        if (!STOP_WORDS.has(segment)) this.tokens.push(segment);
        this.hanRun.push(...Array.from(segment));
        continue;
      }
      this.flush();
      const term = segment.toLowerCase();
      if (!STOP_WORDS.has(term)) this.tokens.push(term);
    }
  }

  flush(): void {
    const run = this.hanRun;
    for (let i = 0; i + 1 < run.length; i++) this.tokens.push(`${run[i]}${run[i + 1]}`);
    this.hanRun = [];
  }
}

/** Index terms of `text`, in order, duplicates kept (term frequency matters to ranking). */
export function tokenize(text: string): string[] {
  const terms = new TermCollector();
  for (const slice of slices(text)) terms.add(slice);
  terms.flush();
  return terms.tokens;
}

/** Slices between two yields to the event loop: a few milliseconds of work. */
const SLICES_PER_TURN = 8;

/**
 * `tokenize` for long texts on a server: it gives the event loop a turn every few slices, so a
 * 1 MB upload (≈0.4 s of segmenting) never holds other requests for more than a few milliseconds.
 */
export async function tokenizeYielding(text: string): Promise<string[]> {
  const terms = new TermCollector();
  let n = 0;
  for (const slice of slices(text)) {
    terms.add(slice);
    if (++n % SLICES_PER_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  terms.flush();
  return terms.tokens;
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
  for (const { isWordLike } of segments(text)) if (isWordLike) count++;
  return count;
}
