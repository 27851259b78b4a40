import { tag } from "jieba-wasm";

/** A Chinese (or embedded Latin) word with its jieba part of speech (ICTCLAS tag set). */
export interface ChineseWord {
  text: string;
  start: number;
  end: number;
  tag: string;
}

/** Words of `text` as jieba segments and tags them (HMM on, so unknown names stay whole). */
export function tagChinese(text: string): ChineseWord[] {
  const out: ChineseWord[] = [];
  let at = 0;
  for (const { word, tag: pos } of tag(text, true) as { word: string; tag: string }[]) {
    out.push({ text: word, start: at, end: at + word.length, tag: pos });
    at += word.length;
  }
  return out;
}

/** Nouns of every kind, verbal nouns, abbreviations and Latin words: what a topic is made of. */
export const isChineseNounTag = (pos: string): boolean => /^(?:n|vn|nz|j|eng|an)/.test(pos);

/**
 * Tags that carry meaning inside a topic phrase ("采用情况", "市场规模"): nouns, verbs and
 * adjectives. Everything else (particles, pronouns, times, numbers, prepositions, idioms such as
 * greetings) ends a phrase.
 */
export const isChineseContentTag = (pos: string): boolean => isChineseNounTag(pos) || /^(?:v|a|b)$/.test(pos);
