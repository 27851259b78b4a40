import { countIn } from "../../language/counts";
import { requestedSpan, statedSpan } from "../../language/horizon";
import type { CalculationPlan } from "./derive-inputs";
import { spanByTotal, spanFactor } from "./derive-total";
import { resultOf } from "./derive-upstream";
import { parseGoalOptions } from "./goal-options";
import { type Figure as Candidate, figureInput as input } from "./lineups";
import type { Derivation } from "./upstream";

/**
 * What a change in one price saves (or costs) a whole fleet over a span: "Quillon cut Scout's price
 * … how much would a 50-tech crew save per year vs the launch price" is the price before less the
 * price after, per technician per month, × 50 technicians × 12 months. The two sides are one item's
 * price in two states (before and after the change the text states), not two items' prices: the
 * gap comes first, per unit, then its total.
 */
export const GAP_OF_CHANGE = "gap of a change";
export const OF_GAP = "total of the gap";

/** Words that say one price changed, or name its earlier state: "cut Scout's price", "the launch price", 降价, 原价. */
const PRICE_CHANGED =
  /\b(?:cut|cuts|slashed|lowered|raised|hiked|dropped|reduced|increased)\b[^.?!]{0,40}\bprice|\bprice\s+(?:cut|drop|hike|increase|reduction|change)|\b(?:original|launch|old|previous|former|pre-cut|earlier|initial)\s+(?:list\s+)?price|降价|涨价|提价|调价|原价|原来的价格/iu;

/** A comparison with a named item: "than Quillon", "vs Fernbrook", "compared with Nordvale", 比 Fernbrook. */
const AGAINST_NAME =
  /\b(?:than|vs\.?|versus|over|compared\s+(?:with|to)|against)\s+(?:the\s+)?\p{Lu}[\p{L}\d-]+|比\s*[A-Za-z]/u;

/**
 * The sentence that asks what a change in one price comes to: a saving (or cost) asked beside words
 * of one price changing, comparing no named item in that sentence; the rest of the request may
 * compare items on its own ("…, and how does their new bill compare with Fernbrook at list").
 */
export function gapOfChangeSentence(request: string): string | null {
  if (countIn(request) === null || (spanByTotal(request) ?? requestedSpan(request)) === null) return null;
  const sentences = request.split(/(?<=[.?!。？！])\s*|\n/u).filter((x) => x.trim());
  for (const sentence of sentences) {
    const clauses = sentence.split(/,\s*(?:and\s+)?|;\s*|，|；/u);
    // A clause asks it, or the sentence does when its clauses split the change from the saving.
    const asking = [...clauses, sentence].find(
      (c) =>
        parseGoalOptions(c).derived.includes("difference") && PRICE_CHANGED.test(c) && !AGAINST_NAME.test(c),
    );
    if (asking) return asking;
  }
  // The change named in one sentence and the saving asked in the next ("降价前后的标价各是多少？…按新价
  // 一年能省多少美元？"): the whole request, comparing no named item anywhere.
  const whole = parseGoalOptions(request).derived.includes("difference") && PRICE_CHANGED.test(request);
  return whole && !AGAINST_NAME.test(request) ? request : null;
}

/** The request asks what a change in one price comes to for a count of units over a span. */
export const gapOfChangeTotalled = (request: string): boolean => gapOfChangeSentence(request) !== null;

/** "per technician per year", "each": the saving asked per unit, so no count multiplies it. */
const PER_UNIT_ASKED =
  /\bper\s+(?:tech(?:nician)?s?|seat|user|head|person|unit|licen[cs]e)\b|\beach\b|每(?:名|位|个)/iu;

/** The per-unit gap worked out upstream, × the count the request gives × the span it asks over. */
export function planGapTotal(derived: readonly Derivation[], request: string): CalculationPlan {
  const none = (why: string): CalculationPlan => ({
    label: `Total: ${why}`,
    operation: "product",
    inputs: [],
  });
  const gap = [...derived].reverse().find((d) => d.operation === "difference" && !d.rows);
  const result = gap ? resultOf(gap) : null;
  if (!gap || !result) return none("no gap per unit worked out to total");
  const perUnit: Candidate = {
    label: gap.label.replace(/^Gap:\s*/, "Gap per unit: "),
    ...result,
    docId: gap.docIds[0],
  };
  // The sentence asking says per what: "save per technician per year" takes no count.
  const asked = gapOfChangeSentence(request) ?? request;
  const count = PER_UNIT_ASKED.test(asked) ? null : countIn(request);
  const span = statedSpan(perUnit.label, perUnit.value);
  if (!span?.rate) return none("the gap is no amount per unit");
  const factor = spanFactor(
    span,
    spanByTotal(asked) ?? requestedSpan(asked) ?? spanByTotal(request) ?? requestedSpan(request),
  );
  if (!count && !factor) return none("the request gives no count or span to multiply");
  const inputs = [input(perUnit), ...(count ? [{ label: count.label, value: count.label }] : [])];
  if (factor) inputs.push({ label: factor, value: factor });
  return {
    label: [perUnit.label, count?.label, factor].filter(Boolean).join(" × "),
    operation: "product",
    inputs,
  };
}

/** The calculation task's subject for a total at the price as listed, beside the adjusted one. */
export const AS_LISTED = "as listed";

/** The price as listed: "at list (price)", "undiscounted", "before the discount", 按标价, 原价. */
const LISTED =
  /\b(?:at|on)\s+(?:the\s+)?(?:full\s+)?(?:list|sticker|full)(?:\s+price)?\b|\bundiscounted\b|\bbefore\s+(?:the\s+|any\s+|its\s+)?discount\b|按标价|标价下|原价|不打折/iu;
/** What adjusts a listed price: a discount, a markup, an add-on. */
const ADJUSTED = /\bdiscount|\bmark-?up|\bsurcharge|\badd-?\s?on|折扣|优惠|加价/iu;
/**
 * Words that set one state beside another: "at list and after its discount", "…, and once the
 * discount", a comma opening another question ("at list, how much does the discount take off"). A
 * comma alone qualifies: "at list price, including the discount".
 */
const BESIDE = /[,，]\s*(?:how|what|which|where)\b|\b(?:and|or|vs\.?|versus|then|compared)\b|以及|和|与|再/u;

/**
 * The total asked both at the price as listed and as adjusted: "what would Fernbrook cost at list and
 * after its volume discount", "the annual bill at list price, and what do we pay once the volume
 * discount kicks in". "At list price with their volume discount" asks one, the adjusted.
 */
export function totalAsListedToo(request: string): boolean {
  for (const sentence of request.split(/(?<=[.?!。？！])\s*/u)) {
    const listed = LISTED.exec(sentence);
    const adjusted = ADJUSTED.exec(sentence);
    if (!listed || !adjusted) continue;
    const [from, to] =
      listed.index < adjusted.index
        ? [listed.index + listed[0].length, adjusted.index]
        : [adjusted.index + adjusted[0].length, listed.index];
    if (BESIDE.test(sentence.slice(from, to))) return true;
  }
  return false;
}
