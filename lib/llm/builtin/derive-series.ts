import { NUMBER_WORDS } from "../../language/horizon";
import { splitSentences } from "../../tools/sentences";
import { wordFit } from "./derive-fit";
import type { CalculationPlan } from "./derive-inputs";
import { measureGroups } from "./derive-years";
import { parseGoalOptions } from "./goal-options";
import { parseGoalTerms } from "./goal-terms";
import { type Figure as Candidate, firstOf, figureInput as input, lineupsOf } from "./lineups";
import { mentions } from "./text";
import type { ReadDoc } from "./upstream";

/**
 * A total over more than two figures, by what the request says it spans: the years it lists or
 * ranges over ("revenue for 2023, 2024 and 2025", "cumulative from 2023 to 2025"), the top of a
 * ranking it counts ("the three biggest insurers", "top 3", 前三大), or the items it names ("Harrowgate,
 * Corvane and Aldermoor combined"). Each operand is one measure's figure — the measure whose name
 * fits the asking clause best among those with a figure for every year or item — so a total is
 * never of two of three years, nor of a measure the request did not name.
 */

const YEAR = /\b(?:19|20)\d\d\b/g;
const RANGE =
  /\b(?:from|between)\s+((?:19|20)\d\d)\s+(?:to|through|until|and)\s+((?:19|20)\d\d)\b|\b((?:19|20)\d\d)\s*(?:-|–|—|to|through)\s*((?:19|20)\d\d)\b|((?:19|20)\d\d)\s*(?:年)?\s*(?:至|到|-|–)\s*((?:19|20)\d\d)\s*年/giu;

/** Figures a total takes at most (the calculate tool's limit). */
const MAX = 10;

/** The years a text lists or ranges over, in order; a range is every year in it. */
export function spannedYears(text: string): number[] {
  const years = new Set<number>((text.match(YEAR) ?? []).map(Number));
  for (const m of text.matchAll(RANGE)) {
    const from = Number(m[1] ?? m[3] ?? m[5]);
    const to = Number(m[2] ?? m[4] ?? m[6]);
    if (to > from && to - from < MAX) for (let y = from; y <= to; y++) years.add(y);
  }
  return [...years].sort((a, b) => a - b);
}

/** Counts written in English words ("two" … "ten"). */
const WORD_COUNT = Object.keys(NUMBER_WORDS)
  .filter((w) => /^\p{L}{2,}$/u.test(w))
  .join("|");
/** "the three biggest", "3 largest", "top five", "top-3", 前三大, 三大. */
const TOP = new RegExp(
  `\\b(${WORD_COUNT}|\\d{1,2})\\s+(?:[\\p{L}-]+\\s+)?([\\p{L}]+est|leading|top)\\b|\\btop[- ](${WORD_COUNT}|\\d{1,2})\\b|前\\s*([一两二三四五六七八九十\\d]{1,2})\\s*(?:大|名|家|位)?|([两二三四五六七八九十])大`,
  "iu",
);
const MIN = /^(?:lowest|least|fewest|smallest|cheapest|shortest|slowest|weakest|worst)$/i;

/** How many of a ranking's top a text counts, and from which end ("the three cheapest": the bottom). */
export function topCounted(text: string): { n: number; direction: "max" | "min" } | null {
  const m = TOP.exec(text);
  if (!m) return null;
  const raw = m[1] ?? m[3] ?? m[4] ?? m[5] ?? "";
  const n = NUMBER_WORDS[raw.toLowerCase()] ?? Number(raw);
  if (!Number.isInteger(n) || n < 2 || n > MAX) return null;
  return { n, direction: m[2] && MIN.test(m[2]) ? "min" : "max" };
}

