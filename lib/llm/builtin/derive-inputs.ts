import { definitions, withDefinitions } from "../../language/abbreviations";
import { clausesOf, comparesByDegree } from "../../language/english";
import { bareExtremes, superlatives } from "../../language/superlatives";
import type { Operation } from "../../tools/calculate";
import { splitSentences } from "../../tools/sentences";
import { type ComparisonTable, tablePair } from "./comparison-table";
import { PART_OF_COUNT, planCountParts } from "./derive-count-part";
import { DURATION_OF, durationContext, planDuration } from "./derive-duration";
import { asksExtra, extraPair } from "./derive-extra";
import { fittest, IN_MONEY, POINTS, withTail } from "./derive-fit";
import { AS_LISTED, GAP_OF_CHANGE, OF_GAP, planGapTotal } from "./derive-gap-total";
import {
  candidatesOf,
  namedItems,
  operationName,
  sameRate,
  sameSentence,
  sentenceOf,
} from "./derive-helpers";
import { planMean } from "./derive-mean";
import { measureRows } from "./derive-measures";
import { PART_OF_WHOLE, planPart } from "./derive-part";
import {
  AVERAGE,
  conditionPair,
  marketAveragePair,
  marketAverageRows,
  nestedPickPair,
  superlativePair,
} from "./derive-picks";
import { projectedPair } from "./derive-projected";
import { planQuotients } from "./derive-quotient";
import { planRate } from "./derive-rate";
import { planCagr, seriesSum } from "./derive-series";
import {
  clauseSharePair,
  missingSide,
  SHARE_OF,
  SHARE_PART,
  shareOfTotalPair,
  sharePair,
  upstreamSharePair,
} from "./derive-share";
import { similarPair, suppliedPair } from "./derive-similar";
import { planProduct } from "./derive-total";
import { derivedPair, PER_UNIT, perUnitPair, refinedFigures, rowPair } from "./derive-upstream";
import { CHANGED, changePair, NOW, YEAR_IN, yearPair, yearsAsked } from "./derive-years";
import type { ResearchFrame } from "./frame";
import { termsWithGloss, withEnglishPlaces } from "./gloss";
import {
  asksMoney,
  CLAUSE_OF,
  derivationClause,
  derivationCue,
  parseGoalOptions,
  withOnlyClause,
} from "./goal-options";
import { parseGoalTerms } from "./goal-terms";
import type { KeyFigure } from "./key-figures";
import { type Figure as Candidate, figureInput as input, isMoney } from "./lineups";
import { measureLacks, measurePair } from "./measure-pair";
import { asksRate } from "./rate-asked";
import type { Derivation, ReadDoc } from "./upstream";

/**
 * Which figures a requested derivation uses, chosen the way an analyst would: two figures of the
 * same kind (both percentages, both in one currency) that measure the same thing — the two sides
 * of a comparison, or one measure in two years — most relevant to the goal. A count the person
 * gave ("150 technicians") multiplies a per-unit figure. Nothing comparable: no inputs, and the
 * calculation fails with that reason instead of inventing a pair.
 */
export interface CalculationPlan {
  label: string;
  operation: Operation;
  inputs: { label: string; value: string; docId?: string }[];
  /** The same calculation for each item of a list, one row per item (then `inputs` is empty). */
  rows?: { label: string; inputs: { label: string; value: string; docId?: string }[] }[];
}

