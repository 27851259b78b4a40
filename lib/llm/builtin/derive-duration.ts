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
  /\bhow\s+(?:many|long)\s+(?:days|weeks|months|years)\b|\bhow\s+long\s+(?:did|does|will|would|had|has)\b|\bhow\s+(?:long\s+(?:do|does|did|will|would|is\s+it|was\s+it|are\s+there)|much\s+time)\b[^.?!;]{0,60}\bbetween\b[^.?!;]{1,120}\band\b|\b(?:days|weeks|months)\s+between\b[^.?!;]{1,120}\band\b|多少天|多少个月|几个月|几天|多长时间/iu;

/** The calculation task's subject for one of several durations a request asks, by its sentence. */
export const DURATION_OF = "time asked";

/**
 * "How many days did the fix take? And separately how long is it between the rule and IASS-2?":
 * each sentence asking a duration is its own calculation, its words choosing its dates. One
 * sentence (or none) asks one, from the whole request.
 */
export function durationsAsked(request: string): string[] {
  // "How many days remain until IASS-2 takes effect, and how many until the localisation rule
  // applies?": a second "how many" clause asks a second duration, in the unit the first named.
  const asking = splitSentences(request)
    .filter((s) => ASKS_DURATION.test(s))
    .flatMap((s) => {
      const parts = s.split(
        /[,;]?\s+and\s+(?=how\s+(?:many|long)\b)|[，；]\s*(?=(?:还有|再|以及)?(?:多少|几)(?:天|个月|年))/iu,
      );
      const unit = UNIT.exec(s)?.[0] ?? "";
      // Only the parts that ask "how many"/"how long" themselves; the rest asks something else.
      return parts
        .filter((p) => parts.length === 1 || /\bhow\s+(?:many|long)\b|多少|几/iu.test(p))
        .map((p) => (UNIT.test(p) || !unit ? p : `${p} (${unit})`));
    });
  return asking.length >= 2 ? asking.map((s) => s.trim()) : [];
}

/**
 * The request's sentences that ask no duration ("Our compliance review sits on 15 September
 * 2025."): the context each asked duration is read with.
 */
export function durationContext(request: string): string {
  return splitSentences(request)
    .filter((s) => !ASKS_DURATION.test(s))
    .join(" ");
}

const UNIT = /\b(days|weeks|months|years)\b|(天)|(个月)|(年)/iu;

interface Dated {
  text: string;
  docId: string;
  terms: Set<string>;
  /** The words around the date, as written. */
  context: string;
}

