import { abbreviates, isAcronym } from "../../language/abbreviations";
import { boundsIn, countIn } from "../../language/counts";
import { clausesOf } from "../../language/english";
import { superlatives } from "../../language/superlatives";
import { parseQuantity } from "../../tools/calculate";
import { splitSentences } from "../../tools/sentences";
import { baseOf, type Change, growthPair, growthRates } from "./derive-growth";
import type { CalculationPlan } from "./derive-inputs";
import { pickOf } from "./direct-answer";
import type { ResearchFrame } from "./frame";
import { parseGoalOptions } from "./goal-options";
import { parseGoalTerms } from "./goal-terms";
import { type Figure as Candidate, firstOf, figureInput as input, isMoney, lineupsOf } from "./lineups";
import { asksRate, PREMIUM_ADDED, PROJECT, RATE_WORDS } from "./rate-asked";
import { matchTerms, mentions } from "./text";
import type { ReadDoc } from "./upstream";

/** Words that make a figure the whole market's: "the global figure", "the overall market", 全球. */
const WHOLE = /\b(?:global|overall|worldwide|total|whole)\b|全球|整体|总体/iu;

/** A discount, named or as what comes off ("12% off list"). */
const DISCOUNT = /discount|\d\s*%\s+off\b|\boff\s+(?:the\s+)?list\b|折扣|优惠/iu;
const MARKUP = new RegExp(`mark-?up|surcharge|加价|${PREMIUM_ADDED.source}`, "iu");
const TOP = /\b(?:top|high|upper|max(?:imum)?)\s+(?:end|of)\b|最高|上限|顶格/iu;
const BOTTOM = /\b(?:bottom|low|lower|min(?:imum)?)\s+(?:end|of)\b|最低|下限/iu;
const PERCENT = /(-?\d+(?:\.\d+)?)\s*%/gu;
const RANGE = /(\d+(?:\.\d+)?)\s*%?\s*(?:-|–|to|至|到)\s*(\d+(?:\.\d+)?)\s*%/u;

/**
 * An amount changed by a rate: a price after a volume discount or a reseller's markup, a market
 * projected at its growth rate. The request says which change (a discount lowers, a markup or
 * growth raises) and asks for the result; the rate is the one the requester gave, else the one a
 * document states beside the change's own word ("a 15% volume discount", "加价 10% 至 15%" — a
 * range's top or bottom end as the request says), else, for growth, the item's growth rate or CAGR;
 * the amount is the item's own figure (its list price; its market size in the rate's base year);
 * growth compounds once per year up to the year the request names. "That premium" points back at a
 * gap the request asks; it is no rate to apply.
 */
