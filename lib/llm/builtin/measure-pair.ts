import { requestedSpan, statedSpan } from "../../language/horizon";
import { bareExtremes } from "../../language/superlatives";
import { averageOf } from "./derive-picks";
import type { ResearchFrame } from "./frame";
import { termsWithGloss } from "./gloss";
import { onlyArithmetic, parseGoalOptions } from "./goal-options";
import { parseGoalTerms } from "./goal-terms";
import { type Figure as Candidate, firstOf, lineupsOf } from "./lineups";
import { figureInProse, kindOf, type ProseFigure } from "./prose-figures";
import { familyHits, matchTerms, mentions, normalise, ruledOutBy } from "./text";
import type { ReadDoc } from "./upstream";

/**
 * Two items on the measure the request asks about. Documents list one measure for several items
 * under names that differ only in the item ("Fernbrook market share 2025", "Nordvale Systems
 * market share 2025"; "Project X Europe market size 2025"): names of one kind of number sharing
 * their first and last words form a lineup, and the lineup whose shared words the request uses
 * most (its subject aside: every figure is about it) is the measure. Then the items the request
 * names, or the one it names against the leader, or — naming none — the leader and the runner-up.
 * Figures come as the candidates list them: extracted (checked) figures before what a read showed.
 */
export function measurePair(
  request: string,
  frame: ResearchFrame,
  all: readonly Candidate[],
  reads: readonly ReadDoc[],
  namedOnly = false,
  /** The clause that asks for the calculation: the items it names are the operands. */
  focus: string | null = null,
): [Candidate, Candidate] | null {
  const skip = frame.subject ? matchTerms(frame.subject) : new Set<string>();
  const wanted = new Set([...termsWithGloss(request, reads)].filter((t) => !skip.has(t)));
  const lineups = lineupsOf(all);
  // A word of the measure's family counts: "recovers more often" asks the "recovery rate".
  const score = (l: { shared: string }) => familyHits(matchTerms(l.shared), wanted);
  // A total asked over a span ("three-year cost") is not measured by a list of monthly prices.
  const asked = requestedSpan(request);
  const ratesOnly = (l: { items: Map<string, Candidate> }) =>
    [...l.items.values()].every((c) => statedSpan(c.label, c.value)?.rate);
  const specific = (l: { shared: string }) => [...matchTerms(l.shared)].filter((t) => !skip.has(t)).length;
  // A gap in (percentage) points is between percentages.
  const points = /\b(?:percentage points?|points?|pts|pp)\b|百分点/iu.test(request);
  // The items compared, or the names a line of the request coordinates ("North America and
  // Europe"), newest line first; never what the request rules out.
  const ruledOut = ruledOutBy(frame.options.excluded);
  const allowed = (name: string) => !ruledOut(name);
  const sides =
    frame.entities.length >= 2
      ? frame.entities.filter(allowed)
      : (request
          .split("\n")
          .map((line) => parseGoalTerms(line).coordinatedNames.filter(allowed))
          .find((names) => names.length >= 2) ?? []);
  const entities = sides.filter((e) => mentions(request, firstOf(e)));
  const inLineup = (l: { items: Map<string, Candidate> }, among = entities) =>
    among.filter((e) => [...l.items.keys()].some((item) => mentions(item, firstOf(e)))).length;
  // Any name the request gives ("Asia-Pacific", "North America") marks the list it is an item of.
  const names = parseGoalTerms(parseGoalOptions(request).rest).names.filter(allowed);
  // The unit the answer is asked in ("how many dollars separate …") rules out lists of another kind.
  // So does a comparison of price ("how many times pricier", "how much cheaper", 贵多少).
  const money =
    /\b(?:dollars?|usd|euros?|yuan|rmb|pricier|priciest|cheaper|cheapest|costlier|(?:more|less|most|least) expensive)\b|美元|人民币|贵|便宜/iu.test(
      focus ?? request,
    );
  // The list that has the items the request names, then the one whose words it uses most.
  const best = [...lineups.values()]
    .filter(
      (l) =>
        score(l) > 0 &&
        !(asked && !asked.rate && ratesOnly(l)) &&
        (!points || l.kind === "%") &&
        (!money || l.kind !== "%"),
    )
    .sort(
      (x, y) =>
        inLineup(y) - inLineup(x) ||
        inLineup(y, names) - inLineup(x, names) ||
        score(y) - score(x) ||
        specific(y) - specific(x) ||
        y.items.size - x.items.size,
    )[0];
  // A list about other items than the ones compared measures something else.
  if (!best || (entities.length >= 2 && inLineup(best) === 0)) {
    // No list gives the measure item by item: the compared items' figures as the text states them.
    if (entities.length < 2) return null;
    const span = asked;
    // What is measured, in the request's own words ("three-year total cost of ownership per
    // technician"): its aspects, not the words that ask for arithmetic or a format ("the gap
    // between the two", "for a CFO memo").
    const aspects = parseGoalTerms(parseGoalOptions(request).rest).aspects.filter(
      (a) => !entities.some((e) => mentions(a, firstOf(e))) && !onlyArithmetic(a),
    );
    const ofAspects = [...new Set(aspects.flatMap((a) => [...matchTerms(a)]))].filter((t) => !skip.has(t));
    const measure = (
      ofAspects.length > 0
        ? ofAspects
        : [...wanted].filter((t) => !entities.some((e) => matchTerms(e).has(t)))
    ).join(" ");
    // Shown as the request's own words for what is measured ("three-year cost per technician").
    const shown = aspects.slice(0, 2).join(", ") || "figure";
    const found = entities
      .slice(0, 2)
      .map((e) =>
        figureInProse(
          e,
          { measure, others: entities, totalMonths: span && !span.rate ? span.months : undefined },
          reads,
        ),
      );
    const [x, y] = found;
    if (!x || !y || kindOf(x.q) !== kindOf(y.q)) return null;
    return [fromProse(x, shown), fromProse(y, shown)];
  }
  const items = [...best.items.entries()].map(([item, c]) => ({ item, c }));
  // Items the request names that the list leaves out (the compared ones, or a name the asking
  // clause gives that is not the subject): the text may state theirs.
  const subject = frame.subject ? normalise(frame.subject) : "";
  const focusNames = focus
    ? names.filter((n) => mentions(focus, firstOf(n)) && normalise(n) !== subject && !entities.includes(n))
    : [];
  for (const e of [...entities, ...focusNames]) {
    if (items.some((x) => mentions(x.item, firstOf(e)) || mentions(e, firstOf(x.item)))) continue;
    const prose = figureInProse(
      e,
      { measure: best.shared, others: [...items.map((x) => x.item), ...entities], kind: best.kind },
      reads,
    );
    if (prose) items.push({ item: e, c: fromProse(prose, best.shared) });
  }
  // The items the asking clause names come first, in its order; then the rest of the request's.
  const place = (item: string) =>
    focus && mentions(focus, firstOf(item))
      ? firstMention(focus, item)
      : request.length + firstMention(request, item);
  const named = items
    .filter((x) => mentions(request, firstOf(x.item)))
    .sort((x, y) => place(x.item) - place(y.item));
  const byValue = [...items].sort((x, y) => y.c.q.amount - x.c.q.amount);
  const [first, second] = byValue;
  // The other side named as an end of the list ("ahead of the weakest one", "between the priciest
  // and the cheapest"): that end, not the runner-up. An asking clause that names no item and
  // both ends (or the far one) is about the ends, whatever the rest of the request names.
  const last = byValue.at(-1);
  const inFocus = focus ? bareExtremes(focus) : [];
  const ends = inFocus.length > 0 ? inFocus : bareExtremes(request);
  const endsOnly = focus !== null && !items.some((x) => mentions(focus, firstOf(x.item)));
  // "how far is the most expensive one above the four-vendor average": one side is the list's
  // average as a document states it (a figure of no item), the other the item or end asked.
  const average = averageOf(focus ?? request, all, best);
  if (average) {
    const side = named[0] ?? (ends.includes("min") ? last : first);
    if (side && side.c !== average) return [side.c, average];
  }
  if (endsOnly && ends.includes("min") && first && last && first !== last) return [first.c, last.c];
  if (named.length >= 2)
    return [(named[0] as (typeof items)[number]).c, (named[1] as (typeof items)[number]).c];
  if (namedOnly) return null;
  if (named.length === 1 && first && second) {
    const one = named[0] as (typeof items)[number];
    const end = ends.includes("min") ? last : ends.includes("max") ? first : undefined;
    if (end && end !== one) return [one.c, end.c];
    return [one.c, (one === first ? second : first).c];
  }
  if (ends.includes("min") && first && last && first !== last) return [first.c, last.c];
  return first && second ? [first.c, second.c] : null;
}

