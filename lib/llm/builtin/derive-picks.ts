import { requestedSpan } from "../../language/horizon";
import { bareExtremes, superlatives } from "../../language/superlatives";
import { parseQuantity } from "../../tools/calculate";
import { splitSentences } from "../../tools/sentences";
import type { CalculationPlan } from "./derive-inputs";
import { lineup, pickOf } from "./direct-answer";
import type { ResearchFrame } from "./frame";
import { parseGoalOptions } from "./goal-options";
import { parseGoalTerms } from "./goal-terms";
import { type Figure as Candidate, firstOf, figureInput as input, type Lineup, lineupsOf } from "./lineups";
import { figureInProse, kindOf } from "./prose-figures";
import { matchTerms, mentions, overlap } from "./text";
import type { ReadDoc } from "./upstream";
import { valuesIn } from "./values";

/** The sides of a calculation an item picked or named decides: a superlative's pick, two nested picks, one item in two states. */

/**
 * "Which has the lowest loop incidence, and how does it compare with Cortexa?": the item picked by
 * the superlative against the item the request names (the runner-up when it names none).
 */
export function superlativePair(request: string, reads: readonly ReadDoc[]): [Candidate, Candidate] | null {
  for (const s of superlatives(request)) {
    const items = lineup(s, reads);
    const [best, ...rest] = items;
    if (!best || rest.length === 0) continue;
    // The other side: an item another superlative of the request picked ("which one did developers
    // rate most satisfying … how far it trails the highest-scoring"), one it names, or the runner-up.
    const picked = superlatives(request)
      .filter((o) => o !== s && o.measure !== s.measure)
      .map((o) => pickOf(o, reads))
      .filter((p): p is string => !!p);
    // "between the most and least expensive": the other end of the same lineup.
    // So does the other end named bare ("how far ahead of the weakest one is it").
    const opposite =
      superlatives(request).some((o) => o.measure === s.measure && o.direction !== s.direction) ||
      bareExtremes(request).includes(s.direction === "max" ? "min" : "max");
    const named =
      (opposite ? rest.at(-1) : undefined) ??
      rest.find((c) => picked.some((p) => mentions(c.item, firstOf(p)))) ??
      rest.find((c) => mentions(request, c.item)) ??
      (rest[0] as (typeof rest)[number]);
    const as = (c: typeof best): Candidate | null => {
      const q = parseQuantity(c.value);
      return q ? { label: `${c.item} ${s.measure}`, value: c.value, docId: c.docId, q } : null;
    };
    const a = as(best);
    const b = as(named);
    if (a && b) return [a, b];
  }
  return null;
}

/**
 * "How much does switching on retries improve Relaywright's recovery rate?": one item the request
 * names, in two states. Its listed figure on the measure is one side; the other is a value of the
 * same kind in a sentence naming the item and the words of the request that neither the item nor
 * the measure explain ("With retries enabled, Relaywright reached 71%").
 */
export function conditionPair(
  request: string,
  all: readonly Candidate[],
  reads: readonly ReadDoc[],
): [Candidate, Candidate] | null {
  const names = parseGoalTerms(parseGoalOptions(request).rest).names;
  const asked = matchTerms(request);
  let best: { pair: [Candidate, Candidate]; score: number } | null = null;
  for (const l of lineupsOf(all)) {
    // A list on which the request names exactly one item.
    const named = [...l.items.keys()].filter((item) => names.some((n) => mentions(item, firstOf(n))));
    if (named.length !== 1) continue;
    const item = named[0] as string;
    const key = firstOf(item);
    const listed = l.items.get(item);
    if (!listed) continue;
    const measure = matchTerms(l.shared);
    const fit = overlap(measure, asked);
    if (fit === 0) continue;
    const condition = new Set(
      [...asked].filter(
        (t) => !measure.has(t) && !matchTerms(item).has(t) && !names.some((n) => matchTerms(n).has(t)),
      ),
    );
    for (const doc of reads) {
      for (const sentence of splitSentences(doc.text)) {
        if (!mentions(sentence, key)) continue;
        const terms = matchTerms(sentence);
        const shared = [...condition].filter((t) => terms.has(t)).length;
        if (shared === 0) continue;
        for (const value of valuesIn(sentence)) {
          const q = parseQuantity(value);
          if (!q || kindOf(q) !== kindOf(listed.q) || q.amount === listed.q.amount) continue;
          const words = [...condition].filter((t) => terms.has(t)).join(", ");
          const other: Candidate = { label: `${item} ${l.shared} (${words})`, value, docId: doc.docId, q };
          // The list whose measure the request names best, then the sentence sharing most of its condition.
          const score = fit * 100 + shared;
          if (!best || score > best.score) best = { pair: [listed, other], score };
        }
      }
    }
  }
  return best?.pair ?? null;
}

