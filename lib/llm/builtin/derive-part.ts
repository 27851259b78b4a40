import { isAcronym } from "../../language/abbreviations";
import { shareStatements } from "../../language/share-statements";
import { superlatives } from "../../language/superlatives";
import { parseQuantity } from "../../tools/calculate";
import { splitSentences } from "../../tools/sentences";
import type { CalculationPlan } from "./derive-inputs";
import { resultOf } from "./derive-upstream";
import { lineup } from "./direct-answer";
import type { ResearchFrame } from "./frame";
import { placesIn, termsOf } from "./gloss";
import { asksMoney, parseGoalOptions } from "./goal-options";
import { parseGoalTerms } from "./goal-terms";
import {
  type Figure as Candidate,
  firstOf,
  figureInput as input,
  isMoney,
  type Lineup,
  lineupsOf,
} from "./lineups";
import { isCjk, matchTerms, mentions } from "./text";
import type { Derivation, ReadDoc } from "./upstream";

/** The calculation task's subject for a part worked out from its share of a whole. */
export const PART_OF_WHOLE = "part of a whole";

/**
 * A part the documents give only as a share: "an estimate of Fernbrook's 2025 revenue" when they
 * state its 31% market share and a USD 4.2 billion market; "size North America from the regional
 * split" (a split or a breakdown gives shares); "the revenue of the fixed-logger segment" (a segment
 * is a part of its market); "roughly how many of the 300 tasks it completed" from a 77% success rate. The request asks an amount (an estimate, "how many", "apply
 * its share to …"); the part is an item it names or a superlative picks; the share is that item's
 * percentage; the whole is an amount of the same measure's family — the figure whose name shares
 * the most words with the share's, the item's own name and the year aside ("market share" and
 * "market size", "task success rate" and "task count") — stated for no single item.
 */
export const ASKS_PART =
  /\b(?:size|revenue|sales|spend(?:ing)?|value|worth)\b[^.?!]{0,80}?\bfrom\b[^.?!]{0,40}?\b(?:split|breakdown|mix|shares?)\b|\b(?:size|revenue|sales|spend(?:ing)?|value)\s+of\s+(?:the\s+)?[\p{L}\d-]+(?:\s+[\p{L}\d-]+){0,2}?\s+segment\b|\bapply(?:ing)?\b(?![^.?!]{0,60}?\b(?:discount|markup|mark-up|surcharge|rebate)\b)[^.?!]{0,60}\bto\b|\b(?:estimate[sd]?|roughly|approximate(?:ly)?|approx\.|implied|implies|imply|back-of-(?:the-)?envelope)\b[^.?!]{0,50}\b(?:revenue|sales|spend(?:ing)?|how many|how much|worth)\b|(?<![\d.])\d+(?:\.\d+)?\s*%\s+of\s+(?:the\s+|its\s+)?[\d$]|\b(?:revenue|sales|dollars?)\b[^.?!]{0,60}\b(?:holds?|keeps?|kept|held)\s+(?:its|their|that|the same)\s+(?:current\s+)?share\b|\bshares?\s*(?:x|×|\*|times)\s*(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:market|size|total|revenue)\b|\bshares?\s+(?:(?:turned|converted|translated|expressed)\s+)?(?:in|into|as)\s+(?:[\w-]+\s+){0,3}?(?:dollars?|usd|money|revenue)\b|(?:估算|估计|推算|大概|大约)[^。？！]{0,20}(?:收入|营收|销售额|支出|金额|多少钱|多少美元|多少元|多少个|多少家)/iu;

/**
 * An amount asked outright of what the request gives only a share of: "using the market size and
 * the vendor shares, what revenue does that imply", "how many dollars … once you apply the
 * sector's share", "按市场规模和份额算，营收分别是多少", "算出中国制造业
 * 的支出……以及它占全球的比例". The request
 * names a share and asks what (how much) an amount is; listing both ("each vendor's share and
 * revenue") asks nothing to be worked out.
 */
const AMOUNT_ASKED =
  /\b(?:what|how much)\b[^.?!;]{0,30}?\b(?:revenues?|sales|turnover|income|earnings|spend(?:ing)?)\b|\bhow many (?:dollars|euros|yuan)\b|(?<!占[^。？！，,]{0,12})(?:营收|收入|销售额)[^。？！，,]{0,8}多少|(?:算出|算一下|计算出?|折算)(?![^。？！]{0,24}?\d+\s*(?:名|个|位|人|台))[^。？！]{0,24}?(?:收入|营收|销售额|支出|金额|多少钱|多少美元)/iu;
