import { tagChinese } from "../../language/chinese";
import { adjectivesAsPlaces, placeNamesZh, placesNamed } from "../../language/place-names";
import { matchTerms } from "./text";
import type { ReadDoc } from "./upstream";

/**
 * Chinese words → the English names figures go by, learnt from the documents read. A Chinese
 * document lists its key figures under English names ("Cortexa loop incidence rate: 9.4%") and
 * states each one in a clause of its own text ("循环发生率为 9.4%"): the clause holding the
 * figure's number is a translation of the name's measure. So "循环发生率" in a Chinese request
 * meets "loop incidence rate" in an English document's list, with no dictionary: the library's own
 * bilingual statements are the dictionary, and a library without them glosses nothing.
 */
interface Entry {
  /** Stems of the figure's name, without its items (capitalised words) and years. */
  en: Set<string>;
  /** Chinese bigrams of the clause that states the figure's number. */
  zh: Set<string>;
}

const HAN = /\p{Script=Han}/u;
/** A clause must share this many bigrams with the text, and score this share of the best entry. */
const MIN_SHARED = 2;
const RELATIVE = 0.6;
/** A text of at most this many bigrams names one measure. */
const SHORT = 3;

const cache = new WeakMap<readonly ReadDoc[], Entry[]>();

function glossary(reads: readonly ReadDoc[]): Entry[] {
  const cached = cache.get(reads);
  if (cached) return cached;
  const entries: Entry[] = [];
  for (const doc of reads) {
    if (!HAN.test(doc.text)) continue;
    const clauses = doc.text.split(/[，。；、：！？\n,;:]/u);
    for (const f of doc.figures) {
      const number = /\d[\d,]*(?:\.\d+)?/.exec(f.value)?.[0];
      if (!number) continue;
      const exact = new RegExp(`(?<![\\d.,])${number.replace(/[.,]/g, "\\$&")}(?![\\d]|\\.\\d)`);
      const zh = new Set(
        clauses
          .filter((c) => HAN.test(c) && exact.test(c))
          .flatMap((c) => [...matchTerms(c)].filter((t) => HAN.test(t))),
      );
      const en = new Set(
        f.name
          .split(/\s+/)
          .filter((w) => !/^\p{Lu}/u.test(w) && !/\d/.test(w) && !HAN.test(w))
          .flatMap((w) => [...matchTerms(w)]),
      );
      if (zh.size > 0 && en.size > 0) entries.push({ en, zh });
    }
  }
  cache.set(reads, entries);
  return entries;
}

/**
 * The English stems the Chinese words of `text` stand for in the documents read (empty for English
 * text). A `phrase` (a measure the request names, "工具故障恢复") names one measure however many
 * bigrams it has: one shared bigram is enough, as for a short text.
 */
export function gloss(text: string, reads: readonly ReadDoc[], phrase = false): Set<string> {
  if (!HAN.test(text)) return new Set();
  const entries = glossary(reads);
  if (entries.length === 0) return new Set();
  const asked = [...matchTerms(text)].filter((t) => HAN.test(t));
  // Bigrams most clauses have ("美元", "每月") say little about which measure a clause states.
  const df = new Map<string, number>();
  for (const e of entries) for (const t of e.zh) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string) => Math.log((entries.length + 1) / (df.get(t) ?? entries.length));
  const scored = entries
    .map((e) => {
      const shared = asked.filter((t) => e.zh.has(t));
      return { e, shared: shared.length, score: shared.reduce((s, t) => s + idf(t), 0) };
    })
    // A measure named in a word or two ("市场份额", "标价") needs only one bigram; a request, two.
    .filter(
      (x) =>
        x.shared >= Math.min(MIN_SHARED, phrase || asked.length <= SHORT ? 1 : MIN_SHARED) && x.score > 0,
    );
  const best = Math.max(0, ...scored.map((x) => x.score));
  return new Set(scored.filter((x) => x.score >= best * RELATIVE).flatMap((x) => [...x.e.en]));
}

