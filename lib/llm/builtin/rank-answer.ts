import { parseQuantity } from "../../tools/calculate";
import { AVERAGE_ITEM } from "./derive-mean";
import type { DirectAnswer } from "./direct-answer";
import type { ResearchFrame } from "./frame";
import { parseGoalOptions } from "./goal-options";
import { parseGoalTerms } from "./goal-terms";
import { firstOf, lineupsOf } from "./lineups";
import { matchTerms, mentions, overlap } from "./text";
import type { ReadDoc } from "./upstream";

/**
 * "Where does it rank among the five main vendors?", "Lingovia 排名第几？": the place of one named
 * item in the documents' lineup of the measure the request asks about, counted from the highest,
 * with the lineup beside it so the reader can check. The item is a name the request gives that the
 * lineup has; the measure is the lineup sharing most words with the request.
 */
const RANK_ASKED =
  /\b(?:where|how)\s+(?:does|do|did|would|will)\s+(?:it|they|this|that|[\p{Lu}][\p{L}\d-]*(?:\s+[\p{Lu}][\p{L}\d-]*){0,3})\s+(?:rank|stand|place|come)\b|\brank(?:s|ed|ing)?\s+(?:among|against|within)\b|\b(?:its|their)\s+(?:rank|ranking|position|place)\b|\bwhat\s+(?:rank|position|place)\b|排名第几|排第几|排在第几|排名如何|排名怎样|位列第几/iu;

export const asksRank = (request: string): boolean => RANK_ASKED.test(request);

const ORDINAL_EN = [
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
];

export function rankAnswers(frame: ResearchFrame, reads: readonly ReadDoc[]): DirectAnswer[] {
  const request = [...(frame.options?.changed ?? []), frame.request].join("\n");
  if (!asksRank(request)) return [];
  const names = parseGoalTerms(parseGoalOptions(request).rest).names;
  const wanted = matchTerms(request);
  const figures = reads.flatMap((d) =>
    d.figures.flatMap((f) => {
      const q = parseQuantity(f.value);
      return q ? [{ label: f.name, value: f.value, docId: d.docId, q }] : [];
    }),
  );
  let best: { item: string; lineup: ReturnType<typeof lineupsOf>[number]; fit: number } | null = null;
  for (const lineup of lineupsOf(figures)) {
    if ([...lineup.items.keys()].filter((k) => !AVERAGE_ITEM.test(k)).length < 3) continue;
    const item = names
      .map((n) => [...lineup.items.keys()].find((k) => mentions(k, firstOf(n))))
      .find((k): k is string => !!k);
    if (!item) continue;
    const fit = overlap(matchTerms(lineup.shared), wanted);
    if (
      fit > 0 &&
      (!best || fit > best.fit || (fit === best.fit && lineup.items.size > best.lineup.items.size))
    )
      best = { item, lineup, fit };
  }
  if (!best) return [];
  // A stated average or total is the lineup's measure, not one of the items ranked.
  const sorted = [...best.lineup.items.entries()]
    .filter(([k]) => !AVERAGE_ITEM.test(k))
    .sort((a, b) => b[1].q.amount - a[1].q.amount);
  const place = sorted.findIndex(([k]) => k === best.item) + 1;
  const all = sorted.map(([k, f]) => `${k} ${f.value}`).join(frame.zh ? "、" : ", ");
  const measure = best.lineup.shared.replace(/\s+/g, " ").trim();
  const text = frame.zh
    ? `${best.item}在${sorted.length}项中${measure}排名第${place}（从高到低：${all}）`
    : `${best.item} ranks ${ORDINAL_EN[place - 1] ?? `${place}th`} of ${sorted.length} on ${measure}, highest first (${all})`;
  return [
    { text, citations: [...new Set(sorted.map(([, f]) => f.docId ?? ""))].filter(Boolean).slice(0, 10) },
  ];
}
