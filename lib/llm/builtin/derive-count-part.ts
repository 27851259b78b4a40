import { countIn } from "../../language/counts";
import { tagEnglish } from "../../language/english";
import { splitSentences } from "../../tools/sentences";
import { countedUnit, sameUnit } from "../../tools/units";
import type { CalculationPlan } from "./derive-inputs";
import { isStopWord, mentions } from "./text";
import type { ReadDoc } from "./upstream";

/**
 * A part of a count the request gives: "how many of the 1240 respondents were manufacturing?"
 * is 31% × 1,240 when a document says "Manufacturing firms made up 31% of respondents"; "how many
 * of those tasks would succeed" takes the count said before ("~10k tasks") and the success rate.
 * The share is the percentage a sentence states beside the part's own words, in a sentence about
 * the unit counted (or a figure's name holding both); a follow-up ("and of the 210 China ones?")
 * keeps the unit and the part asked before and adds its own words.
 */
export interface CountPart {
  amount: number;
  /** What is counted: "respondents". */
  unit: string;
  /** The part's words: "manufacturing"; "china", "manufacturing". */
  part: string[];
}

const HOW_MANY_OF =
  /\bhow many of\s+(?:(?:the|those|these|our|its|their|them)\b)?\s*(?:~|about\s+|around\s+|roughly\s+)?(?:(\d[\d,]*(?:\.\d+)?)\s*(k)?\b)?([^?.!;,]*)/giu;
/** Words that stand for the unit said before: "the 210 China ones". */
const PRONOUN = /^(?:ones?|them|those|these)$/i;

/** The parts of counts a request asks, in order; empty when it asks none. */
export function countParts(request: string): CountPart[] {
  const out: CountPart[] = [];
  const fallback = countIn(request);
  for (const m of request.matchAll(HOW_MANY_OF)) {
    const previous = out.at(-1);
    const amount = m[1] ? Number(m[1].replace(/,/g, "")) * (m[2] ? 1e3 : 1) : fallback?.amount;
    if (!amount || !Number.isFinite(amount)) continue;
    // The noun phrase first ("china ones", "respondents"), then what the part is ("were manufacturing").
    const words = tagEnglish(m[3] ?? "");
    let k = 0;
    const phrase: string[] = [];
    // A bare plural right after "of those" is the noun, whatever the tagger reads ("tasks" as a verb).
    const plural = (i: number) => i === 0 && /^\p{Ll}{3,}s$/u.test(words[i]?.text ?? "");
    while (k < words.length && (isNounish(words[k]?.tags) || plural(k))) {
      phrase.push((words[k]?.text ?? "").toLowerCase());
      if ((words[k]?.post ?? "").trim() !== "") {
        k++;
        break;
      }
      k++;
    }
    let unit = phrase.at(-1) ?? "";
    const modifiers = phrase.slice(0, -1);
    if (!unit || PRONOUN.test(unit))
      unit = previous?.unit ?? (fallback ? countedUnit(fallback.label) : undefined) ?? "";
    if (!unit) continue;
    const rest = words
      .slice(k)
      .map((w) => w.text.toLowerCase())
      .filter((w) => /^\p{L}{3,}$/u.test(w) && !isStopWord(w) && !AUXILIARY.test(w));
    const part = [...modifiers, ...(rest.length > 0 ? rest : (previous?.part ?? []))];
    if (part.length === 0) continue;
    out.push({ amount, unit, part: [...new Set(part)] });
  }
  return out;
}

const AUXILIARY =
  /^(?:were|was|are|is|be|been|would|will|could|should|did|does|do|have|has|had|expect|each|from|in)$/;

const isNounish = (tags: ReadonlySet<string> | undefined): boolean =>
  !!tags && (tags.has("Noun") || tags.has("Adjective") || tags.has("Value")) && !tags.has("Pronoun");

/** A word meets another of the same first five letters or the same stem start ("succeed" / "success"). */
const meets = (a: string, b: string): boolean => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x === y || (x.length >= 5 && y.length >= 5 && x.slice(0, 5) === y.slice(0, 5)) || sameUnit(x, y);
};

