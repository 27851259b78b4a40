import { splitSentences } from "../../tools/sentences";
import { similarPair } from "./derive-similar";
import { NOW } from "./derive-years";
import { type Figure as Candidate, isMoney, sharedEnds } from "./lineups";
import { kindOf } from "./prose-figures";
import { matchTerms } from "./text";

/**
 * Checks over the pair of figures a derivation uses, from what the request says of it whatever its
 * phrasing: the unit it is asked in, the years it names, whether it asks what is expected, the two
 * sides of its "than". The pair the request's grammar chose by likeness of names stands unless it
 * breaks one of them; then the pair that breaks none and whose names (and units) fit the request's
 * words best is used — a check that holds for a library whose labels nobody has seen ("how much
 * more a fleet pays per kWh at public chargers than at its depot" is a pair of per-kWh prices, one
 * of each side, not a market's size in two years).
 */

const YEAR = /\b(?:19|20)\d\d\b/g;
const YEAR_ONE = /\b(?:19|20)\d\d\b/;
const NEGATED = /\b(?:not|excluding|except|rather than|instead of|other than)\s+([^,;:.?!()]+)/gi;
const MONTH = /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?\b|\bQ[1-4]\b|\bH[12]\b/g;
const SINCE = /\bsince\s+(?:the\s+)?(?:19|20)\d\d\b|自\s*(?:19|20)\d\d\s*年以来/i;
/** "how much absolute growth from 2025": a change from a year, to a later one not written (no range). */
const FROM_YEAR =
  /\b(?:growth|grow|grown|change|increase|rise|decline|drop|fall|gain)\b[^.?!;,]{0,30}\bfrom\s+(?:19|20)\d\d\b(?!\s*(?:to|through|until|-|–)\s*(?:19|20)\d\d)/i;
const FORECAST = /\b(?:forecast|projected|projection|expected|outlook)\b|预测|预计/i;

export const POINTS = /\b(?:percentage points?|points|pp|pts)\b|百分点/i;
export const IN_MONEY =
  /\bin (?:dollars|euros?|pounds|yuan|money)\b|\bin (?:\$|€|£|¥)|\bhow many (?:dollars|euros?|pounds)\b|多少钱|多少(?:美元|元|欧元|英镑)/i;

interface Asked {
  weights: Map<string, number>;
  /** The request sets something against the present ("now", "this year", "since 2023"). */
  now: boolean;
  /** Years the request writes out. */
  written: Set<string>;
  /** The request asks about what is expected ("the 2030 forecast", "expected to be"). */
  ahead: boolean;
  /** Years the request names (or means by "this year", "now"); null when it sets none. */
  years: Set<string> | null;
  /** "grown since 2023": the year a change runs from, one measure's figure at each end. */
  since?: string;
}