/** The request's terms, with the English its Chinese words stand for. */
export const termsWithGloss = (text: string, reads: readonly ReadDoc[]): Set<string> =>
  new Set([...matchTerms(text), ...gloss(text, reads)]);

const namesLearnt = new WeakMap<readonly ReadDoc[], Map<string, string>>();

/**
 * Chinese place names the runtime's locale data lacks ("亚太" for Asia-Pacific), learnt like the
 * measures: a Chinese document lists a figure under an English name with one place in it ("Project X
 * Asia-Pacific CAGR 2025-2030"), and the sentence holding its number names one place in Chinese
 * ("其中亚太地区 11 亿美元，年复合增长率……为 24%"). Words most of the document's figure names share
 * (its subject) and acronyms (a measure's) are no place.
 */
function learntPlaces(reads: readonly ReadDoc[]): Map<string, string> {
  const cached = namesLearnt.get(reads);
  if (cached) return cached;
  const known = placeNamesZh();
  const out = new Map<string, string>();
  for (const doc of reads) {
    if (!HAN.test(doc.text)) continue;
    const counts = new Map<string, number>();
    for (const f of doc.figures)
      for (const w of new Set(f.name.split(/\s+/))) counts.set(w, (counts.get(w) ?? 0) + 1);
    const sentences = doc.text.split(/[。！？\n]/u);
    for (const f of doc.figures) {
      const items = f.name
        .split(/\s+/)
        .filter((w) => /^\p{Lu}\p{Ll}/u.test(w) && (counts.get(w) ?? 0) <= doc.figures.length / 2);
      const number = /\d[\d,]*(?:\.\d+)?/.exec(f.value)?.[0];
      if (items.length !== 1 || !number) continue;
      const english = items[0] as string;
      const places = new Set(
        sentences
          .filter((s) => s.includes(number))
          .flatMap((s) =>
            tagChinese(s)
              .filter((w) => w.tag === "ns")
              .map((w) => w.text.replace(REGION_WORD, "")),
          ),
      );
      const unknown = [...places].filter((p) => p.length >= 2 && !known.has(p));
      if (places.size === 1 && unknown.length === 1) out.set(unknown[0] as string, english);
    }
  }
  namesLearnt.set(reads, out);
  return out;
}

/** "亚太地区", "中国市场": a place named with the word for region or market after it. */
const REGION_WORD = /(?:地区|区域|市场)$/u;

/**
 * A Chinese request with the English name of each place it names put after it ("中国 (China) 占亚太
 * (Asia-Pacific) 市场多大比例"), so the names meet the English names figures are listed under.
 * English text is returned as it is.
 */
export function withEnglishPlaces(text: string, reads: readonly ReadDoc[]): string {
  if (!HAN.test(text)) return text;
  const known = placeNamesZh();
  const learnt = learntPlaces(reads);
  let out = "";
  let previous = "";
  for (const w of tagChinese(text)) {
    const bare = w.text.replace(REGION_WORD, "");
    const english = known.get(w.text) ?? known.get(bare) ?? learnt.get(w.text) ?? learnt.get(bare);
    // "在中国每名技师每月要付多少": a place after 在/于 is where the request is set, not what it
    // compares (as "in China" is in English).
    const setting = /^(?:在|于)$/u.test(previous);
    out += english && !setting && !text.includes(english) ? `${w.text} (${english})` : w.text;
    if (w.text.trim()) previous = w.text;
  }
  return out;
}

/** The places a text names (lower case), Chinese names read as the English names figures go by. */
export const placesIn = (text: string, reads: readonly ReadDoc[]): Set<string> =>
  placesNamed(withEnglishPlaces(text, reads));

/** The words of a text, peoples' adjectives read as their places and Chinese places in English. */
export const termsOf = (text: string, reads: readonly ReadDoc[]): Set<string> =>
  matchTerms(adjectivesAsPlaces(withEnglishPlaces(text, reads)));
