import { tagChinese } from "./chinese";
import { isVerbForm, tagEnglish } from "./english";

/**
 * "Which framework has the lowest loop incidence", "the vendor with the biggest share",
 * "哪家厂商的市场份额最大": a question that picks one item by a measure. The measure is the noun
 * phrase the superlative modifies (or that precedes 最 in Chinese); the direction is the
 * superlative's own — the tagger says which words are superlatives, and only their polarity (low,
 * few, small, cheap, short → the smallest value wins) is ours.
 */
export interface Superlative {
  direction: "max" | "min";
  /** The measure, in the request's words: "loop incidence", "market share", "市场份额". */
  measure: string;
  /**
   * The measure is an action the superlative qualifies ("who is gaining share fastest", "grow
   * fastest"): a rate of change no single list of figures gives; documents state its winner.
   */
  action?: { word: string };
  /** The kind of item picked, when the question names it ("which single country …" → "country"). */
  kind?: string;
}

/** "which single country was the largest market": the noun a "which"/"what" before it asks for. */
function kindAsked(
  words: readonly { text: string; tags: ReadonlySet<string>; sentenceStart: boolean }[],
  i: number,
): string | undefined {
  for (let k = i - 1; k >= 0; k--) {
    const w = words[k];
    if (!w) break;
    if (/^(?:which|what)$/i.test(w.text)) {
      let kind: string | undefined;
      for (let j = k + 1; j < i; j++) {
        const n = words[j];
        if (!n || !(n.tags.has("Noun") || n.tags.has("Adjective") || n.tags.has("Acronym"))) break;
        if (n.tags.has("Noun") && !n.tags.has("ProperNoun") && !n.tags.has("Pronoun"))
          kind = n.text.toLowerCase();
      }
      return kind;
    }
    if (w.sentenceStart) break;
  }
  return undefined;
}

/** The word at `at` follows a question's kind ("which agent framework recovers …"): which/what, then nouns and adjectives only. */
function afterKindAsked(words: readonly { text: string; tags: ReadonlySet<string> }[], at: number): boolean {
  let j = at - 1;
  while (j >= 0) {
    const w = words[j];
    if (!w || w.tags.has("Pronoun") || !(w.tags.has("Noun") || w.tags.has("Adjective"))) break;
    j--;
  }
  return j < at - 1 && /^(?:which|what)$/i.test(words[j]?.text ?? "");
}

const MIN_EN = /^(?:lowest|least|fewest|smallest|cheapest|shortest|slowest|lightest|weakest|worst)$/i;
const MIN_ZH = /^(?:低|少|小|便宜|短|慢|弱|差)/;

export function superlatives(text: string): Superlative[] {
  return /\p{Script=Han}/u.test(text) ? chinese(text) : english(text);
}

/**
 * Superlatives that name no measure of their own — "ahead of the weakest one", "the spread between
 * the priciest and the cheapest", "the gap between best and worst", 最贵的和最便宜的: ends of the
 * list another part of the request measures. So are a ranking's two places ("between first and last
 * place", "top and bottom"). Their directions, in order.
 */
export function bareExtremes(text: string): ("min" | "max")[] {
  if (/\p{Script=Han}/u.test(text)) return bareExtremesZh(text);
  const words = tagEnglish(text);
  const isSuperlative = (w: (typeof words)[number] | undefined) =>
    !!w && (w.tags.has("Superlative") || /^(?:least|fewest|best|worst)$/i.test(w.text));
  const bareAt = (i: number) => {
    const w = words[i];
    const next = words[i + 1];
    return (
      !!w &&
      (w.post.trim() !== "" || !next || /^(?:one|ones|of|and|or|to|is|was|are|it|by|in|on)$/i.test(next.text))
    );
  };
  const ends = words.flatMap((w, i) => {
    if (!isSuperlative(w)) return [];
    const prev = words[i - 1]?.text ?? "";
    const next = words[i + 1];
    // After "the"/"a"; or with no determiner, one of a pair of ends a gap is asked between ("the gap
    // between best and worst"), not an order ("rank them from best to worst").
    const paired =
      ((/^(?:between|and|or|to|from)$/i.test(prev) && isSuperlative(words[i - 2] ?? words[i + 2])) ||
        (/^(?:and|or|to)$/i.test(next?.text ?? "") && isSuperlative(words[i + 2]))) &&
      GAP_BEFORE.test(text.slice(Math.max(0, w.start - 40), w.start));
    if (!/^(?:the|a)$/i.test(prev) && !paired) return [];
    // "the best and worst performing frameworks": a pair is bare only when its second end is.
    const second = /^(?:and|or|to)$/i.test(next?.text ?? "") && isSuperlative(words[i + 2]) ? i + 2 : i;
    return bareAt(second) ? [MIN_EN.test(w.text) ? ("min" as const) : ("max" as const)] : [];
  });
  if (ends.length > 0) return ends;
  // "the spread between first and last place": a ranking's top and bottom, a gap asked between them.
  return /\b(?:gap|spread|difference|range|between)\b[^.?!;]{0,25}\b(?:first|top)\s+(?:and|to)\s+(?:the\s+)?(?:last|bottom)\b(?!\s+line)/i.test(
    text,
  )
    ? ["max", "min"]
    : [];
}