export function planDuration(
  asked: string,
  reads: readonly ReadDoc[],
  /** The request's other sentences: the requester's own dates and words, never the unit asked. */
  context = "",
): CalculationPlan {
  const request = `${context} ${asked}`.trim();
  // The unit the asking words name ("相隔多少天"), before any other in the request ("明年" is a time,
  // not the unit asked).
  const m =
    UNIT.exec(ASKS_DURATION.exec(asked)?.[0] ?? "") ?? UNIT.exec(asked.replace(/\b(?:19|20)\d\d\s*年/gu, ""));
  // The unit asked, or none ("How long did the fix take?"): then the span chooses it.
  const stated: DurationUnit | null = m?.[1]
    ? (m[1].toLowerCase() as DurationUnit)
    : m?.[2]
      ? "days"
      : m?.[3]
        ? "months"
        : m?.[4]
          ? "years"
          : null;
  const wanted = matchTerms(request);
  const dated: Dated[] = [];
  for (const doc of reads) {
    for (const sentence of splitSentences(doc.text)) {
      const clauses = sentence.split(/[,;:()，；：（）]/u);
      clauses.forEach((clause, i) => {
        for (const text of datesIn(clause)) {
          const context = `${clauses[i - 1] ?? ""} ${clause}`.replace(text, " ");
          dated.push({ text, docId: doc.docId, terms: matchTerms(context), context });
        }
      });
    }
    for (const f of doc.figures) {
      if (parseDate(f.value))
        dated.push({ text: f.value, docId: doc.docId, terms: matchTerms(f.name), context: f.name });
    }
  }
  // With no unit asked, dates with a day are preferred when two of them fit: "in February 2025"
  // beside "on 18 February 2025" is the same event said less precisely.
  const fitting = (d: Dated) => [...d.terms].some((t) => wanted.has(t));
  const precise = new Set(
    dated.filter((d) => fitting(d) && parseDate(d.text)?.precise).map((d) => dayOf(d.text)),
  );
  const unit: DurationUnit = stated ?? (precise.size >= 2 ? "days" : "months");
  // A day the requester gives for an event of their own ("We go live on 15 September 2025") is one
  // of the two: the other is the documents' date the request's words fit best (two such days are
  // both). A bare month or year in a request ("in 2025") sets the scope; it is no event.
  const own = requestDates(request);
  if (own.length === 2 && !sameDay((own[0] as Dated).text, (own[1] as Dated).text))
    return between(own[0] as Dated, own[1] as Dated, stated, wanted);
  if (own.length === 1) {
    const mine = own[0] as Dated;
    const theirs = dated
      .map((d) => ({ d, date: parseDate(d.text), score: [...d.terms].filter((t) => wanted.has(t)).length }))
      .filter((x) => x.date !== null && x.score >= 1 && (unit !== "days" || x.date.precise))
      .filter((x) => !sameDay(x.d.text, mine.text))
      .sort((a, b) => b.score - a.score)[0];
    if (theirs) return between(mine, theirs.d, stated, wanted);
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
  // The other event of the same story: among equals, one the first one's document dates.
  const second = scored
    .filter((x) => first && key(x) !== key(first))
    .map((x) => ({ x, score: x.score + (x.d.docId === first?.d.docId ? 0.5 : 0) }))
    .sort((a, b) => b.score - a.score)[0]?.x;
  if (!first || !second)
    return {
      label: "Time between: no two dated events the request names",
      operation: "date_difference",
      inputs: [],
    };
  return between(first.d, second.d, stated, wanted);
}

const DAY_MS = 86_400_000;
/** The unit a span reads best in when none was asked: days under three months, then months, then years. */
const spanUnit = (ms: number): DurationUnit =>
  ms < 90 * DAY_MS ? "days" : ms < 3 * 365 * DAY_MS ? "months" : "years";

const dayOf = (text: string): number | null => {
  const d = parseDate(text);
  return d ? Date.UTC(d.year, d.month, d.day) : null;
};
const sameDay = (a: string, b: string) => dayOf(a) === dayOf(b);

/** The days a request gives with a day of the month, each with the words of its clause. */
function requestDates(request: string): Dated[] {
  return splitSentences(request).flatMap((sentence) =>
    sentence.split(/[,;:()，；：（）]/u).flatMap((clause) =>
      datesIn(clause)
        .filter((text) => parseDate(text)?.precise)
        .map((text) => {
          const context = clause.replace(text, " ");
          return { text, docId: "", terms: matchTerms(context), context };
        }),
    ),
  );
}

/** The time between two dated events, earlier first, each named in its own words the request uses. */
function between(x: Dated, y: Dated, stated: DurationUnit | null, wanted: Set<string>): CalculationPlan {
  const [a, b] = [x, y].sort((p, q) => (dayOf(p.text) ?? 0) - (dayOf(q.text) ?? 0)) as [Dated, Dated];
  const unit = stated ?? spanUnit((dayOf(b.text) ?? 0) - (dayOf(a.text) ?? 0));
  // Named in the document's own words that the request uses ("data-localisation rule", "IASS-2").
  const label = (d: Dated) => {
    const words = d.context
      .split(/[^\p{L}\p{N}-]+/u)
      .filter((w) => w && [...matchTerms(w)].some((t) => wanted.has(t)));
    return [...new Set(words)].slice(0, 6).join(" ") || "date";
  };
  // A date the request gives cites no document: the requester stated it.
  const cited = (d: Dated) => ({ label: label(d), value: d.text, ...(d.docId ? { docId: d.docId } : {}) });
  return {
    label: `Time between: ${label(a)} → ${label(b)}`,
    operation: "date_difference",
    inputs: [cited(a), cited(b), { label: "unit", value: unit }],
  };
}