export function planRate(
  frame: ResearchFrame,
  candidates: readonly Candidate[],
  reads: readonly ReadDoc[],
  requestText: string,
  supplied: readonly string[],
  /** The item, when the plan projects each named item on its own. */
  subject?: string,
): CalculationPlan {
  const none = (why: string): CalculationPlan => ({
    label: `Rate applied: ${why}`,
    operation: "apply_rate",
    inputs: [],
  });
  const change: Change = DISCOUNT.test(requestText)
    ? "discount"
    : MARKUP.test(requestText)
      ? "markup"
      : "growth";
  // Growth of the whole ("if the global figure compounds at …") is the market's, not an item's named later.
  const cue = clausesOf(requestText).find((c) => RATE_WORDS.test(c) || PROJECT.test(c)) ?? "";
  // The clause that asks the growth names its own item, or the market itself ("if the specialty
  // coffee market keeps growing …"): an item named in another clause is no part of it.
  const cueItem = change === "growth" && cue ? itemOf(frame, cue, [], reads, null) : null;
  const whole =
    change === "growth" &&
    (WHOLE.test(cue) || (!cueItem && /\b(?:market|industry|sector)\b|市场|行业/iu.test(cue)));
  const item =
    subject ??
    (whole
      ? null
      : (cueItem ??
        itemOf(
          frame,
          requestText,
          supplied,
          reads,
          change === "growth" ? null : change === "discount" ? DISCOUNT : MARKUP,
        )));
  // The rate asked at several values ("加价 10% 和 15% 分别算", "at a 10% and a 15% markup"): one row each.
  const several = change === "growth" ? [] : alternativeRates(change, [...supplied, requestText]);
  if (several.length >= 2) {
    const base = baseOf(change, candidates, item, requestText);
    if (base) {
      const sign = change === "discount" ? "-" : "";
      const rows = several.map((pct) => ({
        label: `${base.label} with a ${pct}% ${change}`,
        inputs: [input(base), { label: `${change} (asked)`, value: `${sign}${pct}%` }],
      }));
      return { label: `${base.label} with each ${change} asked`, operation: "apply_rate", inputs: [], rows };
    }
  }
  // "Apply our discount to the list price of each of the four vendors": every item's price, one row each.
  // (Asked in the sentence that names the change: "… with its discount vs Quillon. Price for each" is one item's.)
  const changeWord = change === "discount" ? DISCOUNT : MARKUP;
  if (
    change !== "growth" &&
    !subject &&
    splitSentences(requestText).some((x) => EACH.test(x) && changeWord.test(x))
  ) {
    const each = eachAdjusted(change, candidates, requestText, supplied, reads);
    if (each) return each;
  }
  // "each region's own CAGR, and the 2030 size that implies": every item of the amounts' lineup that
  // has a growth rate of its own, one row each.
  if (change === "growth" && !subject && !whole && EACH.test(cue || requestText)) {
    const each = eachProjected(candidates, requestText, reads);
    if (each) return each;
  }
  const { base, rate } =
    change === "growth"
      ? growthPair(
          candidates,
          item,
          whole && cue ? cue : requestText,
          reads,
          whole,
          yearProjectedTo(requestText),
        )
      : {
          base: baseOf(change, candidates, item, requestText, whole),
          rate: statedRate(change, item, requestText, supplied, reads),
        };
  if (!rate) return none(`no ${change} rate ${item ? `for ${item} ` : ""}found`);
  if (!base) return none(`no amount ${item ? `of ${item} ` : ""}to apply the ${change} to`);
  const inputs = [input(base), rate];
  if (change === "growth") {
    const from = Number(/\b((?:19|20)\d\d)\b/.exec(base.label)?.[1] ?? Number.NaN);
    const to = yearProjectedTo(requestText);
    const years = to - from;
    if (!Number.isFinite(years) || years < 1) return none(`no year after ${base.label} to project to`);
    // The periods are given even when one: a projection is a figure of another year, not an adjusted one.
    inputs.push({ label: `years from ${from} to ${to}`, value: String(years) });
  }
  return {
    label: `${base.label} with ${rate.label}`,
    operation: "apply_rate",
    inputs,
  };
}

/**
 * The year growth is projected to: the latest the sentence asking the projection names ("if premiums
 * keep growing at the forecast rate, how big is the market in 2027? And what do they say for 2030?"
 * projects to 2027), else the latest the request names.
 */
function yearProjectedTo(request: string): number {
  const years = (text: string) => {
    // A span ("the 2025-2030 CAGR", "2025–30") is the period a rate is stated over, not the year
    // asked: "project both to 2028" with each one's "2025-2030 CAGR" projects to 2028.
    const asked = text.replace(
      /\b(?:19|20)\d\d\s*(?:-|–|—|to)\s*(?:(?:19|20)\d\d|\d\d)\b(?=\s+(?:cagr|growth|rate|forecast|compound))/giu,
      " ",
    );
    const found = [...asked.matchAll(/\b((?:19|20)\d\d)\b/g)].map((m) => Number(m[1]));
    return found.length > 0 ? found : [...text.matchAll(/\b((?:19|20)\d\d)\b/g)].map((m) => Number(m[1]));
  };
  const sentences = splitSentences(request);
  const at = sentences.findIndex((x) => asksRate(x));
  // (A projection asked in one sentence and dated in the next: "If that rate holds? Where is it by 2030?")
  const own = at < 0 ? [] : years(sentences[at] as string);
  const next = at < 0 ? [] : years(sentences[at + 1] ?? "");
  return Math.max(...(own.length > 0 ? own : next.length > 0 ? next : years(request)));
}

/** Every one of several items: "each region's own CAGR", "project both", "all four regions", 各自 — not every unit ("every seat"). */
const EACH =
  /\bboth\b|\b(?:each|every)\b(?!\s+(?:seat|user|tech|technician|person|head|licen[cs]e|month|year|day|unit|hour)s?\b)|\ball\s+(?:the\s+)?(?:\w+\s+)?(?:regions|countries|segments|markets|vendors)\b|各自|分别|各个/iu;