function askedBy(request: string, clause: string | null, candidates: readonly Candidate[]): Asked {
  const weights = new Map<string, number>();
  const add = (text: string, w: number) => {
    for (const t of matchTerms(text.replace(YEAR, " ").replace(/['’]s\b/g, "")))
      if (/\p{L}/u.test(t)) weights.set(t, Math.max(weights.get(t) ?? 0, w));
  };
  // What the request rules out ("plain cost per task, not per successful task") counts against.
  const ruledOut = [...request.matchAll(NEGATED)].map((m) => m[1] ?? "");
  const kept = request.replace(NEGATED, " ");
  add(kept, 1);
  const sentence = clause ? splitSentences(kept).find((s) => s.includes(clause)) : undefined;
  if (sentence) add(sentence, 2);
  for (const phrase of ruledOut)
    for (const t of matchTerms(phrase)) if (!weights.has(t) && /\p{L}/u.test(t)) weights.set(t, -2);
  // A word most figures carry (the subject: "market", "cold-chain") tells them apart least.
  const labels = candidates.map((c) => matchTerms(c.label));
  for (const [t, w] of weights) {
    const df = labels.filter((l) => l.has(t)).length;
    weights.set(t, w * Math.log((candidates.length + 1) / (df + 1)));
  }
  const own = clause ? ownPart(sentence ?? request, clause) : request;
  const named = new Set(request.match(YEAR) ?? []);
  // "this year", "now", "since 2023": the latest year a figure is stated for, not projected to.
  if (NOW.test(request) || SINCE.test(request)) {
    const stated = candidates
      .filter((c) => !FORECAST.test(c.label))
      // (A span's end, "CAGR 2025-2030", is no year a figure is stated for.)
      .flatMap((c) => c.label.replace(/\b(?:19|20)\d\d\s*[-–]\s*(?:19|20)\d\d\b/g, " ").match(YEAR) ?? [])
      .map(Number);
    if (stated.length > 0) named.add(String(Math.max(...stated)));
  }
  return {
    weights,
    written: new Set(request.match(YEAR) ?? []),
    // (Growth "year on year" sets a year against the one before it.)
    now:
      NOW.test(request) ||
      SINCE.test(request) ||
      /\byear[- ](?:on|over)[- ]year\b|\byoy\b|同比/i.test(request),
    // Asked in the clause that asks for the derivation and what follows it ("growth since 2023 in
    // %, and what 2026 looks like if the forecast CAGR holds" asks no forecast of the growth).
    ahead: FORECAST.test(own),
    since: (SINCE.exec(own) ?? FROM_YEAR.exec(own))?.[0].match(YEAR_ONE)?.[0],
    years: named.size > 0 ? named : null,
  };
}

function fitScore(c: Candidate, asked: Asked): number {
  let score = 0;
  for (const t of matchTerms(`${c.label.replace(YEAR, " ")} ${c.q.suffix}`))
    score += asked.weights.get(t) ?? 0;
  if (asked.years) {
    for (const y of c.label.match(YEAR) ?? []) score += asked.years.has(y) ? 1 : -1;
  }
  return score;
}

/**
 * How well a figure's name fits what the request asks, its asking clause's words weighing most and
 * words most figures share least, its years against the years asked.
 */
export function wordFit(
  request: string,
  clause: string | null,
  candidates: readonly Candidate[],
): (c: Candidate) => number {
  const asked = askedBy(request, clause, candidates);
  return (c) => fitScore(c, asked);
}

/**
 * The two sides of a comparison of degree ("at public fast chargers than at its own depot"): the
 * words only one side of "than" has. Null when the "than" side names nothing of its own ("than
 * this year").
 */
function thanSides(sentence: string, gapWith = true) {
  const m = (
    gapWith
      ? /^(.*)\b(?:than|vs\.?|versus|(?:gap|difference|spread|premium)\s+(?:with|to|over))\s(.*)$/is
      : /^(.*)\b(?:than|vs\.?|versus)\s(.*)$/is
  ).exec(sentence);
  if (!m) return null;
  // What follows "than" up to the next clause or unit ("than at its own depot? as a percentage").
  const other = (m[2] as string).split(/[,;:?!.]|\b(?:in|as|and|or|for|by|per)\b/i)[0] ?? "";
  if (NOW.test(other)) return null;
  const before = matchTerms((m[1] as string).replace(/['’]s\b/g, ""));
  const after = new Set(
    [...matchTerms(other.replace(/['’]s\b/g, ""))].filter((t) => !before.has(t) && /\p{L}/u.test(t)),
  );
  if (after.size === 0) return null;
  const has = (terms: Set<string>) => (c: Candidate) => [...matchTerms(c.label)].some((t) => terms.has(t));
  const own = new Set([...before].filter((t) => !after.has(t) && /\p{L}/u.test(t)));
  // With nothing named before it ("what that did to the gap with dairy"), the other side is any
  // figure that is not of the "than" side.
  return { before: own.size > 0 ? has(own) : (c: Candidate) => !has(after)(c), after: has(after) };
}

/** Two sides of one measure are within a few orders of magnitude (a market's billions are no weekly pay). */
export const commensurate = (a: Candidate, b: Candidate) => {
  const [x, y] = [Math.abs(a.q.amount), Math.abs(b.q.amount)];
  return Math.min(x, y) === 0 || Math.max(x, y) / Math.min(x, y) <= 1000;
};

/**
 * The clause that asks with what follows it up to the next clause ("… than depot charging, in
 * dollars?"): the unit it is asked in, not another clause's ("revenue in $ … and how many pts").
 */
export function withTail(sentence: string, clause: string): string {
  const at = sentence.indexOf(clause);
  if (at < 0) return clause;
  const tail = sentence.slice(at + clause.length).split(/[?.!;]|\b(?:and|then|also)\b/i)[0] ?? "";
  return `${clause}${tail}`;
}

/**
 * The clause alone, up to the next comma or conjunction, and what follows it there ("how much has
 * the market grown since 2023 in %, and what would 2026 look like if the forecast CAGR holds" →
 * "how much has the market grown since 2023 in %").
 */
function ownPart(sentence: string, clause: string): string {
  const part = (text: string) => text.split(/[,;:?.!]\s*|\s\b(?:and|but|then|also|plus|or)\s/i)[0] ?? "";
  const at = sentence.indexOf(clause);
  const own = part(clause);
  return at < 0 || own.length < clause.length ? own : `${own}${part(sentence.slice(at + clause.length))}`;
}

/**
 * One measure on both sides: the same measure over time, or names sharing at least half the
 * words of the shorter ("average public fast charging price paid by fleets", "average depot
 * electricity price").
 */
function oneMeasure(a: Candidate, b: Candidate): boolean {
  // Two items of one lineup ("Nordvale Systems list price", "Tessaract Labs list price"), or two
  // figures in one unit of their own ("元/kWh", "per technician per month").
  if (overTime(a, b) || sharedEnds(a.label, b.label)) return true;
  if (a.q.suffix !== "" && a.q.suffix !== "%" && a.q.suffix === b.q.suffix) return true;
  const ta = matchTerms(a.label.replace(YEAR, " "));
  const tb = matchTerms(b.label.replace(YEAR, " "));
  // The same head noun ("Nordvale Systems list price", "Project X average list price 2025").
  const head = (c: Candidate) =>
    [...matchTerms(c.label.replace(/\([^)]*\)/g, " ").replace(YEAR, " "))].at(-1);
  if (head(a) !== undefined && head(a) === head(b)) return true;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared * 2 >= Math.min(ta.size, tb.size);
}

/** Two figures whose names differ only in their years: one measure followed over time. */
const overTime = (a: Candidate, b: Candidate) => {
  const bare = (c: Candidate) =>
    c.label
      .replace(YEAR, "")
      .replace(FORECAST, "")
      .replace(MONTH, "")
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim()
      .toLowerCase();
  return bare(a) === bare(b) && a.label !== b.label;
};

/**
 * What the request says of the pair it asks for, as checks: the unit it is asked in (points, a
 * currency), one measure (same kind, within a few orders of magnitude), a measure followed over
 * time only where two years are set, the years it names, no projection unless it asks what is
 * expected (or writes the projected year), and one figure on each side of its "than" or "vs".
 */
function violates(a: Candidate, b: Candidate, asked: Asked, where: string, unit: string): string | null {
  const kind = POINTS.test(unit)
    ? (c: Candidate) => c.q.suffix === "%"
    : IN_MONEY.test(unit)
      ? isMoney
      : () => true;
  if (kindOf(a.q) !== kindOf(b.q) || !kind(a) || !kind(b)) return "kind";
  if (!commensurate(a, b)) return "magnitude";
  if (!oneMeasure(a, b)) return "measure";
  // A figure of what the request rules out ("not per successful task").
  if ([a, b].some((c) => [...matchTerms(c.label)].some((t) => (asked.weights.get(t) ?? 0) < 0)))
    return "ruled out";
  if (overTime(a, b) && asked.written.size + (asked.now ? 1 : 0) < 2) return "over time";
  if (
    asked.since &&
    !(overTime(a, b) && [a, b].some((c) => c.label.match(YEAR)?.includes(asked.since as string)))
  )
    return "since";
  // Two years written (and no "now"): both figures are of them; one: at least one figure is.
  const inYears = (c: Candidate) => (c.label.match(YEAR) ?? []).some((y) => asked.written.has(y));
  const dated = (c: Candidate) => YEAR_ONE.test(c.label);
  // Set against "now", a written year is one end of a change, or the pair is one time's comparison.
  const sameYear = (a.label.match(YEAR) ?? []).join() === (b.label.match(YEAR) ?? []).join();
  if (asked.written.size >= 2 && !asked.now) {
    if ([a, b].some((c) => dated(c) && !inYears(c))) return "year";
  } else if (
    asked.written.size >= 1 &&
    (dated(a) || dated(b)) &&
    !inYears(a) &&
    !inYears(b) &&
    !(asked.now && sameYear)
  )
    return "year";
  // Two items compared are compared at one time: "oat milk 2024 vs dairy 2025" compares nothing.
  const undated = (c: Candidate) => c.label.replace(YEAR, " ").replace(/\s+/g, " ").trim();
  if (dated(a) && dated(b) && !sameYear && !overTime(a, b) && sharedEnds(undated(a), undated(b)))
    return "one time";
  for (const c of [a, b]) {
    const years = c.label.match(YEAR) ?? [];
    const written = years.some((y) => asked.written.has(y));
    if (!asked.ahead && !written && FORECAST.test(c.label)) return "projection";
  }
  // "the gap with dairy" in the asking clause; "than"/"vs" anywhere in its sentence ("Braidline vs
  // Cortexa, and what's the difference?").
  const sides = thanSides(unit) ?? thanSides(where, false);
  if (sides && !((sides.after(a) && sides.before(b)) || (sides.after(b) && sides.before(a)))) return "sides";
  return null;
}

/**
 * The pair to use (called only for a pair chosen by likeness, or none: a total worked out upstream,
 * a supplied quote or a pick by superlative stands): the grammar's, unless it breaks what the
 * request says of it (`violates`); then
 * the pair that breaks nothing and whose figures fit the request's words best, each fitting on its
 * own. Earlier year first; with no years, the side the request sets after "than" first (the base a
 * change runs from). Nothing better: the grammar's choice stands.
 */
export function fittest(
  chosen: [Candidate, Candidate] | null,
  candidates: readonly Candidate[],
  request: string,
  clause: string | null,
): [Candidate, Candidate] | null {
  const asked = askedBy(request, clause, candidates);
  const where = (clause && splitSentences(request).find((s) => s.includes(clause))) || request;
  const unit = clause ? withTail(where, clause) : where;
  if (chosen && !violates(chosen[0], chosen[1], asked, where, unit)) return chosen;
  // Nothing chosen: two figures whose names share the most words, if they break nothing.
  const similar = chosen ? null : similarPair([...candidates], matchTerms(request.replace(NEGATED, " ")));
  if (similar && !violates(similar[0], similar[1], asked, where, unit))
    return ordered(similar, request, clause);
  let best: { pair: [Candidate, Candidate]; score: number } | null = null;
  const fits = candidates.map((c) => fitScore(c, asked));
  for (let i = 0; i < candidates.length; i++) {
    if ((fits[i] as number) <= 0) continue;
    for (let j = i + 1; j < candidates.length; j++) {
      if ((fits[j] as number) <= 0) continue;
      const a = candidates[i] as Candidate;
      const b = candidates[j] as Candidate;
      if (a.q.amount === b.q.amount || violates(a, b, asked, where, unit)) continue;
      const score = (fits[i] as number) + (fits[j] as number);
      if (!best || score > best.score) best = { pair: [a, b], score };
    }
  }
  return best ? ordered(best.pair, request, clause) : chosen;
}

function ordered(
  [a, b]: [Candidate, Candidate],
  request: string,
  clause: string | null,
): [Candidate, Candidate] {
  const year = (c: Candidate) => Number(c.label.match(YEAR)?.at(-1) ?? 0);
  if (year(a) && year(b) && year(a) !== year(b)) return year(a) < year(b) ? [a, b] : [b, a];
  const sentence = (clause && splitSentences(request).find((s) => s.includes(clause))) || request;
  const after = /\b(?:than|vs\.?|versus)\s(.*)$/is.exec(sentence)?.[1];
  if (!after) return [a, b];
  const base: Asked = {
    weights: new Map([...matchTerms(after)].map((t) => [t, 1])),
    written: new Set(),
    now: false,
    ahead: true,
    years: null,
  };
  return fitScore(b, base) > fitScore(a, base) ? [b, a] : [a, b];
}
