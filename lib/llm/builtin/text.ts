import { stemmer as porterStem } from "stemmer";

/**
 * Words for the builtin model's rules. `Intl.Segmenter` finds word boundaries in both English
 * and Chinese (which has no spaces); everything else here is small helpers on top of it.
 */

const segmenter = new Intl.Segmenter("en", { granularity: "word" });

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export interface Token {
  text: string;
  kind: "word" | "punct";
  /** Han/kana/hangul word: case and stemming mean nothing there. */
  cjk: boolean;
  start: number;
  end: number;
}

/**
 * Grammar words and the words people use to ask for research rather than to name its subject:
 * neither says what the report is about, and both end a phrase ("market size *and* growth").
 */
const EN_STOP = new Set(
  [
    "a an the and or nor of in on at to for with by from about into onto between against vs versus than as",
    "is are was were be been being it its this that these those their there here what which who whom whose",
    "how why when where do does did done can could would should will shall may might must i me my we us our",
    "you your they them he she his her not no yes so if then also more most less least very much many some",
    "any all each every both either neither other such just only over under across per via within without",
    "up down out off like etc please",
    "compare compared comparing comparison contrast research researching report reports reporting write",
    "writing summarise summarize summary analyse analyze analysis overview give find tell show explain",
    "describe help make create prepare produce draft brief briefing short long detailed quick study look",
    "investigate review assess evaluate examine explore outline list something anything stuff things thing",
    "topic topics info information want need know learn understand try best better worse worst good bad",
    "handle handles handled perform performs work works get gets stand stands using use instead maybe",
    "final finished whole entire together",
  ]
    .join(" ")
    .split(" "),
);

/** Chinese equivalents; 为 is left out on purpose, it is part of names like 华为. */
const ZH_STOP = new Set(
  [
    "的 了 和 与 及 以及 或 或者 跟 同 在 对 对于 关于 从 把 被 是 有 也 而 等 之间 方面 相关 主要",
    "请 帮 帮我 我 我们 你 您 做 个 一个 一份 一篇 份 篇 写 撰写 编写 报告 研究 调研 分析 对比 比较",
    "总结 概述 介绍 说明 一下 哪个 哪家 哪些 哪 最好 更好 最 更 什么 如何 怎么 怎样 吗 呢 用 中文",
    "英文 给 面向 写给 供 下 些 一些 东西 内容 情况下 公司 年",
    // Politeness: what a request says to a person, never what it is about.
    "你好 您好 麻烦 谢谢 感谢 多谢 请问 劳驾",
  ]
    .join(" ")
    .split(" "),
);

export const isCjk = (text: string): boolean => CJK.test(text);

export { isChineseText } from "../../tools/library/tokenize";

export function isStopWord(word: string): boolean {
  return isCjk(word) ? ZH_STOP.has(word) : EN_STOP.has(word.toLowerCase());
}

/**
 * Words and punctuation of `text` (spaces dropped). A hyphen between two words with no space
 * joins them, so "Asia-Pacific" and "GPT-4o" stay one word.
 */
export function tokens(text: string): Token[] {
  const out: Token[] = [];
  const segments = [...segmenter.segment(text)];
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i] as Intl.SegmentData;
    const start = seg.index;
    const end = start + seg.segment.length;
    if (seg.isWordLike) {
      const hyphen = out.at(-1);
      const prev = out.at(-2);
      const joinable =
        hyphen?.text === "-" &&
        prev?.kind === "word" &&
        !prev.cjk &&
        !isCjk(seg.segment) &&
        prev.end === hyphen.start &&
        hyphen.end === start;
      if (joinable && prev) {
        prev.text = text.slice(prev.start, end);
        prev.end = end;
        out.pop();
      } else {
        out.push({ text: seg.segment, kind: "word", cjk: isCjk(seg.segment), start, end });
      }
      continue;
    }
    if (seg.segment.trim() === "") continue;
    out.push({ text: seg.segment, kind: "punct", cjk: false, start, end });
  }
  return out;
}

/**
 * An English stem (Porter's algorithm, the `stemmer` package), applied to both sides of every
 * comparison: "failures" meets "failure", "pricing" meets "price", "successful" meets "success".
 */
export function stem(word: string): string {
  const w = word.toLowerCase();
  if (isCjk(w) || w.length <= 3) return w;
  return porterStem(w);
}

/**
 * The terms a phrase is matched by: stems of English content words, and character bigrams of
 * Chinese runs (so "市场规模" still meets "市场的规模").
 */