/** One projection per item of a lineup of amounts whose items each have their own growth rate. */
function eachProjected(
  candidates: readonly Candidate[],
  requestText: string,
  reads: readonly ReadDoc[],
): CalculationPlan | null {
  const to = yearProjectedTo(requestText);
  if (!Number.isFinite(to)) return null;
  const amounts = candidates.filter((c) => c.q.suffix !== "%" && isMoney(c) && !/forecast/i.test(c.label));
  let best: NonNullable<CalculationPlan["rows"]> = [];
  for (const lineup of lineupsOf(amounts)) {
    const rows: NonNullable<CalculationPlan["rows"]> = [];
    for (const [item, base] of lineup.items) {
      const rate = growthRates(candidates, item, requestText, reads)[0];
      const from = Number(/\b((?:19|20)\d\d)\b/.exec(base.label)?.[1] ?? Number.NaN);
      if (!rate || !mentions(rate.label, firstOf(item)) || !(to - from >= 1)) continue;
      rows.push({
        label: `${base.label} with ${rate.label}`,
        inputs: [
          input(base),
          input(rate),
          { label: `years from ${from} to ${to}`, value: String(to - from) },
        ],
      });
    }
    if (rows.length > best.length) best = rows;
  }
  if (best.length < 2) return null;
  return {
    label: `Each projected to ${to} at its own rate`,
    operation: "apply_rate",
    inputs: [],
    rows: best,
  };
}

/** One rate applied to every item of a lineup of prices ("the list price of each of the four vendors"). */
function eachAdjusted(
  change: Exclude<Change, "growth">,
  candidates: readonly Candidate[],
  requestText: string,
  supplied: readonly string[],
  reads: readonly ReadDoc[],
): CalculationPlan | null {
  const rate = statedRate(change, null, requestText, supplied, reads);
  if (!rate || !/\d/.test(rate.value)) return null;
  const wanted = matchTerms(requestText);
  const prices = candidates.filter((c) => c.q.suffix !== "%" && isMoney(c));
  const best = lineupsOf(prices)
    .filter((l) => l.items.size >= 2)
    .map((l) => ({ l, fit: [...matchTerms(l.shared)].filter((t) => wanted.has(t)).length }))
    .sort((a, b) => b.fit - a.fit || b.l.items.size - a.l.items.size)[0];
  if (!best || best.fit === 0) return null;
  const rows = [...best.l.items].map(([, price]) => ({
    label: `${price.label} with ${rate.label}`,
    inputs: [input(price), rate],
  }));
  return { label: `Each ${best.l.shared} with ${rate.label}`, operation: "apply_rate", inputs: [], rows };
}

/** The item changed: one a person or the request names, else the one a superlative picks. */
function itemOf(
  frame: ResearchFrame,
  request: string,
  supplied: readonly string[],
  reads: readonly ReadDoc[],
  /** The word asking a change of one item's figure ("discount"): the name said last before it owns it. */
  changeWord: RegExp | null = null,
): string | null {
  const subject = frame.subject ? matchTerms(frame.subject) : new Set<string>();
  // A name the documents list figures under ("Nordvale Atlas" → "Nordvale Systems list price"), not
  // a measure's abbreviation ("TCO") or a source ("Halden").
  const labels = reads.flatMap((d) => d.figures.map((f) => f.name));
  // Inside a label ("Project X Europe market size 2025") a name counts too, but not an acronym,
  // which names a measure there ("… CAGR 2025-2030").
  const listed = (n: string) =>
    labels.some((l) =>
      new RegExp(
        `${/^\p{Lu}[\p{Lu}\d-]*$/u.test(firstOf(n)) ? "^" : "(?:^|\\s)"}${firstOf(n).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`,
        "iu",
      ).test(l),
    );
  // "Fernbrook FieldMate (with whatever volume discount they give) against Quillon Scout": the
  // change is the item's named last before its word, in the same sentence.
  const at = changeWord
    ? new RegExp(changeWord.source, changeWord.flags.replace("g", "")).exec(request)
    : null;
  if (at) {
    const start = Math.max(
      0,
      ...[...request.slice(0, at.index).matchAll(/[.?!。？！]\s/gu)].map((m) => m.index + 1),
    );
    const before = request.slice(start, at.index);
    const owner = parseGoalTerms(parseGoalOptions(request).rest)
      .names.filter((n) => listed(n) && before.includes(firstOf(n)))
      .sort((a, b) => before.lastIndexOf(firstOf(b)) - before.lastIndexOf(firstOf(a)))[0];
    if (owner) return owner;
  }
  for (const text of [...supplied, request]) {
    const names = parseGoalTerms(parseGoalOptions(text).rest).names.filter(
      (n) => ![...matchTerms(n)].every((t) => subject.has(t)) && listed(n),
    );
    if (names[0]) return names[0];
  }
  for (const s of superlatives(frame.request)) {
    const picked = pickOf(s, reads);
    if (picked) return picked;
  }
  // The request's initialism ("APAC"), written out by the clarifier ("Asia-Pacific CAGR").
  const topics = [...(frame.entities ?? []), ...(frame.facets ?? []).flatMap((f) => f.names)];
  const initialisms = [...request.matchAll(/(?<![\p{L}\d])\p{Lu}{2,5}(?![\p{L}\d])/gu)].map((m) => m[0]);
  const spelled = topics
    .flatMap((t) => parseGoalTerms(t).names)
    .find(
      (n) =>
        ![...matchTerms(n)].every((t) => subject.has(t)) &&
        listed(n) &&
        !mentions(request, firstOf(n)) &&
        initialisms.some((a) => a[0] === firstOf(n)[0]?.toUpperCase()),
    );
  if (spelled) return spelled;
  // Or an item the documents list figures for that the initialism clips ("APAC" → "Asia-Pacific").
  const figures = reads.flatMap((d) =>
    d.figures.flatMap((f) => {
      const q = parseQuantity(f.value);
      return q ? [{ label: f.name, value: f.value, q }] : [];
    }),
  );
  const clipped = lineupsOf(figures)
    .flatMap((l) => [...l.items.keys()])
    .find((n) => initialisms.some((a) => !isAcronym(n) && abbreviates(a, n)));
  return clipped ?? null;
}