// The noun, not the verb ("can you share what revenue …").
const SHARE_NAMED = /(?<!\b(?:you|to|please|we|i|they)\s+)\bshares?\b|份额|占比|占[^。？！]{1,24}比例/iu;

/** The words that ask for a part worked out from a share, or null. */
export function partAsked(request: string): RegExpExecArray | null {
  return ASKS_PART.exec(request) ?? (SHARE_NAMED.test(request) ? AMOUNT_ASKED.exec(request) : null);
}

export function planPart(
  frame: ResearchFrame,
  candidates: readonly Candidate[],
  reads: readonly ReadDoc[],
  requestText: string,
  derived: readonly Derivation[] = [],
  /** The item, when the plan works out one part per item. */
  only?: string,
): CalculationPlan {
  const none = (why: string): CalculationPlan => ({
    label: `Part: ${why}`,
    operation: "product",
    inputs: [],
  });
  // A share a sentence states of a named whole ("Manufacturing accounts for 38% of Chinese
  // spending"), its part one the request asks about: the whole is the figure of that whole.
  const stated = statedPart(candidates, reads, requestText, only);
  if (stated) {
    const whole = projectedWhole(stated.whole, derived, requestText) ?? stated.whole;
    return {
      label: `${stated.item}: ${stated.share.label} × ${whole.label}`,
      operation: "product",
      inputs: [input(stated.share), input(whole)],
    };
  }
  const wanted = matchTerms(requestText);
  const askedPlaces = placesIn(requestText, reads);
  let best = null as { item: string; share: Candidate; whole: Candidate; score: number } | null;
  for (const item of only ? [only] : partItems(frame, requestText, reads)) {
    const key = firstOf(item);
    // A market's size, revenue, sales and spending are one amount: "share of 2025 revenue" is of the
    // "market size" ("market" itself stays a word of its own: a "market share" is of the market).
    const measureWords = (c: Candidate) => [
      ...new Set(
        [...matchTerms(c.label)]
          .filter((t) => !matchTerms(item).has(t) && !/^\d+$/.test(t))
          .map((t) => (MARKET_AMOUNT.test(t) ? "amount" : t)),
      ),
    ];
    for (const share of candidates.filter((c) => c.q.suffix === "%" && mentions(c.label, key))) {
      const own = new Set(measureWords(share));
      const fit = [...own].filter((t) => wanted.has(t)).length;
      for (const whole of candidates) {
        // An amount: not a rate, a gap in points or a per-unit figure.
        if (
          whole.q.suffix === "%" ||
          mentions(whole.label, key) ||
          /\bper\b|每|\bpoints?\b|\bpts\b|百分点/iu.test(whole.value)
        )
          continue;
        // A whole of a place the request does not set it in ("China market size" for 全球市场规模) is
        // one region's, not the market the share is of.
        if ([...placesIn(whole.label, reads)].some((p) => !askedPlaces.has(p))) continue;
        const shared = measureWords(whole).filter((t) => own.has(t)).length;
        if (shared === 0) continue;
        // A whole of one sub-item ("North America market size") is not the whole the share is of.
        const extra = measureWords(whole).filter((t) => !own.has(t) && !wanted.has(t)).length;
        const score =
          shared * 2 +
          fit +
          // A share named as one ("Europe share of 2025 revenue") before another percentage of the item.
          (SHARE_WORD.test(share.label) ? 2 : 0) +
          measureWords(whole).filter((t) => wanted.has(t)).length -
          extra / 2 +
          sameYear(share, whole);
        if (!best || score > best.score) best = { item, share, whole, score };
      }
    }
    // The picked or first-named item is the part: a later name only when it has none.
    if (best) break;
  }
  // No listed whole for any item: the market's total as a sentence states it ("2025 年全球 Project X
  // 市场规模为 42 亿美元（USD 4.2 billion）"), of the share's year — for the first item with a share of
  // its own (a name most figures carry, "Project X", is the subject: its "share" is the top four's).
  for (const item of best ? [] : only ? [only] : partItems(frame, requestText, reads)) {
    const key = firstOf(item);
    if (candidates.filter((c) => mentions(c.label, key)).length * 2 > candidates.length) continue;
    const share = candidates.find(
      (c) => c.q.suffix === "%" && mentions(c.label, key) && /share|份额/iu.test(c.label),
    );
    const stated = share ? marketTotalStated(reads, share) : null;
    if (share && stated) {
      best = { item, share, whole: stated, score: 0 };
      break;
    }
  }
  if (!best && !only) {
    const each = partsOfLineup(candidates, wanted);
    if (each) return each;
  }
  if (!best) return none("no item's share and a whole of the same measure among the figures found");
  const item = best.item;
  // "what would Fernbrook's revenue be then, if it holds its share": the whole as projected upstream.
  const whole = projectedWhole(best.whole, derived, requestText) ?? best.whole;
  return {
    label: `${item}: ${best.share.label} × ${whole.label}`,
    operation: "product",
    inputs: [input(best.share), input(whole)],
  };
}