/** The total a sum clause asks over three or more figures, or null (a pair is the pickers' to choose). */
export function seriesSum(
  request: string,
  clause: string | null,
  candidates: readonly Candidate[],
  reads: readonly ReadDoc[],
): CalculationPlan | null {
  // Prose paragraphs: a list of key figures or a table sets everything side by side.
  const paragraphs = reads
    .flatMap((d) => d.text.split(/\n\s*\n/))
    .filter((p) => !/^\s*(?:[-*#|]|\d+\.)/m.test(p));
  const sentence = (clause && splitSentences(request).find((s) => s.includes(clause))) || request;
  const fitOf = wordFit(request, clause, candidates);
  const measureFit = (cs: readonly Candidate[]) => cs.reduce((s, c) => s + fitOf(c), 0) / cs.length;
  const plan = (label: string, figures: readonly Candidate[]): CalculationPlan => ({
    label,
    operation: "sum",
    inputs: figures.map(input),
  });

  // Years: three or more listed or spanned.
  const years = spannedYears(sentence);
  if (years.length >= 3) {
    let best: { figures: Candidate[]; score: number } | null = null;
    for (const group of measureGroups(candidates).values()) {
      const figures = years.map((y) => group.find((c) => yearOf(c) === y));
      if (figures.some((f) => !f)) continue;
      const own = figures as Candidate[];
      const score = measureFit(own);
      if (!best || score > best.score) best = { figures: own, score };
    }
    if (best) return plan(`Total over ${years[0]}-${years.at(-1)}`, best.figures);
  }

  // The top of a ranking, counted: one lineup's figures, largest (or smallest) first.
  const top = topCounted(sentence) ?? topCounted(request);
  // Items the sentence names: three or more.
  const names = parseGoalTerms(parseGoalOptions(sentence).rest).names;
  if (!top && names.length < 3) return null;
  let best: { figures: Candidate[]; score: number } | null = null;
  for (const lineup of lineupsOf(candidates)) {
    let figures: Candidate[];
    if (names.length >= 3) {
      const picked = names.map((n) =>
        [...lineup.items].find(([item]) => mentions(item, firstOf(n)) || mentions(n, firstOf(item))),
      );
      if (picked.some((p) => !p)) continue;
      figures = picked.map((p) => (p as [string, Candidate])[1]);
    } else if (top) {
      // The ranking is of items the request does not name ("Australia's three biggest installers"
      // ranks no country), within the scope it names: items the documents write in one paragraph
      // with it.
      // (Nor its peers: "Germany residential solar" beside "Australia residential solar".)
      const scopes = [...lineup.items.keys()].filter((item) => mentions(request, firstOf(item)));
      const tail = (item: string) => item.split(/\s+/).slice(1).join(" ").toLowerCase();
      const peer = (item: string) =>
        scopes.some((sc) => item.split(/\s+/).length === sc.split(/\s+/).length && tail(item) === tail(sc));
      const unnamed = [...lineup.items].filter(([item]) => !mentions(request, firstOf(item)) && !peer(item));
      const scoped = unnamed.filter(([item]) =>
        names.every((n) => paragraphs.some((p) => mentions(p, firstOf(n)) && mentions(p, firstOf(item)))),
      );
      const pool = names.length > 0 ? scoped : unnamed;
      if (pool.length < top.n) continue;
      const ranked = pool
        .map(([, f]) => f)
        .sort((a, b) => (top.direction === "max" ? b.q.amount - a.q.amount : a.q.amount - b.q.amount));
      figures = ranked.slice(0, top.n);
    } else continue;
    const score = measureFit(figures);
    if (!best || score > best.score) best = { figures, score };
  }
  if (!best) return null;
  return plan(
    top && names.length < 3
      ? `Total of the top ${top.n}`
      : `Total: ${best.figures.map((f) => f.label).join(" + ")}`,
    best.figures,
  );
}

const yearOf = (c: Candidate) => Number(c.label.match(YEAR)?.at(-1) ?? 0);

/**
 * The steady yearly growth a change between two years works out to: its two figures, and the
 * years between them as the third input.
 */
export function planCagr(change: CalculationPlan): CalculationPlan {
  const [a, b] = change.inputs;
  const year = (x: { label: string }) => Number(x.label.match(YEAR)?.at(-1) ?? Number.NaN);
  const years = a && b ? year(b) - year(a) : Number.NaN;
  if (!a || !b || !(years >= 1))
    return {
      label: "Yearly growth: no one measure in two years to compound between",
      operation: "cagr",
      inputs: [],
    };
  return {
    label: `Yearly growth: ${a.label} → ${b.label}`,
    operation: "cagr",
    inputs: [a, b, { label: `years from ${year(a)} to ${year(b)}`, value: String(years) }],
  };
}