export function planCalculation(
  operation: Operation,
  frame: ResearchFrame,
  figures: readonly KeyFigure[],
  table: ComparisonTable | null,
  requestText: string,
  reads: readonly ReadDoc[] = [],
  derived: readonly Derivation[] = [],
  /** The item this calculation is about, when the plan makes one per item ("each vendor's bill"). */
  subject?: string,
  /** What the requester supplied when asked (a quote, a markup): facts of the request. */
  supplied: readonly string[] = [],
): CalculationPlan {
  // One of several clauses asking this operation: the request as that clause alone asks it.
  if (subject?.startsWith(CLAUSE_OF)) {
    requestText = withOnlyClause(
      requestText,
      operation,
      subject.slice(CLAUSE_OF.length).replace(/^:\s*/, ""),
    );
    frame = { ...frame, request: requestText };
    subject = undefined;
  }
  // A period's year written short ("Q2'24", "FY'25") is the year in full, as figures' names write it.
  requestText = requestText.replace(/\b(Q[1-4]|H[12]|FY)\s*['’]\s*(\d{2})\b/g, "$1 20$2");
  // "TCO" asks what the documents call "total cost of ownership": their own definitions expand it.
  const defined = definitions(reads.map((d) => d.text));
  // "中国占亚太多大比例": the places a Chinese request names, with the English names figures go by.
  requestText = withEnglishPlaces(withDefinitions(requestText, defined), reads);
  frame = { ...frame, request: withEnglishPlaces(withDefinitions(frame.request, defined), reads) };
  const fromTable = tablePair(table);
  const candidates = candidatesOf(figures, reads, requestText, frame);
  // A total multiplies a price as the calculations before it adjusted it (a discount, an add-on);
  // so does a comparison asked in the sentence that adjusts it ("if we add the analytics add-on, is
  // it still cheaper than Fernbrook, and by how much").
  const askedIn = derivationClause(requestText, operation);
  const sentence = askedIn ? splitSentences(requestText).find((x) => x.includes(askedIn)) : undefined;
  const adjustedThere =
    (operation === "difference" || operation === "ratio") &&
    !!sentence &&
    (asksExtra(sentence) || asksRate(sentence));
  // (A total asked at the price as listed keeps the listed price.)
  if ((operation === "product" && subject !== AS_LISTED) || adjustedThere)
    candidates.splice(0, candidates.length, ...refinedFigures(candidates, derived));
  const wanted = termsWithGloss(`${frame.title} ${requestText}`, reads);
  const none = (why: string): CalculationPlan => ({
    label: `${operationName(operation)}: ${why}`,
    operation,
    inputs: [],
  });

  if (subject === PART_OF_COUNT) return planCountParts(requestText, reads, frame.entities);
  // The steady yearly growth between two years: the change's two figures, and the years between them.
  if (operation === "cagr")
    return planCagr(
      planCalculation(
        "percent_change",
        frame,
        figures,
        table,
        requestText,
        reads,
        derived,
        subject,
        supplied,
      ),
    );
  if (subject?.startsWith(PART_OF_WHOLE)) {
    const item = subject.slice(PART_OF_WHOLE.length).replace(/^:\s*/, "") || undefined;
    return planPart(frame, candidates, reads, requestText, derived, item);
  }
  if (operation === "mean") return planMean(frame, candidates, reads, requestText);
  if (operation === "apply_rate") return planRate(frame, candidates, reads, requestText, supplied, subject);
  if (operation === "date_difference")
    return subject?.startsWith(DURATION_OF)
      ? planDuration(
          subject.slice(DURATION_OF.length).replace(/^:\s*/, ""),
          reads,
          durationContext(requestText),
        )
      : planDuration(requestText, reads);
  if (operation === "per_unit" && subject !== PER_UNIT)
    return planQuotients(frame, candidates, reads, requestText);
  if (operation === "product" && subject === OF_GAP) return planGapTotal(derived, requestText);
  // A change in one item's price: its two states, before and after, are the gap's sides.
  if (operation === "difference" && subject === GAP_OF_CHANGE) {
    const change = changePair(requestText, frame, reads);
    if (change) {
      const [a, b] = sameRate(change[0].q.amount >= change[1].q.amount ? change : [change[1], change[0]]);
      return { label: `Gap: ${a.label} vs ${b.label}`, operation, inputs: [input(a), input(b)] };
    }
  }
  if (operation === "product")
    return planProduct(
      frame,
      candidates,
      reads,
      requestText,
      wanted,
      subject === AS_LISTED ? undefined : subject,
    );
  if (subject === PER_UNIT) {
    const units = perUnitPair(derived);
    if (!units) return none("no two per-item totals to compare per unit");
    const [a, b] = units[0].q.amount >= units[1].q.amount ? units : [units[1], units[0]];
    return { label: `Gap per unit: ${a.label} vs ${b.label}`, operation, inputs: [input(a), input(b)] };
  }

  // One of several shares asked, each of its own whole ("… of Asia-Pacific? And of the global market?").
  if (operation === "share" && subject?.startsWith(SHARE_PART)) {
    const part = subject.slice(SHARE_PART.length).replace(/^:\s*/, "");
    const own = sharePair(requestText, frame, candidates, derived, part);
    if (own) {
      const [a, b] = own[0].q.amount > own[1].q.amount ? [own[1], own[0]] : own;
      return { label: `Share: ${a.label} of ${b.label}`, operation, inputs: [input(a), input(b)] };
    }
  }
  if (operation === "share" && subject?.startsWith(SHARE_OF)) {
    const clause = withEnglishPlaces(subject.slice(SHARE_OF.length).replace(/^:\s*/, ""), reads);
    const own = clauseSharePair(clause, requestText, frame, candidates, derived, reads);
    if (own) {
      const [a, b] = own[0].q.amount > own[1].q.amount ? [own[1], own[0]] : own;
      return { label: `Share: ${a.label} of ${b.label}`, operation, inputs: [input(a), input(b)] };
    }
    // Else the request's own reading (a Chinese clause's whole may only meet the figures glossed).
  }
  const asked = derivationClause(requestText, operation);
  const yearsNamed = new Set(requestText.match(/\b(?:19|20)\d\d\b/g) ?? []).size;
  // A change asked in two units ("how much did Quillon cut Scout's price — in dollars and as a %"):
  // with no two things compared by degree and no years named, both are the change the text states.
  const statedChange =
    operation === "difference" &&
    yearsNamed === 0 &&
    asked &&
    sameSentence(requestText, asked, derivationClause(requestText, "percent_change")) &&
    // "in dollars and as a %" names no other side; "the gap to Fernbrook's price" does.
    parseGoalTerms(asked).names.length === 0 &&
    !comparesByDegree(asked)
      ? changePair(requestText, frame, reads)
      : null;
  // A gap in what something costs ("how much more Loomwork costs than Relaywright per seat") is a
  // gap between amounts of money: a readiness score or a success rate is no side of it.
  if (
    (operation === "difference" || operation === "ratio") &&
    asked &&
    (asksMoney(asked) || IN_MONEY.test(withTail(sentenceOf(requestText, asked), asked))) &&
    // Points asked in the same clause ("revenue in $ … and how many pts of share") are shares.
    !POINTS.test(asked)
  ) {
    const money = candidates.filter(isMoney);
    if (money.length >= 2) candidates.splice(0, candidates.length, ...money);
    // Nothing read prices both sides yet and no total was worked out: said so, a search comes next.
    else if (!derivedPair(derived) && supplied.length === 0)
      return none("no two amounts of money found to compare");
  }
  // Every item against the market's figure ("how far each one sits above or below the average").
  if (operation === "difference" && asked && !subject) {
    const rows = marketAverageRows(asked, requestText, candidates);
    if (rows) return rows;
  }
  // A gap or a ratio between totals worked out upstream (each side's bill) comes from those totals,
  // or from the rows of one made for each item, when the clause names two of them.
  const fromDerived =
    ((operation === "difference" || operation === "ratio") && asked
      ? rowPair(derived, asked, requestText)
      : null) ?? derivedPair(derived);
  // Whether the pair was chosen by likeness of names (a measure's two years, two items on one
  // measure) rather than by what the request's grammar picks (a superlative, a supplied quote, a
  // stated change, a total worked out): only such a pair is weighed against the request's words.
  let byLikeness = false;
  const likeness = (p: [Candidate, Candidate] | null) => {
    byLikeness = p !== null;
    return p;
  };
  let pair: [Candidate, Candidate] | null =
    (operation === "difference" || operation === "ratio" || operation === "sum") && fromDerived
      ? fromDerived
      : statedChange;
  // A figure the requester supplied is what the request asks about: it is compared with the
  // library's figure of the same kind that the request's words fit best.
  if (!pair && (operation === "difference" || operation === "ratio" || operation === "percent_change")) {
    pair = suppliedPair(
      supplied,
      candidates,
      wanted,
      parseGoalTerms(parseGoalOptions(frame.request).rest).names,
    );
  }
  // An item set against the market's average on the measure asked (a figure of no item).
  if (!pair && (operation === "difference" || operation === "ratio") && asked)
    pair = marketAveragePair(asked, requestText, frame, candidates, reads, supplied);
  // A figure projected upstream, set against that year's figure ("what share of the 2030 forecast").
  if (!pair && (operation === "share" || operation === "difference" || operation === "ratio"))
    pair = projectedPair(derivationClause(requestText, operation) ?? requestText, candidates, derived);
  // An item's price and an extra charged on top of it ("once you add its analytics add-on").
  if (!pair && operation === "sum") pair = extraPair(requestText, candidates, reads);
  // A total over more than two figures: three years or more, the top of a ranking, three items named.
  if (!pair && operation === "sum") {
    const many = seriesSum(requestText, derivationClause(requestText, operation), candidates, reads);
    if (many) return many;
  }
  // A sum of the items the request names ("North America and Europe combined") before one measure's two years.
  if (!pair && operation === "sum")
    pair = likeness(
      measurePair(requestText, frame, candidates, reads, true, derivationClause(requestText, operation)),
    );
  // One measure in the two years the request names ("how much bigger … in 2025 than in 2023"), when
  // it names no items of its own to compare.
  // "now" against a year: in the sentence that names the year, or the one just before it ("Quillon
  // 现在的市场份额是多少？比 2023 年涨了几个百分点？"); "… in 2024? I need it today." sets nothing against it.
  const sentences = splitSentences(requestText);
  const nowAsked = sentences.some(
    (x, k) => YEAR_IN.test(x) && (NOW.test(x) || NOW.test(sentences[k - 1] ?? "")),
  );
  const twoYears = yearsNamed >= 2 || (yearsNamed === 1 && nowAsked);
  // One comparison asked in two units ("how far above the average that is, in $ and in %"): the
  // change runs from the side compared against (the average, the "than" side) to the other.
  const clause = operation === "percent_change" ? derivationClause(requestText, operation) : null;
  const twoUnits = (): [Candidate, Candidate] | null => {
    if (!clause || clause !== derivationClause(requestText, "difference")) return null;
    const same = measurePair(requestText, frame, candidates, reads, false, clause);
    return same ? [same[1], same[0]] : null;
  };
  // Asked with no year ("what % cut is that", the year said elsewhere), a change the text states
  // ("cut the price from USD 59 to USD 39"), or one comparison asked in two units, is the one asked
  // about before any measure's years.
  if (
    !pair &&
    operation === "percent_change" &&
    // One year is no pair of years: "what % did they cut the list price by in March 2024" dates the
    // change the text states — unless "now" is set against it.
    (yearsNamed === 0 || (yearsNamed === 1 && (!nowAsked || (!!asked && !YEAR_IN.test(asked)))))
  )
    pair = changePair(requestText, frame, reads) ?? twoUnits();
  if (
    !pair &&
    (operation === "percent_change" ||
      operation === "sum" ||
      ((operation === "difference" || operation === "ratio") &&
        twoYears &&
        namedItems(requestText, frame) <= 1))
  ) {
    const own = derivationClause(requestText, operation) ?? "";
    pair = likeness(yearPair(candidates, wanted, ...yearsAsked(own, requestText, nowAsked)));
  }
  if (!pair && operation === "percent_change") pair = twoUnits();
  if (!pair && operation === "percent_change") pair = changePair(requestText, frame, reads);
  // "how many points the first-time fix rate improved": a change in one measure, as the text states it.
  if (
    !pair &&
    operation === "difference" &&
    asked &&
    CHANGED.test(asked) &&
    namedItems(requestText, frame) <= 1
  )
    pair = changePair(requestText, frame, reads);
  if (!pair && (operation === "difference" || operation === "percent_change" || operation === "ratio"))
    // "than the cheapest one", "above the market average": the other side is an end of a list or
    // its average, not the item in another state.
    pair =
      // (Nor is it when a superlative picks the other side: "how many points lower is its loop rate
      // than Cortexa's", its the framework that loops least.)
      bareExtremes(requestText).length > 0 ||
      (asked && AVERAGE.test(asked)) ||
      (superlatives(frame.request).length > 0 &&
        !!asked &&
        (superlatives(asked).length > 0 || /\b(?:its|it|their|they|that one|this one)\b/i.test(asked)))
        ? null
        : likeness(conditionPair(requestText, candidates, reads));
  // "… and what fraction of global manufacturing spend is that": the part worked out just before.
  if (!pair && operation === "share") {
    const cue = derivationCue("share");
    const clauses = clausesOf(requestText).filter((c) => cue?.test(c));
    pair = upstreamSharePair(clauses, candidates, derived, reads, requestText);
  }
  if (!pair && operation === "share") pair = nestedPickPair(frame.request, candidates, reads);
  if (!pair && operation !== "percent_change") pair = superlativePair(frame.request, reads);
  if (!pair && operation === "share") pair = sharePair(requestText, frame, candidates, derived);
  if (!pair && operation === "share") pair = shareOfTotalPair(requestText, frame, candidates);
  // The whole the share is asked of has no figure to pair with yet: said so (a search for it comes
  // next), never a share of something else.
  const missing = !pair && operation === "share" ? missingSide(requestText, frame, candidates) : null;
  if (missing) return none(`no figure found for ${missing}`);
  // The list that measures what is asked lacks a compared item: its figure is searched for, never
  // replaced by another measure both items have.
  if (!pair && (operation === "difference" || operation === "ratio")) {
    const lacking = measureLacks(requestText, frame, candidates, reads);
    if (lacking) return none(`no figure found for ${lacking}`);
  }
  if (!pair && (operation === "difference" || operation === "ratio" || operation === "sum")) {
    pair = likeness(
      measurePair(requestText, frame, candidates, reads, false, derivationClause(requestText, operation)) ??
        (operation === "sum" ? null : fromTable),
    );
  }
  // The grammar's choice stands unless another pair fits the request's words clearly better.
  if (
    (!pair || byLikeness) &&
    (operation === "difference" ||
      operation === "ratio" ||
      operation === "percent_change" ||
      operation === "sum")
  )
    pair = fittest(pair, candidates, requestText, asked);
  pair ??= similarPair(candidates, wanted);
  if (!pair) return none("no two comparable figures among those found");
  let [a, b] = pair;
  if ((operation === "difference" || operation === "ratio") && a.q.amount < b.q.amount) [a, b] = [b, a];
  // The same comparison asked of each of several measures: one row per measure.
  const perMeasure = measureRows(operation, [a, b], candidates, requestText, reads, frame.subject);
  if (perMeasure) return perMeasure;
  if (operation === "share" && a.q.amount > b.q.amount) [a, b] = [b, a];
  const join =
    { difference: "vs", ratio: "to", percent_change: "→", share: "of", sum: "+" }[operation as string] ?? "/";
  return {
    label: `${operationName(operation)}: ${a.label} ${join} ${b.label}`,
    operation,
    inputs: [input(a), input(b)],
  };
}