/** A word asking a gap shortly before a pair of ends. */
const GAP_BEFORE = /\b(?:gap|spread|difference|range|between)\b/i;

/** 最贵的和最便宜的, 最高的与最低的: a 最 word whose 的 is followed by no noun. */
function bareExtremesZh(text: string): ("min" | "max")[] {
  const words = tagChinese(text);
  return words.flatMap((w, i) => {
    if (!w.text.startsWith("最")) return [];
    const quality = w.text.length > 1 ? w.text.slice(1) : (words[i + 1]?.text ?? "");
    const de = w.text.length > 1 ? i + 1 : i + 2;
    // A measure before it (价格最便宜的) makes it a superlative of its own, not an end.
    if (words[de]?.text !== "的" || /^(?:n|vn|nz|j)/.test(words[i - 1]?.tag ?? "")) return [];
    const next = words[de + 1];
    return next && /^(?:n|vn|nz|j|eng)/.test(next.tag)
      ? []
      : [MIN_ZH.test(quality) ? ("min" as const) : ("max" as const)];
  });
}

/** "whichever framework tops TaskForge-300 on task success", "who leads on revenue share": a verb of coming first, and its measure. */
const LEADS =
  /\b(?:tops?|topped|leads?|led|ranks? first|ranked first|comes? first|came first)\b[^.?!;]{0,40}?\b(?:on|in|by|for)\s+((?:(?!and\b|or\b|with\b|among\b|across\b)[\p{L}\d-]+\s*){1,4})/giu;

function english(text: string): Superlative[] {
  const words = tagEnglish(text);
  const out: Superlative[] = [];
  for (const m of text.matchAll(LEADS)) {
    // "LED bar suppliers for vertical farms": a word in capitals is no verb of leading.
    if (!words.find((w) => w.start === m.index)?.tags.has("Verb")) continue;
    const measure = (m[1] as string)
      .trim()
      .replace(/^(?:the|its|their)\s+/i, "")
      .replace(/\b(?:19|20)\d\d\b\s*/g, "")
      .trim()
      .toLowerCase();
    if (measure) out.push({ direction: "max", measure });
  }
  words.forEach((w, i) => {
    // "recovers best": after a verb, "best" and "worst" are adverbs the tagger may take for nouns.
    const superlative =
      w.tags.has("Superlative") ||
      /^(?:most|least|fewest)$/i.test(w.text) ||
      (/^(?:best|worst)$/i.test(w.text) &&
        !!words[i - 1]?.tags.has("Verb") &&
        // "follow best practices": an adjective before its noun.
        !words[i + 1]?.tags.has("Noun"));
    if (!superlative) return;
    // Punctuation right after it ("… grow fastest?") ends any measure after it; so does an adverb of
    // frequency ("gets stuck in loops least often"): the measure is the verb phrase before it.
    const frequency = /^(?:often|frequently)$/i.test(words[i + 1]?.text ?? "");
    const ends = (w.post.trim() !== "" && w.post.trim() !== "-") || frequency;
    const measure: string[] = [];
    // "scored highest on the readiness scorecard", "ranks lowest by cost": an adverb of a verb,
    // whose measure is the phrase after the preposition ("grow fastest in the market" is a place).
    // A name after it ("loops least on TaskForge-300") is where it was measured, not what: the measure is the verb.
    const after = words[i + 2];
    const on =
      !ends &&
      /^(?:on|by)$/i.test(words[i + 1]?.text ?? "") &&
      !words[i - 1]?.tags.has("Determiner") &&
      !(after && (after.tags.has("ProperNoun") || /^\p{Lu}/u.test(after.text)));
    // "the most and least expensive vendor": two ends of one measure, said once after the second.
    const next = words[i + 2];
    const shared =
      !on &&
      /^(?:and|or)$/i.test(words[i + 1]?.text ?? "") &&
      !!next &&
      (next.tags.has("Superlative") || /^(?:most|least|fewest)$/i.test(next.text));
    for (let j = on ? i + 2 : shared ? i + 3 : i + 1; !ends && j < words.length; j++) {
      const n = words[j];
      // A year inside the phrase ("the biggest 2025 market share") dates it; the measure goes on.
      if (n && /^(?:19|20)\d\d$/.test(n.text) && measure.length === 0) continue;
      if (on && n && measure.length === 0 && /^(?:the|its|their)$/i.test(n.text)) continue;
      if (
        !n ||
        !(n.tags.has("Noun") || n.tags.has("Adjective") || n.tags.has("Gerund")) ||
        n.tags.has("Pronoun")
      ) {
        break;
      }
      measure.push(n.text);
      if (n.post.trim() !== "" && n.post.trim() !== "-") break;
    }
    if (measure.length === 0 && frequency) {
      // "which framework gets stuck in loops least often": after the kind asked, what it does (its nouns).
      const question = words.slice(0, i).findLastIndex((b) => /^(?:which|what|who)$/i.test(b.text));
      const kind = kindAsked(words, i);
      const kindAt = kind
        ? words.findIndex((b, k) => k > question && b.text.toLowerCase() === kind)
        : question;
      const nouns = words.slice(kindAt + 1, i).filter((b) => b.tags.has("Noun") && !b.tags.has("Pronoun"));
      if (question >= 0 && nouns.length > 0) {
        out.push({
          direction: MIN_EN.test(w.text) ? "min" : "max",
          measure: nouns.map((b) => b.text.toLowerCase()).join(" "),
          ...(kind ? { kind } : {}),
        });
      }
      return;
    }
    if (measure.length === 0) {
      // "gaining share fastest", "expected to grow fastest": the verb (and its object) before it.
      const before = words.slice(Math.max(0, i - 2), i);
      const verbAt = before.findIndex(
        (b, k) =>
          b.tags.has("Gerund") ||
          // "which framework loops least": after the question's noun, a plural "noun" is its verb.
          (k > 0 &&
            b.tags.has("Plural") &&
            afterKindAsked(words, i - before.length + k) &&
            isVerbForm(b.text)) ||
          (b.tags.has("Adjective") && /ing$/i.test(b.text)) ||
          (b.tags.has("Verb") && !b.tags.has("Copula") && !b.tags.has("Auxiliary") && !b.tags.has("Modal")),
      );
      if (verbAt < 0 || on) return;
      const phrase = before.slice(verbAt).filter((b) => !b.tags.has("Pronoun") && !b.tags.has("Determiner"));
      if (phrase.length === 0) return;
      // The kind is asked before the verb ("which framework loops least": a framework).
      const kind = kindAsked(words, i - before.length + verbAt);
      out.push({
        direction: MIN_EN.test(w.text) ? "min" : "max",
        measure: phrase
          .map((b) => b.text)
          .join(" ")
          .toLowerCase(),
        action: { word: w.text.toLowerCase() },
        ...(kind ? { kind } : {}),
      });
      return;
    }
    const said = measure.join(" ").toLowerCase();
    const kind = kindAsked(words, i);
    out.push({
      direction: MIN_EN.test(w.text) ? "min" : "max",
      measure: said,
      ...(kind && !said.split(/\s+/).includes(kind) ? { kind } : {}),
    });
  });
  return out;
}