/**
 * The whole as a growth projection upstream left it, when the request asks the part in that year
 * ("… in 2027 — and what would Fernbrook's revenue be then"): the projection's base is the whole and
 * the request names the year projected to.
 */
function projectedWhole(whole: Candidate, derived: readonly Derivation[], request: string): Candidate | null {
  for (const d of [...derived].reverse()) {
    const [base, , periods] = d.inputs ?? [];
    if (d.operation !== "apply_rate" || !base || !periods || base.label !== whole.label) continue;
    const to = /\bto\s+((?:19|20)\d\d)\b/.exec(periods.label)?.[1];
    const result = resultOf(d);
    if (!to || !result || !request.includes(to)) continue;
    const label = `${whole.label.replace(/\s*\b(?:19|20)\d\d\b/, "").trim()} projected to ${to}`;
    return { label, ...result, docId: d.docIds[0] ?? whole.docId };
  }
  return null;
}

/**
 * A part a sentence states as a share of a named whole, the part one the request names: the share
 * is the statement's value, the whole the amount whose name has the statement's whole's words and
 * the same places (Chinese spending → "China market size", never the global market's).
 */
function statedPart(
  candidates: readonly Candidate[],
  reads: readonly ReadDoc[],
  request: string,
  only?: string,
): { item: string; share: Candidate; whole: Candidate } | null {
  const asked = termsOf(request, reads);
  const askedPlaces = placesIn(request, reads);
  const money =
    asksMoney(request) ||
    /\b(?:dollars?|usd|revenue|spend(?:ing)?|sales)\b|美元|多少钱|收入|支出|金额/iu.test(request);
  let best = null as { item: string; share: Candidate; whole: Candidate; score: number } | null;
  for (const doc of reads) {
    for (const sentence of splitSentences(doc.text)) {
      for (const st of shareStatements(sentence)) {
        if (only && !mentions(st.part, firstOf(only))) continue;
        const part = termsOf(st.part, reads);
        if (part.size === 0 || ![...part].every((t) => asked.has(t))) continue;
        const q = parseQuantity(st.value);
        if (!q) continue;
        const wholeTerms = termsOf(st.whole, reads);
        const wholePlaces = placesIn(st.whole, reads);
        for (const whole of candidates) {
          // An amount: not a rate, a per-unit figure or a date.
          if (whole.q.suffix === "%" || /\bper\b|每|\d{4}-\d\d/iu.test(whole.value)) continue;
          const terms = termsOf(whole.label, reads);
          if ([...part].some((t) => terms.has(t))) continue;
          const places = placesIn(whole.label, reads);
          if (places.size !== wholePlaces.size || [...places].some((p) => !wholePlaces.has(p))) continue;
          const shared = [...wholeTerms].filter((t) => terms.has(t)).length;
          if (shared === 0) continue;
          // Spending, revenue, a market: an amount of money, never a count that shares a place word.
          if (money && !isMoney(whole)) continue;
          // The whole the request sets its question in ("the Project X market in China").
          const setIn = [...wholePlaces].every((p) => askedPlaces.has(p)) ? 2 : 0;
          const score = shared + setIn;
          if (!best || score > best.score) {
            const label = isCjk(st.part)
              ? `${st.part}占${st.whole}的份额`
              : `${st.part} share of ${st.whole}`;
            best = { item: st.part, share: { label, value: st.value, docId: doc.docId, q }, whole, score };
          }
        }
      }
    }
  }
  return best;
}

const MARKET_AMOUNT = /^(?:revenue|revenu|sale|sales|spend|spending|turnover|size|value)$/i;
const SHARE_WORD = /\bshares?\b|份额|占比/iu;