export function matchTerms(text: string): Set<string> {
  const terms = new Set<string>();
  let han: string[] = [];
  const flush = () => {
    if (han.length === 1) terms.add(han[0] as string);
    for (let i = 0; i + 1 < han.length; i++) terms.add(`${han[i]}${han[i + 1]}`);
    han = [];
  };
  for (const t of tokens(text)) {
    if (t.kind === "word" && t.cjk && !ZH_STOP.has(t.text)) {
      han.push(...Array.from(t.text));
      continue;
    }
    flush();
    if (t.kind === "word" && !t.cjk && !EN_STOP.has(t.text.toLowerCase())) {
      terms.add(stem(t.text));
      // A hyphenated word also meets its parts: "IASS-2" is about "IASS", "loop-prone" about loops.
      if (t.text.includes("-")) {
        for (const part of t.text.split("-")) {
          if (/\p{L}/u.test(part) && part.length > 1 && !EN_STOP.has(part.toLowerCase()))
            terms.add(stem(part));
        }
      }
    }
  }
  flush();
  return terms;
}

/** Share of `wanted` found in `have` (0 when nothing is wanted). */
/**
 * Like `overlap`, but a word also meets one of the same first five letters: derivations the
 * stemmer leaves apart ("satisfying" / "satisfaction", "licence" / "licensed").
 */
export function looseOverlap(wanted: ReadonlySet<string>, have: ReadonlySet<string>): number {
  if (wanted.size === 0) return 0;
  const heads = new Set([...have].filter((t) => t.length >= 5).map((t) => t.slice(0, 5)));
  let hits = 0;
  for (const term of wanted) if (have.has(term) || (term.length >= 5 && heads.has(term.slice(0, 5)))) hits++;
  return hits / wanted.size;
}

/**
 * Two stems of one word family that the stemmer leaves apart: one is the other plus a short
 * derivational ending ("fail" / "failur", "recov" / "recoveri"); a longer tail is another word
 * ("task" / "taskforg").
 */
export function sameFamily(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return (
    short.length >= 4 && long.length - short.length <= 3 && long.startsWith(short) && /^\p{L}+$/u.test(long)
  );
}

/** How many of `terms` the wanted terms have, a word of the same family counting ("recovers" for "recovery"). */
export function familyHits(terms: ReadonlySet<string>, wanted: ReadonlySet<string>): number {
  let hits = 0;
  for (const t of terms) if (wanted.has(t) || [...wanted].some((w) => sameFamily(t, w))) hits++;
  return hits;
}

export function overlap(wanted: ReadonlySet<string>, have: ReadonlySet<string>): number {
  if (wanted.size === 0) return 0;
  let hits = 0;
  for (const term of wanted) if (have.has(term)) hits++;
  return hits / wanted.size;
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let both = 0;
  for (const term of a) if (b.has(term)) both++;
  return both / (a.size + b.size - both);
}

export const collapse = (text: string): string => text.replace(/\s+/g, " ").trim();

/** Lower case, spaces collapsed: the form two phrases are compared in. */
export const normalise = (text: string): string => collapse(text).toLowerCase();

/** Cut at a word boundary, marking the cut. */
export function truncate(text: string, max: number): string {
  const t = collapse(text);
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:，；：]+$/u, "")}…`;
}

/** Join a list the way the report's language does: "A, B and C" or "A、B 和 C". */
export function joinList(items: readonly string[], zh: boolean): string {
  if (items.length <= 1) return items[0] ?? "";
  const head = items.slice(0, -1).join(zh ? "、" : ", ");
  return zh ? `${head} 和 ${items.at(-1)}` : `${head} and ${items.at(-1)}`;
}

/** Is `phrase` mentioned in `text`? Case-insensitive; whole words for Latin names. */
export function mentions(text: string, phrase: string): boolean {
  const p = normalise(phrase);
  if (p === "") return false;
  const t = normalise(text);
  if (isCjk(p)) return t.includes(p);
  // A hyphenated name is its words however written: "rest-of-world" in "the rest of the world".
  const escaped = p
    .split(/(?<=\p{L})-(?=\p{L})/u)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("(?:-|\\s+(?:the\\s+)?)");
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}`, "u").test(t);
}

/**
 * What a request rules out, as a test: a text is out when it holds every term of one excluded
 * item ("rest of the world" matches "Project X rest-of-world market size").
 */
export function ruledOutBy(excluded: readonly string[]): (text: string) => boolean {
  const items = excluded.map((x) => matchTerms(x)).filter((t) => t.size > 0);
  return (text) => {
    if (items.length === 0) return false;
    const have = matchTerms(text);
    return items.some((t) => [...t].every((x) => have.has(x)));
  };
}
