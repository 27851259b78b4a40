import { isChineseNounTag, tagChinese } from "./chinese";
import { tagEnglish } from "./english";

/** "for 150 technicians", "120 seats", "a 25-seat team": a count the request gives (not a year, a share or money). */
export function countIn(text: string): { amount: number; label: string } | null {
  for (const line of text.split("\n")) {
    const found = /\p{Script=Han}/u.test(line) ? countInChinese(line) : countInEnglish(line);
    if (found) return found;
  }
  return null;
}

/** "150 名维修技师": the number, its measure word skipped, then the noun phrase it counts (jieba's tags). */
function countInChinese(text: string): { amount: number; label: string } | null {
  const words = tagChinese(text);
  for (let i = 0; i < words.length; i++) {
    if (!/^\d[\d,]*$/.test(words[i]?.text ?? "")) continue;
    const amount = Number((words[i]?.text ?? "").replace(/,/g, ""));
    if (amount < 2 || (amount >= 1900 && amount <= 2100)) continue;
    let j = i + 1;
    while (words[j] && (words[j]?.text.trim() === "" || words[j]?.tag === "q")) j++;
    const noun: string[] = [];
    // An amount of money is not a count ("41 美元").
    if (/^(?:美元|元|人民币|欧元|USD)/iu.test(words[j]?.text ?? "")) continue;
    for (let w = words[j]; w && /^(?:v|vn|n\w*|eng)$/.test(w.tag); w = words[++j]) {
      noun.push(w.text);
      if (isChineseNounTag(w.tag) && w.tag !== "vn") return { amount, label: `${amount} ${noun.join("")}` };
    }
  }
  return countInEnglish(text);
}

/**
 * "120 field technicians", "a 25-seat team", "15-person": the number and the head noun of the
 * phrase it counts (compromise's tags; the last noun before anything else ends the phrase).
 */
function countInEnglish(text: string): { amount: number; label: string } | null {
  const words = tagEnglish(text);
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as (typeof words)[number];
    // "10,000", "10k", "1.5k": a count as people write it; "a 25-seat team" hyphenates its unit.
    const written = /^(\d[\d,]*(?:\.\d+)?)([km])?(?:-([\p{L}]+))?$/iu.exec(w.text);
    const m = written ? [written[0], written[1], written[3]] : null;
    const scale = written?.[2] ? (written[2].toLowerCase() === "k" ? 1e3 : 1e6) : 1;
    // Not an amount ("USD 39"), a decimal's tail, or part of a name ("IASS-2").
    if (
      !m ||
      /(?:[$€£¥.]|\b(?:USD|EUR|CNY|RMB))$/iu.test(text.slice(0, w.start).trimEnd()) ||
      /[.\p{L}-]/u.test(text[w.start - 1] ?? " ")
    )
      continue;
    const before = words[i - 1]?.text.toLowerCase() ?? "";
    if (/^(?:top|first|last|best|worst)$/.test(before)) continue;
    const amount = Number((m[1] as string).replace(/,/g, "")) * scale;
    if (!Number.isInteger(amount) || amount < 2 || (scale === 1 && amount >= 1900 && amount <= 2100))
      continue;
    // "a 25-seat team" counts seats: the word hyphenated to the number is the unit.
    let head = m[2] ?? (w.post === "-" ? (words[i + 1]?.text ?? "") : "");
    for (let j = i + 1; !m[2] && w.post !== "-" && j < words.length; j++) {
      const n = words[j] as (typeof words)[number];
      // "10,000 agent tasks": after a noun of the phrase, a plural the tagger reads as a verb is its head.
      const plural =
        j > i + 1 && n.tags.has("Verb") && /^\p{Ll}{3,}s$/u.test(n.text) && !!head && !n.tags.has("Copula");
      if (plural) {
        head = n.text;
        if (n.post.trim() !== "") break;
        continue;
      }
      if (!(n.tags.has("Noun") || n.tags.has("Adjective")) || n.tags.has("Pronoun")) break;
      if (n.tags.has("Noun")) head = n.text;
      if (n.post.trim() !== "") break;
    }
    if (!head) {
      // The tagger may read a bare plural after a number as a verb ("40 engineers").
      const n = words[i + 1];
      if (
        n &&
        /^\p{L}{3,}$/u.test(n.text) &&
        !["Preposition", "Determiner", "Conjunction", "Adverb"].some((t) => n.tags.has(t))
      )
        head = n.text;
    }
    if (!head || NOT_COUNTED.test(head)) continue;
    return { amount, label: `${amount} ${head.toLowerCase()}` };
  }
  return null;
}

/** Numbers of these are spans, sizes or sources, not things a price is per. */
const NOT_COUNTED =
  /^(?:percent|billion|million|thousand|years?|months?|days?|weeks?|quarters?|minutes?|hours?|sources?|documents?|words?|points?|times?)$/i;