/** Percentages joined as alternatives: "10% and 15%", "10%、15% 和 20%" — not a range ("10% 至 15%"). */
const ALTERNATIVES = /\d+(?:\.\d+)?\s*%(?:\s*(?:,|、|，|and|or|和|或|及)\s*(?:an?\s+)?\d+(?:\.\d+)?\s*%)+/giu;

/** The values a change is asked at, when a text with the change's word gives several as alternatives. */
function alternativeRates(change: Exclude<Change, "growth">, texts: readonly string[]): string[] {
  const word = change === "discount" ? DISCOUNT : MARKUP;
  for (const text of texts) {
    if (!word.test(text)) continue;
    for (const m of text.matchAll(ALTERNATIVES)) {
      const values = [...new Set([...m[0].matchAll(/(\d+(?:\.\d+)?)\s*%/gu)].map((v) => v[1] as string))];
      if (values.length >= 2) return values.slice(0, MAX_RATES);
    }
  }
  return [];
}

/** Values of one rate a calculation works out at most. */
const MAX_RATES = 4;

/** The rate a person gave, or the one a document states beside the change's word (an item's own first). */
function statedRate(
  change: Exclude<Change, "growth">,
  item: string | null,
  request: string,
  supplied: readonly string[],
  reads: readonly ReadDoc[],
): { label: string; value: string; docId?: string } | null {
  const word = change === "discount" ? DISCOUNT : MARKUP;
  const sign = change === "discount" ? "-" : "";
  for (const text of [...supplied, request]) {
    const pct = word.test(text) ? [...text.matchAll(PERCENT)][0]?.[1] : undefined;
    if (pct) return { label: `${change} (supplied)`, value: `${sign}${pct.replace(/^-/, "")}%` };
  }
  let best: { value: string; docId: string; score: number } | null = null;
  // A rate a document sets for a size ("15% for deployments above 500 seats") applies only when the
  // request's count meets it; one that does not is kept to say so.
  const count = countIn(request)?.amount;
  let unmet: { bound: string; docId: string } | null = null;
  for (const doc of reads) {
    for (const sentence of splitSentences(doc.text)) {
      if (!word.test(sentence)) continue;
      const miss =
        count === undefined
          ? undefined
          : boundsIn(sentence).find((b) => (b.lower ? count < b.amount : count > b.amount));
      if (miss) {
        if (!unmet || (item && mentions(sentence, firstOf(item))))
          unmet = { bound: `${miss.lower ? "from" : "up to"} ${miss.amount}`, docId: doc.docId };
        continue;
      }
      const range = RANGE.exec(sentence);
      const all = [...sentence.matchAll(PERCENT)].map((m) => Number(m[1]));
      if (all.length === 0) continue;
      const low = range ? Number(range[1]) : all[0];
      const high = range ? Number(range[2]) : all[0];
      const pct = BOTTOM.test(request) ? low : TOP.test(request) ? high : range ? null : all[0];
      if (pct === null || pct === undefined) continue;
      const score =
        (item && mentions(sentence, firstOf(item)) ? 2 : 0) +
        (range && (TOP.test(request) || BOTTOM.test(request)) ? 1 : 0);
      if (!best || score > best.score) best = { value: `${sign}${pct}%`, docId: doc.docId, score };
    }
  }
  const who = item ? `${firstOf(item)} ` : "";
  if (!best && unmet && count !== undefined)
    return {
      label: `${who}${change} (applies ${unmet.bound}; not at ${count})`,
      value: "0%",
      docId: unmet.docId,
    };
  return best && { label: `${who}${change}`, value: best.value, docId: best.docId };
}
