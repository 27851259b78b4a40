import { type Operation, parseQuantity } from "../../tools/calculate";
import { splitSentences } from "../../tools/sentences";
import { yearSeries } from "./derive-years";
import type { ResearchFrame } from "./frame";
import { parseGoalOptions } from "./goal-options";
import { parseGoalTerms } from "./goal-terms";
import { statedFigures } from "./item-measures";
import type { KeyFigure } from "./key-figures";
import type { Figure as Candidate } from "./lineups";
import { matchTerms, normalise } from "./text";
import type { ReadDoc } from "./upstream";

/** Small readings the calculation planner shares: a clause's sentence, the items named, an operation's name. */

/** The sentence of the request a clause of it is in ("…, in dollars?"). */
export function sentenceOf(request: string, clause: string): string {
  return splitSentences(request).find((s) => s.includes(clause)) ?? clause;
}

/** Two clauses of one sentence of the request ("How much did Quillon cut it — in dollars and as a %?"). */
export function sameSentence(request: string, a: string, b: string | null): boolean {
  if (!b) return false;
  return splitSentences(request).some((s) => s.includes(a) && s.includes(b));
}

/** How many things besides its subject (a vendor, a region) the request names: two or more are compared, one is followed over time. */
export function namedItems(request: string, frame: ResearchFrame): number {
  const subject = frame.subject ? matchTerms(frame.subject) : new Set<string>();
  return parseGoalTerms(parseGoalOptions(request).rest).names.filter(
    (n) => ![...matchTerms(n)].every((t) => subject.has(t)),
  ).length;
}

export function operationName(op: Operation): string {
  return {
    difference: "Gap",
    ratio: "Ratio",
    percent_change: "Change",
    cagr: "Yearly growth",
    share: "Share",
    sum: "Total",
    mean: "Mean",
    product: "Total",
    per_unit: "Per unit",
    apply_rate: "Rate applied",
    date_difference: "Time between",
  }[op];
}

/**
 * One price in two states is one measure: a side the text writes bare ("launched at USD 59") is per
 * the unit the other side states ("USD 39 per technician per month").
 */
export function sameRate([a, b]: [Candidate, Candidate]): [Candidate, Candidate] {
  const per = (x: Candidate, y: Candidate): Candidate =>
    x.q.suffix === "" && y.q.suffix !== "" && x.q.prefix === y.q.prefix
      ? { ...x, value: `${x.value} ${y.q.suffix}`, q: { ...x.q, suffix: y.q.suffix } }
      : x;
  return [per(a, b), per(b, a)];
}

/**
 * The figures a calculation may use: the key figures, every figure the documents read list, the
 * lineups a sentence states on the request's measure, and a measure's other years.
 */
export function candidatesOf(
  figures: readonly KeyFigure[],
  reads: readonly ReadDoc[],
  requestText: string,
  frame: ResearchFrame,
): Candidate[] {
  const candidates: Candidate[] = figures.flatMap((f) => {
    const q = parseQuantity(f.value);
    return q ? [{ label: f.name, value: f.value, docId: f.docIds[0], q }] : [];
  });
  // Every figure the documents read list, after the key figures: a per-item price the report's
  // short list left out is still an input.
  for (const doc of reads) {
    for (const f of doc.figures) {
      const q = parseQuantity(f.value);
      if (!q || candidates.some((c) => normalise(c.label) === normalise(f.name))) continue;
      candidates.push({ label: f.name, value: f.value, docId: doc.docId, q });
    }
  }
  // Lineups a sentence states ("USD 0.47 for Braidline, USD 0.80 for Cortexa") on the request's measure.
  const skip = frame.subject ? matchTerms(frame.subject) : new Set<string>();
  for (const f of statedFigures(requestText, reads, skip)) {
    if (!candidates.some((c) => normalise(c.label) === normalise(f.label))) candidates.push(f);
  }
  candidates.push(...yearSeries(candidates, reads));
  return candidates;
}
