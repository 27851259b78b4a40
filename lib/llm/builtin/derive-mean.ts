import type { CalculationPlan } from "./derive-inputs";
import type { ResearchFrame } from "./frame";
import { termsWithGloss } from "./gloss";
import { derivationClause } from "./goal-options";
import { type Figure as Candidate, firstOf, figureInput as input, lineupsOf } from "./lineups";
import { matchTerms, mentions } from "./text";
import type { ReadDoc } from "./upstream";

/** A stated average is a figure of the list's measure, not an item to average. */
export const AVERAGE_ITEM = /\b(?:average|mean|median|overall|total)\b|平均|合计/iu;

/**
 * "Rank the four by readiness score and give me the average score across them": the mean of one
 * measure over the items a document lists it for. The list is the one whose measure words the
 * asking clause (then the request) uses most; when the request compares named items, only theirs.
 */
export function planMean(
  frame: ResearchFrame,
  candidates: readonly Candidate[],
  reads: readonly ReadDoc[],
  request: string,
): CalculationPlan {
  const skip = frame.subject ? matchTerms(frame.subject) : new Set<string>();
  const clause = derivationClause(request, "mean") ?? request;
  const inClause = new Set([...termsWithGloss(clause, reads)].filter((t) => !skip.has(t)));
  const inRequest = new Set([...termsWithGloss(request, reads)].filter((t) => !skip.has(t)));
  const sharedWords = (shared: string, wanted: ReadonlySet<string>) =>
    [...matchTerms(shared)].filter((t) => wanted.has(t)).length;
  const lists = lineupsOf(candidates)
    .map((l) => {
      const named = [...l.items.entries()].filter(
        ([item]) =>
          !AVERAGE_ITEM.test(item) &&
          (frame.entities.length < 2 || frame.entities.some((e) => mentions(item, firstOf(e)))),
      );
      return { l, named };
    })
    .filter(({ l, named }) => named.length >= 2 && sharedWords(l.shared, inRequest) > 0)
    .sort(
      (x, y) =>
        sharedWords(y.l.shared, inClause) - sharedWords(x.l.shared, inClause) ||
        sharedWords(y.l.shared, inRequest) - sharedWords(x.l.shared, inRequest) ||
        y.named.length - x.named.length,
    );
  const best = lists[0];
  if (!best)
    return {
      label: "Mean: no list of one measure across items among the figures found",
      operation: "mean",
      inputs: [],
    };
  const items = best.named.slice(0, 10);
  return {
    label: `Mean: ${best.l.shared} across ${items.map(([item]) => item).join(", ")}`,
    operation: "mean",
    inputs: items.map(([, c]) => input(c)),
  };
}
