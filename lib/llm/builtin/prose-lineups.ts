import { isCommonWord } from "../../language/english";
import { parseQuantity, type Quantity } from "../../tools/calculate";
import { splitSentences } from "../../tools/sentences";
import { kindOf } from "./prose-figures";
import { matchTerms } from "./text";
import type { ReadDoc } from "./upstream";

/**
 * Lineups stated in a sentence rather than a key-figures list: "Dividing cost by success rate
 * gives about USD 0.42 for Relaywright, USD 0.47 for Braidline, USD 0.52 for Loomwork and USD 0.80
 * for Cortexa"; "Relaywright 36 s, Braidline 41 s, Loomwork 48 s and Cortexa 61 s"; "Loomwork
 * achieved 81%, followed by Braidline at 77%"; "每个任务的中位延迟：Relaywright 36 秒、Braidline 41 秒".
 *
 * Each number is paired with a name: the one right after it through "for" ("USD 0.47 for
 * Braidline"), else the nearest one before it with only a few linking words between ("Braidline at
 * 77%", "Cortexa to 51%"). A number written bare in a list whose first number has a unit ("8.4 tool
 * calls …, against 9.6 for Braidline") takes that unit. Two or more names with numbers of one kind
 * make a lineup; its measure is the sentence's other words.
 */
export interface ProseLineup {
  /** The sentence's words that are neither a name nor a number: what the numbers measure. */
  measure: string;
  sentence: string;
  docId: string;
  items: { item: string; value: string; q: Quantity }[];
}

const NAME = /\p{Lu}[\p{L}\d-]*(?:\s+\p{Lu}[\p{L}\d-]*)?/gu;
const NUMBER =
  /(?:USD|US\$|EUR|RMB|CNY|[$€£¥])\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:billion|million|bn))?|(?<![\d.])\d[\d,]*(?:\.\d+)?(?![\d.]*\.\d)(?:\s?(?:%|percent\b|billion\b|million\b|stars\b|s\b|seconds\b|minutes\b|hours\b|days\b|months\b|tool calls\b|calls\b|contributors\b|秒|美元|亿美元|分钟|个月))?/giu;
/** Words that may stand between a name and its number: "Braidline at 77%", "Cortexa to 51%", "Loomwork kept 72%", "Relaywright 则降到 57%". */
const LINK =
  /^[\s,:：(（]*(?:(?:at|to|with|of|on|is|was|kept|reached|scored|fell to|rose to|had|has|about|around|roughly|only|just)\s+)*(?:about\s+|around\s+)?$|^[\s,:：(（]*(?:则|仍|也)?(?:仍有|仍为|降到|降至|升到|升至|达到|跌到|跌至|只有|仅有)\s*$/iu;
const MAX_LINK = 24;
const MAX_CLAUSE = 60;

export function proseLineups(reads: readonly ReadDoc[]): ProseLineup[] {
  const out: ProseLineup[] = [];
  for (const doc of reads) {
    for (const sentence of splitSentences(doc.text)) {
      const lineup = lineupIn(sentence);
      if (lineup) out.push({ ...lineup, docId: doc.docId });
    }
  }
  return out;
}

function lineupIn(sentence: string): Omit<ProseLineup, "docId"> | null {
  const names = [...sentence.matchAll(NAME)]
    .map((m) => ({ text: m[0], at: m.index ?? 0, end: (m.index ?? 0) + m[0].length }))
    // A sentence's first word is capitalised anyway; a currency is no name.
    .filter(
      (n) =>
        !/^(?:USD|EUR|RMB|CNY|US|January|February|March|April|May|June|July|August|September|October|November|December)$/.test(
          n.text,
        ) && !(n.at === 0 && isCommonWord(n.text.split(/\s+/)[0] ?? "")),
    );
  if (names.length < 2) return null;
  const numbers = [...sentence.matchAll(NUMBER)]
    .map((m) => ({
      text: m[0].trim().replace(/,$/, ""),
      at: m.index ?? 0,
      end: (m.index ?? 0) + m[0].length,
    }))
    // A year or a version ("Loomwork 3.2") is not a measured value; a number inside a name is not either.
    .filter((v) => !/^(?:19|20)\d\d$/.test(v.text) && !names.some((n) => v.at >= n.at && v.at < n.end));
  let unit: string | null = null;
  const pairs: { item: string; value: string; q: Quantity }[] = [];
  for (const v of numbers) {
    let value = v.text;
    const q0 = parseQuantity(value);
    if (!q0) continue;
    // A bare number in a list takes the unit its first number was given.
    if (!q0.prefix && !q0.suffix && unit) value = unit.replace("#", value);
    else if (!unit && (q0.prefix || q0.suffix))
      unit = `${q0.prefix ? `${q0.prefix} ` : ""}#${q0.suffix ? (q0.suffix === "%" ? "%" : ` ${q0.suffix}`) : ""}`;
    const after = sentence.slice(v.end);
    const forName = /^\s+(?:for|of)\s+(\p{Lu}[\p{L}\d-]*(?:\s+\p{Lu}[\p{L}\d-]*)?)/u
      .exec(after)?.[1]
      ?.replace(/['’]s$/u, "");
    const before = names.filter((n) => n.end <= v.at).at(-1);
    const between = before ? sentence.slice(before.end, v.at) : "";
    // Linking words only; or, for the list's first number, the clause that names its leader
    // ("Relaywright is the cheapest at USD 0.31", "Loomwork 框架以 81% 居首").
    const linked =
      before &&
      ((between.length <= MAX_LINK && LINK.test(between)) ||
        (pairs.length === 0 && between.length <= MAX_CLAUSE && !/[\d,;，；、]/u.test(between)))
        ? before.text
        : undefined;
    const item = forName ?? linked;
    if (!item) continue;
    const q = parseQuantity(value);
    // A number with no unit at all (a version, an ordinal) measures nothing.
    if (!q || (!q.prefix && !q.suffix) || pairs.some((p) => p.item === item)) continue;
    pairs.push({ item, value, q });
  }
  // The kind most of the numbers are: one measure, listed item by item.
  const kinds = new Map<string, number>();
  for (const p of pairs) kinds.set(kindOf(p.q), (kinds.get(kindOf(p.q)) ?? 0) + 1);
  const kind = [...kinds.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const same = pairs.filter((p) => kindOf(p.q) === kind);
  if (same.length < 2) return null;
  let measure = sentence;
  for (const p of same) measure = measure.split(p.item).join(" ").split(p.value).join(" ");
  measure = [...matchTerms(measure)].filter((t) => !/\d/.test(t)).join(" ");
  return { measure, sentence, items: same };
}
