import { type DurationUnit, parseDate } from "../../tools/dates";
import { splitSentences } from "../../tools/sentences";
import type { CalculationPlan } from "./derive-inputs";
import { matchTerms } from "./text";
import type { ReadDoc } from "./upstream";
import { datesIn } from "./values";

/**
 * "How many days the fix took", "how many months before the standard takes effect did the first
 * one get there": the time between two dated events. Each date the documents read give — in a
 * clause of their text or as a listed figure — is scored by the request's words in its clause (and
 * the clause before it, which often names the event: "the first, in February 2025"); the two best
 * distinct dates, earlier first, are the inputs. A count of days wants dates with a day.
 */
export const ASKS_DURATION =
  /\bhow\s+(?:many|long)\s+(?:days|weeks|months|years)\b|\bhow\s+long\s+(?:did|does|will|would|had|has)\b|多少天|多少个月|几个月|几天|多长时间/iu;

const UNIT = /\b(days|weeks|months|years)\b|(天)|(个月)|(年)/iu;

interface Dated {
  text: string;
  docId: string;
  terms: Set<string>;
}

export function planDuration(request: string, reads: readonly ReadDoc[]): CalculationPlan {
  const m = UNIT.exec(request.replace(/\b(?:19|20)\d\d\s*年/gu, ""));
  const unit: DurationUnit = m?.[1]
    ? (m[1].toLowerCase() as DurationUnit)
    : m?.[2]
      ? "days"
      : m?.[4]
        ? "years"
        : "months";
  const wanted = matchTerms(request);
  const dated: Dated[] = [];
  for (const doc of reads) {
    for (const sentence of splitSentences(doc.text)) {
      const clauses = sentence.split(/[,;:()，；：（）]/u);
      clauses.forEach((clause, i) => {
        for (const text of datesIn(clause)) {
          const context = `${clauses[i - 1] ?? ""} ${clause}`.replace(text, " ");
          dated.push({ text, docId: doc.docId, terms: matchTerms(context) });
        }
      });
    }
    for (const f of doc.figures) {
      if (parseDate(f.value)) dated.push({ text: f.value, docId: doc.docId, terms: matchTerms(f.name) });
    }
  }
  const scored = dated
    .map((d) => {
      const date = parseDate(d.text);
      const fit = [...d.terms].filter((t) => wanted.has(t)).length;
      return { d, date, score: fit };
    })
    // A count of days needs dates with a day; a month alone ("In February 2025") cannot give one.
    .filter(
      (x): x is typeof x & { date: NonNullable<typeof x.date> } =>
        x.date !== null && x.score >= 1 && (unit !== "days" || x.date.precise),
    )
    .sort((a, b) => b.score - a.score);
  const key = (x: (typeof scored)[number]) => `${x.date.year}-${x.date.month}-${x.date.day}`;
  const first = scored[0];
  const second = scored.find((x) => first && key(x) !== key(first));
  if (!first || !second)
    return {
      label: "Time between: no two dated events the request names",
      operation: "date_difference",
      inputs: [],
    };
  const [a, b] = [first, second].sort(
    (x, y) =>
      Date.UTC(x.date.year, x.date.month, x.date.day) - Date.UTC(y.date.year, y.date.month, y.date.day),
  ) as [typeof first, typeof first];
  const label = (x: typeof first) => [...x.d.terms].filter((t) => wanted.has(t)).join(" ") || "date";
  return {
    label: `Time between: ${label(a)} → ${label(b)}`,
    operation: "date_difference",
    inputs: [
      { label: label(a), value: a.d.text, docId: a.d.docId },
      { label: label(b), value: b.d.text, docId: b.d.docId },
      { label: "unit", value: unit },
    ],
  };
}