const fromProse = (p: ProseFigure, measure: string): Candidate => ({
  label: `${p.item} ${measure}`.trim(),
  value: p.value,
  docId: p.docId,
  q: p.q,
});

const firstMention = (text: string, item: string): number => {
  const at = text.toLowerCase().indexOf((item.split(" ")[0] ?? item).toLowerCase());
  return at < 0 ? Number.POSITIVE_INFINITY : at;
};

/**
 * The compared item that the list measuring what the request asks lacks: "how much better does
 * Braidline recover than Cortexa" when the documents read list Braidline's tool-failure recovery
 * rate but not Cortexa's — while another list (loop rates) has both. A gap on that other list
 * would answer another question; the missing item's figure is searched for instead. Null when the
 * best-fitting list has every compared item, or none of them.
 */
export function measureLacks(
  request: string,
  frame: ResearchFrame,
  all: readonly Candidate[],
  reads: readonly ReadDoc[],
): string | null {
  const lineups = [...lineupsOf(all).values()];
  const has = (l: { items: Map<string, Candidate> }, e: string) =>
    [...l.items.keys()].some((item) => mentions(item, firstOf(e)));
  // The items compared: names the documents list figures for ("TaskForge", a benchmark, is none).
  const entities = frame.entities.filter(
    (e) => mentions(request, firstOf(e)) && lineups.some((l) => has(l, e)),
  );
  if (entities.length < 2) return null;
  // The measure's words: the request's, less its subject's and the items' own names.
  const skip = new Set([
    ...(frame.subject ? matchTerms(frame.subject) : []),
    ...entities.flatMap((e) => [...matchTerms(e)]),
  ]);
  const wanted = new Set([...termsWithGloss(request, reads)].filter((t) => !skip.has(t)));
  // A word of the measure's family counts: "recovers more often" asks the "recovery rate".
  const score = (l: { shared: string }) => familyHits(matchTerms(l.shared), wanted);
  const complete = Math.max(0, ...lineups.filter((l) => entities.every((e) => has(l, e))).map(score));
  // By a clear margin (two words of the measure more): a list naming the same measure in fewer
  // words ("drift" beside "goal drift") is no other measure.
  const fits = lineups
    .filter((l) => score(l) >= complete + 2 && entities.some((e) => has(l, e)))
    .sort((x, y) => score(y) - score(x))[0];
  // A single item's figure makes no list: the items' own figures as the documents list them.
  const single = all
    .filter((c) => [...matchTerms(c.label)].filter((t) => wanted.has(t)).length >= complete + 2)
    .find((c) => entities.some((e) => mentions(c.label, firstOf(e))));
  const owner = fits ?? (single ? { items: new Map([[single.label, single]]) } : null);
  if (!owner) return null;
  const lacking = entities.find((e) => !has(owner, e));
  // The text may state it where no list does ("7% of Relaywright runs"): the pair is made from that.
  const measure = fits?.shared ?? [...wanted].join(" ");
  if (!lacking || figureInProse(lacking, { measure, others: entities }, reads)) return null;
  return lacking;
}
