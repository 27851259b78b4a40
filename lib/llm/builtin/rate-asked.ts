import { splitSentences } from "../../tools/sentences";

/**
 * Whether a request asks an amount changed by a rate: a discount or a markup applied, a market
 * projected at its growth rate ("if that rate holds", "where does the CAGR take Europe by 2030").
 */
export const RATE_WORDS =
  /\bapply(?:ing)?\s+(?:the|a|an|our|their|its|this|that)\s+(?:[\p{L}-]+\s+){0,3}?(?:discount|markup|mark-up|surcharge)\b|\b(?:(?<!\b(?:that|this)\s+)(?:markup|mark-up|surcharge)|(?:volume|bulk|seat|quantity)\s+discount|got\s+(?:its|the|a)\s+discount|(?:if|assuming|supposing|provided)\b[^.?!;]{0,50}?\b(?:rate|growth|pace|CAGR|trend)\s+(?:holds|continues|persists|stays|keeps\s+up|is\s+sustained)|keeps?\s+(?:growing|rising|expanding|compounding)|at\s+(?:that|this|the same)\s+(?:rate|pace)|where\s+(?:does|would)\s+that\s+put|(?:compound(?:s|ed|ing)?|grows?|growing)\s+at\s+\S+|at\s+(?:(?:its|their|that|this|the|each)\s+)?(?:[\p{L}\d'’-]+\s+){0,3}(?:CAGRs?|growth\s+rates?|annual\s+growth))\b|加价|折扣|按(?:同样|相同|这个|此|该|目前|现在)?的?(?:增速|增长率|增长速度)|照此|推算/iu;
/**
 * A premium charged on top ("a 10% premium", "premium of 12%", "add their premium"): a markup. A
 * premium alone is what an insurance policy costs, no rate to apply.
 */
export const PREMIUM_ADDED =
  /\b(?:add(?:ing|s)?|apply(?:ing)?|charg(?:e|es|ing))\s+(?:a|an|the|our|their|its)?\s*(?:[\p{L}%.-]+\s+){0,2}premium\b|\d\s*%\s+premium\b|\bpremium\s+of\s+\d/iu;
/** "project the 2026 market size", "Project Europe forward to 2030": the verb, never a product named with a letter ("Project X", "project x"). */
export const PROJECT =
  /\b(?:project(?:s|ed|ion)?|Project(?:s|ed|ion)?)\b(?!\s+(?![aA]\s)\p{L}(?![\p{L}\d]))[^.?!]{0,80}\b(?:19|20)\d\d/u;

/**
 * "what size that implies for the region by 2030", "how big will Asia-Pacific be in 2030", "where
 * does the CAGR take Europe by 2030", when a growth rate is named: growth projected.
 */
const IMPLIED_LATER =
  /\b(?:takes?|taking|puts?|putting|brings?|bringing|gets?|getting|pushe?s?|pushing|lifts?|lifting)\b[^.?!]{0,60}\b(?:by|to)\s+(?:19|20)\d\d\b|\bimpl(?:y|ies|ied)\b[^.?!]{0,60}\b(?:by|in|for)\s+(?:19|20)\d\d\b|\b(?:19|20)\d\d\s+(?:size|market|value|figure|revenue)s?\s+(?:that\s+|this\s+|it\s+)?impl(?:y|ies|ied)\b|\b(?:will|would|could)\b[^.?!]{0,60}\b(?:be|reach|grow\s+to|stand\s+at)\b[^.?!]{0,30}\b(?:by|in)\s+(?:19|20)\d\d\b/iu;
const GROWTH_NAMED = /\b(?:CAGR|growth\s+rate|annual\s+growth|grow(?:s|ing|th)?)\b|增速|增长率/iu;

export const asksRate = (text: string): boolean =>
  RATE_WORDS.test(text) ||
  PREMIUM_ADDED.test(text) ||
  PROJECT.test(text) ||
  (GROWTH_NAMED.test(text) && splitSentences(text).some(asksLater));

/** A claim reported ("their CEO keeps saying it will be a $45bn market by 2030") is no projection asked. */
const REPORTED =
  /\b(?:says?|said|saying|claims?|claimed|claiming|insists?|insisting|predicts?|predicted|argues?|arguing)\b/i;

function asksLater(sentence: string): boolean {
  const m = IMPLIED_LATER.exec(sentence);
  return !!m && !REPORTED.test(sentence.slice(0, m.index));
}
