import { yearsAhead } from "./derive-projected";
import { type Figure as Candidate, firstOf, lineupsOf } from "./lineups";
import { figureInProse } from "./prose-figures";
import { matchTerms, mentions } from "./text";
import type { ReadDoc } from "./upstream";

/**
 * The amount a rate changes and, for growth, the rate: the item's own money figure (a price for a
 * discount or markup; for growth, the latest size stated before the year projected to, never a
 * forecast) and a growth rate of that amount's own measure, chosen together.
 */

export type Change = "discount" | "markup" | "growth";

/** A figure of what is expected, not stated: no base to grow from. */
const FORECAST = /\b(?:forecast|projected|projection|expected|outlook)\b|预测|预计/iu;

/** The item's growth rates, its kind first: a CAGR when the request names one or looks further than a year, else a year's growth. */
export function growthRates(
  candidates: readonly Candidate[],
  item: string | null,
  request: string,
  reads: readonly ReadDoc[],
): Candidate[] {
  const rates = candidates.filter((c) => c.q.suffix === "%" && /cagr|growth|增长|增速/iu.test(c.label));
  const own = item ? rates.filter((c) => mentions(c.label, firstOf(item))) : [];
  // The item's own rate as its text states it ("Halden projects a European CAGR of 16%"), when no
  // figures list gives it: another item's rate is no projection of this one.
  // Growth projected over years ("worth in 2030 at that rate", "through 2030") compounds: a CAGR
  // is its rate, not one year's growth.
  const compound = /cagr|compound|年复合|复合增长/iu.test(request) || yearsAhead(request);
  if (item && own.length === 0) {
    for (const measure of compound ? ["CAGR", "growth rate"] : ["growth rate", "CAGR"]) {
      const prose = figureInProse(item, { measure, others: [], kind: "%" }, reads);
      if (prose && prose.q.suffix === "%") {
        own.push({ label: `${item} ${measure}`, value: prose.value, docId: prose.docId, q: prose.q });
        break;
      }
    }
  }
  const pool = own.length > 0 ? own : rates.filter((c) => !item || !/\b(?:in|of)\b/.test(c.label));
  const cagr = (c: Candidate) => /cagr/iu.test(c.label);
  // (No CAGR, no rate: one year's growth is not compounded over years the request does not ask for.)
  return [...pool.filter((c) => cagr(c) === compound), ...pool.filter((c) => cagr(c) && !compound)];
}

/** Words of a name the other's lacks, a rate's own words aside: another item, another measure. */
function extraWords(name: string, other: string): number {
  const theirs = matchTerms(other.replace(/\b(?:19|20)\d\d\b/g, " "));
  return [...matchTerms(name.replace(/\b(?:19|20)\d\d\b/g, " "))].filter(
    (t) =>
      !theirs.has(t) &&
      !/^(?:cagr|compound|annual|growth|rate|yoy|year|on|over|forecast|增长|增速)/iu.test(t),
  ).length;
}

/**
 * The amount that grows and its rate, chosen together: the amount the request's words fit, and a
 * rate of that amount's own measure ("Project X CAGR" for "Project X market size", "GWP CAGR" for
 * "GWP", not another item's or another measure's).
 */
export function growthPair(
  candidates: readonly Candidate[],
  item: string | null,
  request: string,
  reads: readonly ReadDoc[],
  whole: boolean,
  to: number,
): { base: Candidate | null; rate: Candidate | null } {
  const rates = growthRates(candidates, item, request, reads);
  const bases = basesOf("growth", candidates, item, request, whole, to);
  let best: { base: Candidate; rate: Candidate; score: number } | null = null;
  rates.forEach((rate, r) => {
    for (const { c: base, score } of bases) {
      // (Its rank breaks ties: the rate of the kind asked first.)
      const fit =
        score - 0.5 * (extraWords(rate.label, base.label) + extraWords(base.label, rate.label)) - r * 0.01;
      if (!best || fit > best.score) best = { base, rate, score: fit };
    }
  });
  const chosen = best as { base: Candidate; rate: Candidate } | null;
  return { base: chosen?.base ?? bases[0]?.c ?? null, rate: chosen?.rate ?? rates[0] ?? null };
}

/** The amount changed: the item's money figure (a price for a discount or markup; a size for growth). */
export function baseOf(
  change: Change,
  candidates: readonly Candidate[],
  item: string | null,
  request: string,
  whole = false,
): Candidate | null {
  return basesOf(change, candidates, item, request, whole)[0]?.c ?? null;
}

/** The amounts that may be changed, best first, each with how well it suits the request. */
function basesOf(
  change: Change,
  candidates: readonly Candidate[],
  item: string | null,
  request: string,
  /** The whole market's figure is asked: one no list of items holds (the total, not a region). */
  whole = false,
  /** The year growth is projected to: it grows from the latest figure stated before it, not a forecast. */
  to = Number.NaN,
): { c: Candidate; score: number }[] {
  const wanted = matchTerms(request);
  const money = candidates.filter(
    (c) =>
      c.q.suffix !== "%" &&
      (/^(?:usd|us\$|eur|rmb|cny|[$€£¥])$/iu.test(c.q.prefix) || /美元|元/u.test(c.q.suffix)),
  );
  const about = item ? money.filter((c) => mentions(c.label, firstOf(item))) : money;
  let pool = about.length > 0 ? about : item ? [] : money;
  const yearOf = (c: Candidate) => Number(/\b((?:19|20)\d\d)\b/.exec(c.label)?.[1] ?? 0);
  if (change === "growth") {
    const stated = pool.filter((c) => !FORECAST.test(c.label) && (!(to > 0) || yearOf(c) < to));
    if (stated.length > 0) pool = stated;
  }
  const suits = (c: Candidate) =>
    [...matchTerms(c.label)].filter((t) => wanted.has(t) && !/^(?:19|20)\d\d$/.test(t)).length +
    (change === "growth"
      ? /\b(?:19|20)\d\d\b/.test(c.label) && !/forecast/i.test(c.label)
        ? 1
        : 0
      : /\bper\b/i.test(c.value)
        ? 1
        : 0);
  // The whole, when asked or, for growth, when no item is: a figure no lineup itemises.
  const itemised = new Set(lineupsOf(pool).flatMap((l) => [...l.items.values()].map((c) => c.label)));
  const total = (c: Candidate) => Number((whole || (change === "growth" && !item)) && !itemised.has(c.label));
  return [...pool]
    .sort(
      (a, b) =>
        total(b) - total(a) || suits(b) - suits(a) || (change === "growth" ? yearOf(b) - yearOf(a) : 0),
    )
    .map((c) => ({ c, score: suits(c) + 2 * total(c) }));
}
