import { placeOnly } from "../../language/places";
import { parseQuantity } from "../../tools/calculate";
import type { ResearchFrame } from "./frame";
import { parseGoalOptions } from "./goal-options";
import { parseGoalTerms } from "./goal-terms";
import { type Figure as Candidate, firstOf, sharedEnds } from "./lineups";
import { kindOf } from "./prose-figures";
import { mentions, normalise } from "./text";
import type { Derivation } from "./upstream";

/**
 * "Europe's share of the market", "their combined share of the global market": the part (an item
 * the request names, or a sum worked out upstream) over the whole its lineup is a part of — the
 * figure named by the lineup's shared words alone ("Project X market size 2025").
 */
export function sharePair(
  request: string,
  frame: ResearchFrame,
  all: readonly Candidate[],
  derived: readonly Derivation[],
): [Candidate, Candidate] | null {
  const byLabel = new Map(all.map((c) => [normalise(c.label), c]));
  const sum = derived.filter((d) => /\+/.test(d.formula)).at(-1);
  const names = namesOf(request, frame);
  const wholeName = wholeNamed(request, names);
  if (wholeName) {
    for (const a of all) {
      for (const b of all) {
        if (a === b || kindOf(a.q) !== kindOf(b.q)) continue;
        const split = sharedEnds(a.label, b.label);
        if (!split || !mentions(split.itemB, firstOf(wholeName)) || mentions(split.itemA, firstOf(wholeName)))
          continue;
        if (names.some((n) => n !== wholeName && mentions(split.itemA, firstOf(n)))) return [a, b];
      }
    }
  }
  for (let i = 0; i < all.length; i++) {
    for (let j = 0; j < all.length; j++) {
      const a = all[i] as Candidate;
      const b = all[j] as Candidate;
      if (i === j || kindOf(a.q) !== kindOf(b.q)) continue;
      const split = sharedEnds(a.label, b.label);
      if (!split) continue;
      const whole = byLabel.get(normalise(`${split.prefix} ${split.suffix}`));
      if (!whole) continue;
      if (sum) {
        const q = parseQuantity(sum.formatted);
        if (q && kindOf(q) === kindOf(whole.q) && q.amount < whole.q.amount) {
          return [{ label: sum.label, value: sum.formatted, docId: sum.docIds[0], q }, whole];
        }
      }
      if (names.some((n) => mentions(split.itemA, n.split(/\s+/)[0] ?? n) || mentions(n, split.itemA)))
        return [a, whole];
    }
  }
  return null;
}

const namesOf = (request: string, frame: ResearchFrame): string[] => [
  ...parseGoalTerms(parseGoalOptions(request).rest).names,
  ...frame.entities,
];

/** The name of the whole a share is asked of ("share of the Asia-Pacific market", "占亚太 (Asia-Pacific) 多大比例"). */
function wholeNamed(request: string, names: readonly string[]): string | undefined {
  // The whole named after "share of" ("what share of the Asia-Pacific market does China account
  // for"): an item of the same list as the part, not the list's total.
  const of = /\b(?:share|percent(?:age)?|proportion|fraction)\s+of\s+(?:the\s+|its\s+)?(.{2,40})/iu.exec(
    request,
  )?.[1];
  // "中国占亚太 (Asia-Pacific) 市场多大比例": what 占 takes before the words asking how much.
  const ofZh = /占\s*([^，。？！,?]{1,30}?)\s*(?:的)?\s*(?:多大|多少|几成|百分之几|比例|比重|份额)/u.exec(
    request,
  )?.[1];
  return of
    ? names.find((n) => of.toLowerCase().startsWith(firstOf(n).toLowerCase()))
    : ofZh
      ? names.find((n) => mentions(ofZh, firstOf(n)))
      : undefined;
}

/**
 * What a share with a named whole still lacks, no pair found: the whole when no figure names it,
 * else a part the request names that no figure does ("China" in "what share of the Asia-Pacific
 * market is China"); null when the request names no whole.
 */
export function missingSide(request: string, frame: ResearchFrame, all: readonly Candidate[]): string | null {
  const names = namesOf(request, frame);
  const whole = wholeNamed(request, names);
  if (!whole) return null;
  const of = (n: string) => all.filter((c) => mentions(c.label, firstOf(n)));
  // A place the request is only set in ("charge per technician in Europe") is no side of the share.
  const parts = names.filter((n) => n !== whole && !mentions(n, firstOf(whole)) && !placeOnly(n, request));
  const part = parts.find((n) => of(n).length === 0);
  if (part) return part;
  // The whole in the part's kind of number (a market size for a market size, not its growth rate):
  // amounts when the part has any, a share being of amounts.
  const partKinds = parts.flatMap((n) => of(n).map((c) => kindOf(c.q)));
  const amounts = partKinds.filter((k) => k !== "%");
  const kinds = new Set(amounts.length > 0 ? amounts : partKinds);
  return of(whole).some((c) => kinds.size === 0 || kinds.has(kindOf(c.q))) ? null : whole;
}