/**
 * "Which region grows fastest? Within that region, name the biggest country market and its share
 * of the regional total": two picks in a row, the second inside the first — the part is the later
 * pick's figure, the whole the earlier pick's figure (or, one pick only, a named item's) on the same
 * measure: the pair of one kind whose names share the most words, the part smaller.
 */
export function nestedPickPair(
  request: string,
  all: readonly Candidate[],
  reads: readonly ReadDoc[],
): [Candidate, Candidate] | null {
  const picks = superlatives(request)
    .map((s) => pickOf(s, reads))
    .filter((p): p is string => !!p);
  const inner = picks.at(-1);
  if (!inner) return null;
  // The whole: the pick before it, or (one pick) an item the request names ("Asia-Pacific's … which
  // APAC country is the largest market and what share of the regional total it is").
  const outers =
    picks.length >= 2
      ? [picks.at(-2) as string]
      : parseGoalTerms(parseGoalOptions(request).rest).names.filter((n) => !mentions(n, firstOf(inner)));
  let best: { pair: [Candidate, Candidate]; score: number } | null = null;
  for (const a of all.filter((c) => mentions(c.label, firstOf(inner)))) {
    const wholes = all.filter(
      (c) => outers.some((o) => mentions(c.label, firstOf(o))) && !mentions(c.label, firstOf(inner)),
    );
    for (const b of wholes) {
      if (kindOf(a.q) !== kindOf(b.q) || a.q.amount >= b.q.amount) continue;
      const score = overlap(matchTerms(a.label), matchTerms(b.label));
      if (!best || score > best.score) best = { pair: [a, b], score };
    }
  }
  return best && best.score >= 0.5 ? best.pair : null;
}

/** The asking clause sets something against an average. */
export const AVERAGE = /\b(?:average|avg|mean)\b|平均/i;

/** The stated average of a list's measure, when the asking clause sets something against it. */
export function averageOf(
  clause: string,
  all: readonly Candidate[],
  list: { kind: string; items: Map<string, Candidate> },
): Candidate | null {
  if (!AVERAGE.test(clause)) return null;
  const listed = new Set(list.items.values());
  return all.find((c) => AVERAGE.test(c.label) && kindOf(c.q) === list.kind && !listed.has(c)) ?? null;
}

/** Words that say a figure is the market's own, not a measure: never a measure's word. */
const MARKET_WORDS = matchTerms("market average avg mean overall industry typical");

/**
 * "the 3-yr total cost per technician for the vendor we shortlisted, and how far above or below the
 * market average is it": the item's figure on the measure against the market's — the figure on that
 * measure that names no item ("Project X three-year total cost per technician: USD 2,300"), its
 * words the request's most. The item's own figure is listed, or stated in prose ("Nordvale
 * Systems … comes to about USD 2,630").
 */
export function marketAveragePair(
  clause: string,
  request: string,
  frame: ResearchFrame,
  all: readonly Candidate[],
  reads: readonly ReadDoc[],
  /** What the requester supplied when asked ("We shortlisted Nordvale Systems"). */
  supplied: readonly string[] = [],
): [Candidate, Candidate] | null {
  if (!AVERAGE.test(clause)) return null;
  const subject = new Set(frame.subject ? matchTerms(frame.subject) : []);
  const notSubject = (n: string) => ![...matchTerms(n)].every((t) => subject.has(t));
  // The item: one the request compares or names, or — "the vendor we shortlisted" — the one the answer names.
  const names = [
    ...frame.entities,
    ...parseGoalTerms(parseGoalOptions(request).rest).names.filter(notSubject),
    // (An answer's name may have become the report's subject: it is the item all the same.)
    ...supplied.flatMap((line) => parseGoalTerms(line).names),
  ];
  const item = names[0];
  if (!item) return null;
  const found = marketFigure(request, frame, all, matchTerms(item));
  if (!found) return null;
  const { market, measureOf, subject: marketSubject } = found;
  const measure = measureOf(market).join(" ");
  // Shown in the market figure's own words, its subject's left out ("three-year total cost per technician").
  const shown = market.label
    .split(/\s+/)
    .filter((w) => !/^\p{Lu}/u.test(w) || !marketSubject.has([...matchTerms(w)][0] ?? ""))
    .join(" ");
  const listed = all.find(
    (c) =>
      mentions(c.label, firstOf(item)) &&
      kindOf(c.q) === kindOf(market.q) &&
      overlap(new Set(measureOf(market)), matchTerms(c.label)) >= 0.6,
  );
  if (listed) return [listed, market];
  const prose = figureInProse(item, { measure, others: [], kind: kindOf(market.q) }, reads);
  return prose
    ? [{ label: `${firstOf(item)} ${shown}`, value: prose.value, docId: prose.docId, q: prose.q }, market]
    : null;
}