/** A market's total in words: "the global market", 全球…市场规模, "the overall Project X market". */
const MARKET_TOTAL =
  /(?:\b(?:global|worldwide|overall|total|entire)\b|全球|整体|总体)[^。.;；?？]{0,30}?(?:\bmarket\b|市场)[^。;；?？]{0,40}?((?:USD|US\$)\s?\d[\d,]*(?:\.\d+)?\s?(?:billion|million|bn)|\d[\d,]*(?:\.\d+)?\s?亿美元)/iu;

/**
 * The market's total as a sentence of a document read states it, in the share's year: the whole a
 * share is of when no figures list gives it (a Chinese overview states the global market only in
 * its prose). A US-dollar figure written beside the Chinese one is preferred.
 */
function marketTotalStated(reads: readonly ReadDoc[], share: Candidate): Candidate | null {
  const year = /\b(?:19|20)\d\d\b/.exec(share.label)?.[0];
  const found: Candidate[] = [];
  for (const doc of reads) {
    for (const sentence of splitSentences(doc.text)) {
      if (year && !sentence.includes(year)) continue;
      const m = MARKET_TOTAL.exec(sentence);
      if (!m?.[1]) continue;
      const after = sentence.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 30);
      const usd = /^\s*[（(]\s*((?:USD|US\$)\s?\d[\d,]*(?:\.\d+)?\s?(?:billion|million|bn))/iu.exec(
        after,
      )?.[1];
      const value = usd ?? m[1];
      const q = parseQuantity(value);
      if (q)
        found.push({ label: `market total${year ? ` ${year}` : ""} (stated)`, value, docId: doc.docId, q });
    }
  }
  return found.find((c) => /^(?:USD|US\$)/i.test(c.q.prefix)) ?? found[0] ?? null;
}

/** A whole of the share's own year ("market share 2025" and "market size 2025"), where both name one. */
const sameYear = (share: Candidate, whole: Candidate): number => {
  const year = /\b(?:19|20)\d\d\b/.exec(share.label)?.[0];
  return year && new RegExp(`\\b${year}\\b`).test(whole.label) ? 1 : 0;
};

/**
 * Every item's part, when the request names no item ("each of the four vendors' share, turned into
 * revenue"): the shares are a lineup ("Fernbrook market share 2025", "Quillon market share 2025"),
 * the whole the amount of the same measure's family stated for no item of it.
 */
function partsOfLineup(
  candidates: readonly Candidate[],
  wanted: ReadonlySet<string>,
): CalculationPlan | null {
  let best = null as { lineup: Lineup<Candidate>; whole: Candidate; score: number } | null;
  for (const lineup of lineupsOf(candidates.filter((c) => c.q.suffix === "%"))) {
    if (lineup.items.size < 2) continue;
    const own = new Set([...matchTerms(lineup.shared)].filter((t) => !/^\d+$/.test(t)));
    const keys = [...lineup.items.keys()].map(firstOf);
    const sample = [...lineup.items.values()][0] as Candidate;
    for (const whole of candidates) {
      if (
        whole.q.suffix === "%" ||
        /\bper\b|每/iu.test(whole.value) ||
        keys.some((k) => mentions(whole.label, k))
      )
        continue;
      const words = [...matchTerms(whole.label)].filter((t) => !/^\d+$/.test(t));
      const shared = words.filter((t) => own.has(t)).length;
      if (shared === 0) continue;
      // The lineup's own measure ("share", not the "Project X" it shares with the whole) is asked.
      if (![...own].some((t) => wanted.has(t) && !words.includes(t))) continue;
      const extra = words.filter((t) => !own.has(t) && !wanted.has(t)).length;
      const fit = [...own].filter((t) => wanted.has(t)).length;
      const score =
        shared * 2 + fit + words.filter((t) => wanted.has(t)).length - extra / 2 + sameYear(sample, whole);
      if (!best || score > best.score) best = { lineup, whole, score };
    }
  }
  if (!best) return null;
  const { lineup, whole } = best;
  return {
    label: `Part: ${lineup.shared} × ${whole.label}`,
    operation: "product",
    inputs: [],
    rows: [...lineup.items].map(([item, share]) => ({ label: item, inputs: [input(share), input(whole)] })),
  };
}

/** The items whose part may be asked: a superlative's pick first, then the names the request gives. */
function partItems(frame: ResearchFrame, request: string, reads: readonly ReadDoc[]): string[] {
  const picks = superlatives(frame.request).flatMap((s) => lineup(s, reads)[0]?.item ?? []);
  // An acronym ("CAGR", "TCO") names a measure, not an item with a share.
  const names = parseGoalTerms(parseGoalOptions(request).rest).names.filter((n) => !isAcronym(n));
  return [...picks, ...names];
}
