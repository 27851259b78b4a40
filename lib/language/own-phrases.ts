import { tagChinese } from "./chinese";
import { tagEnglish } from "./english";

/**
 * The requester's own things, by grammar alone: a noun phrase they possess ("our whole field org",
 * "my install target", 我们苏州工厂那个试点的投资回收期) or a free relative with them as its subject
 * ("what we currently run in prod"). No document can say which or how much these are; whether the
 * report needs them is priced by whoever asks (see lib/agent/clarify-step.ts).
 */
export function ownPhrases(goal: string): string[] {
  return /\p{Script=Han}/u.test(goal) ? ownPhrasesZh(goal) : ownPhrasesEn(goal);
}

/** The agent's own things and the deliverable, which a possessive does not make theirs to supply. */
const NOT_THEIRS =
  /\b(?:library|libraries|index|sources?|documents?|report|memo|note|brief|summary|question|request|view|opinion|understanding|lives|life|world|time)\b/i;

function ownPhrasesEn(goal: string): string[] {
  const words = tagEnglish(goal);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (!w) continue;
    const lower = w.text.toLowerCase();
    let end = -1;
    if ((lower === "our" || lower === "my") && w.tags.has("Possessive")) {
      // The noun phrase it opens: adjectives, nouns and verbal nouns, to its last noun; a date
      // ("next year") or a pronoun ends it.
      for (let k = i + 1; k < words.length; k++) {
        const t = words[k] as (typeof words)[number];
        if (t.tags.has("Date") || t.tags.has("Pronoun") || t.tags.has("Value")) break;
        const nominal = t.tags.has("Noun") || t.tags.has("Gerund");
        if (!nominal && !t.tags.has("Adjective")) break;
        if (nominal) end = k;
        if (/[,;:.!?)]$/u.test(goal.slice(t.end, t.end + 1))) break;
      }
    } else if (lower === "what" && /^(?:we|i)$/i.test(words[i + 1]?.text ?? "")) {
      // "what we currently run in prod": the relative's verb and a short place or object after it.
      let k = i + 2;
      while (words[k]?.tags.has("Adverb")) k++;
      if (!words[k]?.tags.has("Verb")) continue;
      end = k;
      const next = words[k + 1];
      const after = words[k + 2];
      if (next && after && /^(?:in|on|at|for|with)$/i.test(next.text) && after.tags.has("Noun")) end = k + 2;
      else if (next?.tags.has("Noun") && !next.tags.has("Pronoun")) end = k + 1;
    }
    const last = words[end];
    if (end < 0 || !last) continue;
    const phrase = goal.slice(w.start, last.end).trim();
    if (!NOT_THEIRS.test(phrase)) out.push(phrase);
  }
  return out;
}

/** Words that may stand inside a noun phrase: nouns of every kind, times, demonstratives, 的. */
const NP_ZH = /^(?:n\w*|vn|j|t|r|uj|an|eng)$/;

function ownPhrasesZh(goal: string): string[] {
  const words = tagChinese(goal);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (!w || !/^(?:我们|我司|我方|咱们)$/u.test(w.text)) continue;
    let end = -1;
    let afterDe = false;
    for (let k = i + 1; k < words.length; k++) {
      const t = words[k] as (typeof words)[number];
      // An unknown word of Chinese characters (生豆) is a name or noun jieba has not seen.
      const unknownHan = !afterDe && t.tag === "x" && /^\p{Script=Han}+$/u.test(t.text);
      // After 的 the head follows, whatever jieba tags it (采购预算: 采购/v 预算/v).
      const head = afterDe && /^(?:v|vn|n\w*)$/.test(t.tag);
      if (!NP_ZH.test(t.tag) && !unknownHan && !head) break;
      if (/^(?:我们|我司|我方|咱们)$/u.test(t.text)) break;
      afterDe = afterDe || t.tag === "uj";
      if (t.tag !== "uj" && t.tag !== "r" && t.tag !== "t") end = k;
    }
    const last = words[end];
    if (end < 0 || !last) continue;
    out.push(goal.slice(w.start, last.end));
  }
  return out;
}

/**
 * The request says what its own thing is right after it: "our team (200 technicians)", "our
 * shortlist: Fernbrook and Nordvale", "our fleet of 40 vans", 我们团队有 25 人.
 */
export function givenInPlace(goal: string, phrase: string): boolean {
  const at = goal.indexOf(phrase);
  if (at < 0) return false;
  return /^\s*(?:[(（][^)）]*[\d\p{Lu}]|[:：—–]\s*[\d\p{Lu}]|(?:of|is|are|has|have|有|是|共|共有|为)\s*(?:about\s+|约|大约)?\d)/u.test(
    goal.slice(at + phrase.length, at + phrase.length + 80),
  );
}