/** "each one"/"every vendor" set against the market average: no one item, all of them. */
const EACH_ONE = /\b(?:each|every)\b|\ball\s+(?:of\s+)?(?:them|the\s+\w+)|各自|分别|每家|每个/iu;

/**
 * "Rank the four vendors by list price … and show how far each one sits above or below the market
 * average": every item listed on the market figure's measure against that figure, one row each.
 */
export function marketAverageRows(
  clause: string,
  request: string,
  all: readonly Candidate[],
): CalculationPlan | null {
  if (!AVERAGE.test(clause) || !EACH_ONE.test(clause)) return null;
  const wanted = matchTerms(request);
  let best = null as { lineup: Lineup<Candidate>; market: Candidate; fit: number } | null;
  for (const lineup of lineupsOf(all)) {
    if (lineup.items.size < 2) continue;
    const measure = [...matchTerms(lineup.shared)].filter((t) => !/^\d+$/.test(t));
    const fit = measure.filter((t) => wanted.has(t) && !MARKET_WORDS.has(t)).length;
    if (fit === 0) continue;
    const labels = new Set([...lineup.items.values()].map((c) => c.label));
    // The market's figure: the lineup's measure in its name, and a word saying it is the market's.
    const market = all.find((c) => {
      if (labels.has(c.label) || kindOf(c.q) !== lineup.kind) return false;
      const words = matchTerms(c.label);
      return (
        measure.every((t) => words.has(t)) &&
        [...words].some((t) => MARKET_WORDS.has(t) && !measure.includes(t))
      );
    });
    if (market && (!best || fit > best.fit)) best = { lineup, market, fit };
  }
  if (!best) return null;
  const { lineup, market } = best;
  const rows = [...lineup.items.values()].map((c) => ({ label: c.label, inputs: [input(c), input(market)] }));
  return { label: `Each against ${market.label}`, operation: "difference", inputs: [], rows };
}

/**
 * The market's figure on the measure the request asks: a figure of no item (its capitalised words
 * are the subject's, words most figures' names share), its measure's words the request's most.
 */
function marketFigure(
  request: string,
  frame: ResearchFrame,
  all: readonly Candidate[],
  own: ReadonlySet<string>,
): { market: Candidate; measureOf: (c: Candidate) => string[]; subject: Set<string> } | null {
  const subject = new Set(frame.subject ? matchTerms(frame.subject) : []);
  for (const t of own) subject.delete(t);
  const wanted = new Set(
    [...matchTerms(request)].filter((t) => !subject.has(t) && !own.has(t) && !MARKET_WORDS.has(t)),
  );
  // A figure of no item: its capitalised words, if any, are the subject's — words most figures'
  // names share ("Project X …"), whatever the frame took for its subject.
  const counts = new Map<string, number>();
  for (const c of all) for (const t of matchTerms(c.label)) counts.set(t, (counts.get(t) ?? 0) + 1);
  for (const [t, n] of counts) if (n > all.length / 3 && !own.has(t)) subject.add(t);
  const noItem = (label: string) =>
    (label.match(/\b\p{Lu}[\p{L}-]*/gu) ?? []).every(
      (w) => subject.has([...matchTerms(w)][0] ?? "") || /^\p{Lu}+$/u.test(w),
    );
  const measureOf = (c: Candidate) =>
    [...matchTerms(c.label.replace(/\b(?:19|20)\d\d\b/g, " "))].filter(
      (t) => !subject.has(t) && !MARKET_WORDS.has(t),
    );
  // A word asked shortened ("tech" for "technician") still asks it; a span asked another way
  // ("3-yr" for "three-year") is the same span.
  const askedSpan = requestedSpan(request);
  const asks = (t: string, label: string) =>
    wanted.has(t) ||
    [...wanted].some((w) => w.length >= 4 && t.startsWith(w)) ||
    (/^(?:one|two|three|four|five|year|month)$/.test(t) &&
      !!askedSpan &&
      requestedSpan(label)?.months === askedSpan.months);
  const measureFit = (c: Candidate) => {
    const m = measureOf(c);
    return m.length === 0 ? 0 : m.filter((t) => asks(t, c.label)).length / m.length;
  };
  const market = all
    .filter((c) => c.q.suffix !== "%" && noItem(c.label) && measureFit(c) >= 0.5)
    .sort((a, b) => measureFit(b) - measureFit(a))[0];
  return market ? { market, measureOf, subject } : null;
}