function chinese(text: string): Superlative[] {
  const words = tagChinese(text);
  const out: Superlative[] = [];
  words.forEach((w, i) => {
    if (!w.text.startsWith("最")) return;
    const quality = w.text.length > 1 ? w.text.slice(1) : (words[i + 1]?.text ?? "");
    if (words[i - 1]?.tag === "ud") {
      // "从工具故障中恢复得最好": an action the superlative qualifies — the verb before 得, and the
      // nouns of a prepositional frame before it (从/在/对 … 中/上); never the subject before the verb.
      const verb = words[i - 2];
      const action: string[] = verb && /^(?:v|vn)/.test(verb.tag) ? [verb.text] : [];
      const frame: string[] = [];
      for (let j = i - 3; j >= 0; j--) {
        const n = words[j];
        if (!n) break;
        if (n.tag === "p") {
          action.unshift(...frame);
          break;
        }
        if (/^(?:n|vn|nz|j)/.test(n.tag)) frame.unshift(n.text);
        else if (n.tag !== "f") break;
      }
      if (action.length > 0)
        out.push({
          direction: MIN_ZH.test(quality) ? "min" : "max",
          measure: action.join(""),
          action: { word: w.text.length > 1 ? w.text : `最${quality}` },
        });
      return;
    }
    // "市场份额最大": the measure is the noun phrase right before 最 (after any 的).
    const measure: string[] = [];
    for (let j = i - 1; j >= 0; j--) {
      const n = words[j];
      if (!n || !/^(?:n|vn|nz|j)/.test(n.tag)) break;
      measure.unshift(n.text);
    }
    if (measure.length === 0) return;
    out.push({ direction: MIN_ZH.test(quality) ? "min" : "max", measure: measure.join("") });
  });
  return out;
}

/** "lowest first", "ascending", "from the cheapest": an end of the list named as the start. */
const orderCue = (end: string, word: string) =>
  new RegExp(`\\b${end}\\s+(?:one\\s+)?first\\b|\\b${word}\\b|\\bfrom\\s+(?:the\\s+)?${end}\\b`, "i");
const ASCENDING = orderCue(`(?:${MIN_EN.source.slice(4, -2)})`, "ascending");
const DESCENDING = orderCue(
  "(?:highest|most|largest|biggest|greatest|priciest|longest|fastest|strongest|best|top)",
  "descending",
);

/**
 * The order a list is asked in: "lowest first", "in ascending order", "from cheapest to priciest",
 * 从低到高 → ascending; "highest first", "descending", 从高到低 → descending; null when none is said.
 */
export function requestedOrder(text: string): "asc" | "desc" | null {
  if (ASCENDING.test(text)) return "asc";
  if (DESCENDING.test(text)) return "desc";
  if (/从低到高|从小到大|由低到高|由小到大|升序/.test(text)) return "asc";
  if (/从高到低|从大到小|由高到低|由大到小|降序/.test(text)) return "desc";
  return null;
}