const PERCENT = /(?<![\d.])(\d+(?:\.\d+)?)\s*%/gu;

/** The share of the unit the part makes up, as a sentence (or a figure's name) states it. */
function shareOf(
  part: CountPart,
  reads: readonly ReadDoc[],
  item: string | undefined,
): { value: string; docId: string; label: string } | null {
  let best: { value: string; docId: string; label: string; score: number } | null = null;
  for (const doc of reads) {
    for (const f of doc.figures) {
      if (!/%\s*$/.test(f.value)) continue;
      const words = f.name.split(/[^\p{L}\d-]+/u).filter(Boolean);
      const has = (w: string) => words.some((x) => meets(x, w));
      // A figure's name must hold the unit too: "adoption rate in manufacturing" is no share of respondents.
      if (!part.part.every(has) || !has(part.unit) || (item && !mentions(f.name, item))) continue;
      const score = 2;
      if (!best || score > best.score)
        best = { value: f.value.trim(), docId: doc.docId, label: f.name, score };
    }
    for (const sentence of splitSentences(doc.text)) {
      const words = [...sentence.matchAll(/[\p{L}][\p{L}\d-]*/gu)].map((w) => ({
        text: w[0],
        at: w.index ?? 0,
      }));
      const find = (w: string) => words.find((x) => meets(x.text, w));
      if (!find(part.unit) || (item && !mentions(sentence, item))) continue;
      const anchors = part.part.map(find);
      if (anchors.some((a) => !a)) continue;
      const at = (anchors[0] as { at: number }).at;
      // The percentage nearest the part's first word: "Manufacturing firms made up 31%", "31% were in manufacturing".
      const near = [...sentence.matchAll(PERCENT)]
        .map((p) => ({ value: `${p[1]}%`, distance: Math.abs((p.index ?? 0) - at) }))
        .sort((a, b) => a.distance - b.distance)[0];
      if (!near) continue;
      const score = 1 - near.distance / 1000;
      if (!best || score > best.score)
        best = {
          value: near.value,
          docId: doc.docId,
          label: `${part.part.join(" ")} share of ${part.unit}`,
          score,
        };
    }
  }
  return best && { value: best.value, docId: best.docId, label: best.label };
}

/** The calculation task's subject for a part worked out from a count the request gives. */
export const PART_OF_COUNT = "part of a count";

/**
 * One row per part asked (per item compared, when each item's own share is stated): its share ×
 * the count. Without any share found, no inputs and the reason.
 */
export function planCountParts(
  request: string,
  reads: readonly ReadDoc[],
  items: readonly string[] = [],
): CalculationPlan {
  const parts = countParts(request);
  const perItem = items.length >= 2 ? rowsOf(parts, reads, items) : [];
  const rows = perItem.length > 0 ? perItem : rowsOf(parts, reads, [undefined]);
  const what = parts.map((p) => `${p.part.join(" ")} ${p.unit}`).join(", ") || "a part";
  if (rows.length === 0)
    return { label: `Part of a count: no share of ${what} found`, operation: "product", inputs: [] };
  return { label: `How many: ${what}`, operation: "product", inputs: [], rows };
}

function rowsOf(
  parts: readonly CountPart[],
  reads: readonly ReadDoc[],
  items: readonly (string | undefined)[],
) {
  return parts.flatMap((p) =>
    items.flatMap((item) => {
      const share = shareOf(p, reads, item);
      if (!share) return [];
      const count = `${p.amount.toLocaleString("en-US")} ${p.unit}`;
      return [
        {
          label: `${item ? `${item}: ` : ""}${p.part.join(" ")} ${p.unit} of ${count}`,
          inputs: [
            { label: share.label, value: share.value, docId: share.docId },
            { label: count, value: count },
          ],
        },
      ];
    }),
  );
}

/** The request asks how many of a count are some part of it. */
export const asksPartOfCount = (request: string): boolean => countParts(request).length > 0;
