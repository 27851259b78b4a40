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
    if (amount < 2 || (amount >= 1900 && amount <= 2100 && !(words[i]?.text ?? "").includes(","))) continue;
    if (isThreshold(text, words[i]?.start ?? 0, words[i]?.end ?? 0)) continue;
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
    // "60-plus km", "40-odd sites": a bound or a rough number, not a count of a unit called "plus".
    const hyphened = written?.[3] ?? (w.post === "-" ? words[i + 1]?.text : undefined);
    if (hyphened && /^(?:plus|odd|ish|something)$/iu.test(hyphened)) continue;
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
    // A year is never written with a thousands separator ("2,000 seats" is a count).
    const yearLike = scale === 1 && amount >= 1900 && amount <= 2100 && !(m[1] as string).includes(",");
    if (!Number.isInteger(amount) || amount < 2 || yearLike) continue;
    // "above 500 seats", "500 seats or more": a threshold, not how many there are.
    if (isThreshold(text, w.start, w.end)) continue;
    // "a 25-seat team" counts seats: the word hyphenated to the number is the unit.
    let head = m[2] ?? (w.post === "-" ? (words[i + 1]?.text ?? "") : "");
    let pluralHead = false;
    for (let j = i + 1; !m[2] && w.post !== "-" && j < words.length; j++) {
      const n = words[j] as (typeof words)[number];
      // "10,000 agent tasks": after a noun of the phrase, a plural the tagger reads as a verb is its head.
      // ("2,000 field technicians wants …": after a plural head, a verb in -s is the sentence's verb.)
      const plural =
        j > i + 1 &&
        n.tags.has("Verb") &&
        /^\p{Ll}{3,}s$/u.test(n.text) &&
        !!head &&
        !pluralHead &&
        !n.tags.has("Copula");
      if (plural) {
        head = n.text;
        pluralHead = true;
        if (n.post.trim() !== "") break;
        continue;
      }
      if (!(n.tags.has("Noun") || n.tags.has("Adjective")) || n.tags.has("Pronoun")) break;
      if (n.tags.has("Noun")) {
        head = n.text;
        pluralHead = n.tags.has("Plural");
      }
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
  /^(?:percent|billion|million|thousand|years?|yrs?|months?|mos?|days?|weeks?|wks?|quarters?|minutes?|mins?|hours?|hrs?|sources?|documents?|words?|points?|times?)$/i;

/** Words that make a number a bound ("over 500", "at least 10", "超过 500"), before it or after its noun. */
const BOUND_BEFORE =
  /(?:\b(?:over|above|more than|greater than|at least|beyond|exceeding|upwards of|under|below|fewer than|less than|up to|at most|no more than)|[>≥<≤]|超过|超出|多于|不少于|不低于|少于|不超过|低于|满)\s*$/iu;
const BOUND_AFTER =
  /^\s*(?:[\p{L}-]+\s+){0,2}?(?:or (?:more|above|fewer|less|below)\b|and (?:above|up|over)\b)|^\+|^\s*\p{Script=Han}{0,4}?(?:及)?(?:以上|以下|或以上|或更多)/iu;

/**
 * The number at `start`–`end` is a threshold ("discounts for deployments above 500 seats", "500
 * seats or more", "500 席以上"), not a count of what the request is about.
 */
export function isThreshold(text: string, start: number, end: number): boolean {
  return (
    BOUND_BEFORE.test(text.slice(Math.max(0, start - 24), start)) ||
    BOUND_AFTER.test(text.slice(end, end + 30))
  );
}

const LOWER_BOUND =
  /(?:\b(?:over|above|more than|greater than|at least|beyond|exceeding|upwards of|from)|[>≥]|超过|超出|多于|不少于|不低于|满)\s*$/iu;

/**
 * The bounds a sentence sets on a count ("for deployments above 500 seats" → at least 500, "up
 * to 50 users" → at most 50): numbers that are thresholds, not money, percentages or years.
 */
export function boundsIn(text: string): { amount: number; lower: boolean }[] {
  const out: { amount: number; lower: boolean }[] = [];
  for (const m of text.matchAll(/\d[\d,]*(?:\.\d+)?/gu)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    const amount = Number(m[0].replace(/,/g, ""));
    if (/^\s*(?:%|percent|per ?cent|美元|元|[kmb]n?\b|million|billion)/iu.test(text.slice(end, end + 9)))
      continue;
    if (/(?:[$€£¥.]|\b(?:USD|EUR|CNY|RMB))\s*$/iu.test(text.slice(Math.max(0, start - 5), start))) continue;
    if (amount >= 1900 && amount <= 2100 && !m[0].includes(",")) continue;
    if (!isThreshold(text, start, end)) continue;
    const lower =
      LOWER_BOUND.test(text.slice(Math.max(0, start - 24), start)) ||
      /^\s*(?:[\p{L}-]+\s+){0,2}?(?:or (?:more|above)\b|and (?:above|up|over)\b)|^\+|^\s*\p{Script=Han}{0,4}?(?:及)?(?:以上|或以上|或更多)/iu.test(
        text.slice(end, end + 30),
      );
    out.push({ amount, lower });
  }
  return out;
}
