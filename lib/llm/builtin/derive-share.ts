import { clausesOf } from "../../language/english";
import { placeOnly } from "../../language/places";
import { parseQuantity } from "../../tools/calculate";
import { resultOf } from "./derive-upstream";
import type { ResearchFrame } from "./frame";
import { gloss, placesIn, termsOf } from "./gloss";
import { derivationCue, parseGoalOptions } from "./goal-options";
import { parseGoalTerms } from "./goal-terms";
import { type Figure as Candidate, firstOf, lineupsOf, sharedEnds } from "./lineups";
import { kindOf } from "./prose-figures";
import { mentions, normalise } from "./text";
import type { Derivation, ReadDoc } from "./upstream";

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
  /** The one part, when the plan works out one share per part the clause names. */
  only?: string,
): [Candidate, Candidate] | null {
  const byLabel = new Map(all.map((c) => [normalise(c.label), c]));
  // A sum worked out upstream ("North America and Europe combined") — not a projection, whose
  // formula has a "+" too ("1.1 × (1 + 24%)^5").
  const sum = only
    ? undefined
    : derived.filter((d) => d.operation !== "apply_rate" && /\+/.test(d.formula)).at(-1);
  const others = only ? partsAsked(request).filter((p) => p !== only) : [];
  const names = namesOf(request, frame).filter((n) => !others.includes(n));
  const wholeName = wholeNamed(request, names);
  // The part is a name the clause asking the share gives ("what share of Asia-Pacific's market
  // China accounts for"), not another the request sizes elsewhere ("… and North America").
  // "What share is Asia-Pacific today?": the clause names its part after the verb, the whole unsaid.
  const clause =
    clausesOf(request).find((c) => SHARE_OF_WORDS.test(c)) ??
    clausesOf(request).find((c) => SHARE_IS.test(c));
  const inClause = clause ? names.filter((n) => mentions(clause, firstOf(n))) : [];
  const pairOf = (wholes: readonly string[], parts: readonly string[], larger: boolean) => {
    for (const a of all) {
      for (const b of all) {
        if (a === b || kindOf(a.q) !== kindOf(b.q) || (larger && b.q.amount <= a.q.amount)) continue;
        const split = sharedEnds(a.label, b.label);
        if (!split) continue;
        const whole = wholes.find((w) => mentions(split.itemB, firstOf(w)));
        if (!whole || mentions(split.itemA, firstOf(whole))) continue;
        if (parts.some((n) => n !== whole && mentions(split.itemA, firstOf(n))))
          return [a, b] as [Candidate, Candidate];
      }
    }
    return null;
  };
  if (wholeName) {
    const parts = inClause.filter((n) => n !== wholeName);
    const pair = pairOf([wholeName], parts.length > 0 ? parts : names, false);
    if (pair) return pair;
  } else {
    // "what share of the regional total does China account for": a whole named by its kind is the
    // request's other name whose figure of the same measure is larger (the region China is in);
    // the parts are the names the words after "of" give.
    const ofWords = clause ? (SHARE_OF_WORDS.exec(clause)?.[1] ?? "") : "";
    const parts = names.filter((n) => mentions(ofWords, firstOf(n)));
    if (CLASS_WHOLE.test(ofWords) && parts.length > 0) {
      const pair = pairOf(
        names.filter((n) => !parts.includes(n)),
        parts,
        true,
      );
      if (pair) return pair;
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
      if (
        (inClause.length > 0 ? inClause : names).some(
          (n) => mentions(split.itemA, n.split(/\s+/)[0] ?? n) || mentions(n, split.itemA),
        )
      )
        return [a, whole];
    }
  }
  return null;
}

/**
 * "What share is Asia-Pacific today?": the part the clause names, over the whole no lineup
 * itemises — of the same kind and year, larger, the figure whose other words the part's share most
 * ("Specialty coffee market Asia-Pacific 2025" of "Specialty coffee market size 2025").
 */
export function shareOfTotalPair(
  request: string,
  frame: ResearchFrame,
  all: readonly Candidate[],
): [Candidate, Candidate] | null {
  const clause = clausesOf(request).find((c) => SHARE_IS.test(c));
  if (!clause) return null;
  const part = namesOf(clause, frame).find((n) => all.some((c) => mentions(c.label, firstOf(n))));
  if (!part) return null;
  const itemised = new Set(lineupsOf(all).flatMap((l) => [...l.items.values()].map((c) => c.label)));
  const yearOf = (c: Candidate) => /\b(?:19|20)\d\d\b/.exec(c.label)?.[0] ?? "";
  const termsOfLabel = (c: Candidate) => new Set(normalise(c.label).split(/\s+/));
  let best: { pair: [Candidate, Candidate]; score: number } | null = null;
  for (const a of all.filter((c) => mentions(c.label, firstOf(part)))) {
    for (const b of all) {
      if (b === a || kindOf(b.q) !== kindOf(a.q) || b.q.amount <= a.q.amount) continue;
      if (itemised.has(b.label) || mentions(b.label, firstOf(part)) || yearOf(b) !== yearOf(a)) continue;
      const mine = termsOfLabel(a);
      const score = [...termsOfLabel(b)].filter((t) => mine.has(t)).length;
      if (!best || score > best.score) best = { pair: [a, b], score };
    }
  }
  return best && best.score > 0 ? best.pair : null;
}

/** The calculation task's subject for one share of several parts a clause names ("China and Japan each"). */
export const SHARE_PART = "share of part";

/**
 * The parts one clause asks a share of, when it names several ("what share of the region China and
 * Japan each account for"): the names it coordinates, the whole it names aside. Fewer than two: none.
 */
export function partsAsked(request: string): string[] {
  const clause = clausesOf(request).find((c) => SHARE_OF_WORDS.test(c));
  if (!clause) return [];
  const whole = SHARE_OF_WORDS.exec(clause)?.[1] ?? "";
  // The whole is what "of" opens on ("of Asia-Pacific's market China and Japan …").
  const parts = parseGoalTerms(clause).coordinatedNames.filter(
    (n) => !whole.toLowerCase().startsWith(firstOf(n).toLowerCase()),
  );
  return parts.length >= 2 ? parts : [];
}

/**
 * A clause asking a share of something, and the words after "of": "share of", "what slice of",
 * "what portion of" — the nouns of a part of a whole (never "part of", which is mostly idiom).
 */
const SHARE_OF_WORDS =
  /\b(?:share|percent(?:age)?|proportion|fraction|portion|slice|chunk)\s+of\s+(?:the\s+|its\s+)?(.{2,40})/iu;
/** A share asked of a part, the whole unsaid: "what share is Asia-Pacific", "what percentage are imports". */
const SHARE_IS = /\bwhat\s+(?:percent(?:age)?|share|proportion|fraction)\s+(?:is|are|was|were)\b/iu;
/** A whole named by its kind, not by a name: "the region", "the regional total", "the market as a whole". */
const CLASS_WHOLE =
  /^(?:the\s+)?(?:whole\s+|entire\s+|overall\s+)?(?:region(?:al)?|country|continent|market|total|sector|segment)\b/i;

const namesOf = (request: string, frame: ResearchFrame): string[] => [
  ...parseGoalTerms(parseGoalOptions(request).rest).names,
  ...frame.entities,
];

/** The name of the whole a share is asked of ("share of the Asia-Pacific market", "占亚太 (Asia-Pacific) 多大比例"). */
function wholeNamed(request: string, names: readonly string[]): string | undefined {
  // The whole named after "share of" ("what share of the Asia-Pacific market does China account
  // for"): an item of the same list as the part, not the list's total.
  const of = SHARE_OF_WORDS.exec(request)?.[1];
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

/** A clause that points back at what was just worked out ("is that", 这部分, "of it"). */
const POINTS_BACK =
  /\b(?:is|was|are|were)\s+(?:that|this|those)\b|\b(?:that|this)\s+(?:figure|amount|number|sum|part|portion|spend(?:ing)?|revenue)\b|这部分|这一部分|这块|这个数|它(?:们)?占|其占|^\s*(?:再|并|还|那)?\s*(?:看|算|问)?(?:一下|下)?\s*占/iu;

/** What a share is asked of, in words: after "of" ("what fraction of global manufacturing spend"), or 占 … 的比例. */
const WHOLE_WORDS =
  /\b(?:share|percent(?:age)?|%|proportion|fraction|portion|part|slice|chunk)\s+of\s+(?:the\s+|all\s+)?(.{2,60}?)(?=\s+(?:is|was|are|were|does|do|would|that|this|it)\b|[?.!,;]|$)|占\s*([^，。？！,?]{1,30}?)\s*(?:的)?\s*(?:多大|多少|几成|百分之几|百分之多少|比例|比重|份额|百分比)/iu;

/**
 * A share of a part worked out upstream ("roughly how much do Chinese manufacturers spend … and what
 * fraction of global manufacturing spend is that"): the clause asking points back at it, the part
 * is that result, the whole the amount of its kind whose name has the clause's words and the same
 * places — larger than the part, and not the whole the part was worked out from.
 */
export function upstreamSharePair(
  clauses: readonly string[],
  all: readonly Candidate[],
  derived: readonly Derivation[],
  reads: readonly ReadDoc[],
  /** The whole request: a whole named by no place ("the market") is of a place the request names or none. */
  request = "",
): [Candidate, Candidate] | null {
  const places = (text: string) => placesIn(text, reads);
  // Chinese words with the English the library's bilingual statements give them (全球制造业收入 →
  // "manufacturing segment revenue").
  const terms = (text: string) => new Set([...termsOf(text, reads), ...gloss(text, reads, true)]);
  const m = clauses
    .filter((c) => POINTS_BACK.test(c))
    .map((c) => WHOLE_WORDS.exec(c))
    .find((x) => x !== null);
  const words = (m?.[1] ?? m?.[2] ?? "").trim();
  if (!words) return null;
  const last = [...derived]
    .reverse()
    .find((d) => (d.operation === "product" || d.operation === "sum") && !d.rows);
  const result = last ? resultOf(last) : null;
  if (!last || !result) return null;
  const part: Candidate = {
    label: last.label.replace(/:.*$/, "").trim() || last.label,
    ...result,
    docId: last.docIds[0],
  };
  const used = new Set((last.inputs ?? []).map((i) => normalise(i.label)));
  // The whole of a total is of its inputs' measure ("installations 2024" for three installers'),
  // whatever word the clause calls it by ("the market").
  const inputTerms = (last.inputs ?? []).map((i) => terms(i.label));
  const measure = [...(inputTerms[0] ?? [])].filter((t) => inputTerms.every((x) => x.has(t)));
  const wanted = new Set([...terms(words), ...(last.operation === "sum" ? measure : [])]);
  const wantedPlaces = places(words);
  const requestPlaces = wantedPlaces.size === 0 ? places(request) : wantedPlaces;
  let best: { whole: Candidate; score: number } | null = null;
  for (const whole of all) {
    if (kindOf(whole.q) !== kindOf(part.q) || whole.q.amount <= part.q.amount) continue;
    if (used.has(normalise(whole.label))) continue;
    const own = places(whole.label);
    if (wantedPlaces.size > 0 ? own.size !== wantedPlaces.size : own.size > 1) continue;
    if ([...own].some((p) => !requestPlaces.has(p))) continue;
    const have = terms(whole.label);
    const score = [...wanted].filter((t) => have.has(t)).length;
    if (score > 0 && (!best || score > best.score)) best = { whole, score };
  }
  return best ? [part, best.whole] : null;
}

/** The words a clause names its share's whole by ("the global market", 全球). */
const shareWhole = (clause: string): string => WHOLE_WORDS.exec(clause)?.slice(1).find(Boolean)?.trim() ?? "";

/** The calculation task's subject for one of several shares a request asks, by its clause. */
export const SHARE_OF = "share asked";

/**
 * "What share of the Asia-Pacific market is China? And what share of the global market?": each
 * clause asking a share of a whole of its own is its own calculation. One such clause (or none)
 * asks one share, from the whole request.
 */
export function sharesAsked(request: string): string[] {
  const cue = derivationCue("share");
  const asking = clausesOf(request).filter((c) => cue?.test(c) && WHOLE_WORDS.test(c));
  // Each of its own whole: "what share of the market … and how has its share of the market changed" asks one.
  // (Told apart by their first word: "the global market" against "the Asia-Pacific … market".)
  const wholes = new Set(asking.map((c) => normalise(shareWhole(c)).split(/\s+/)[0] ?? ""));
  return asking.length >= 2 && wholes.size === asking.length ? asking.map((c) => c.trim()) : [];
}

/**
 * One clause's share: the part the request names (or the part worked out upstream), over the whole
 * that clause names — another clause's whole is no side of it.
 */
export function clauseSharePair(
  clause: string,
  request: string,
  frame: ResearchFrame,
  all: readonly Candidate[],
  derived: readonly Derivation[],
  reads: readonly ReadDoc[],
): [Candidate, Candidate] | null {
  const upstream = upstreamSharePair([clause], all, derived, reads);
  if (upstream) return upstream;
  const wholeOf = (c: string) => WHOLE_WORDS.exec(c)?.slice(1).find(Boolean) ?? "";
  const all_ = namesOf(request, frame);
  const own = wholeOf(clause);
  // The part the clause names itself ("亚太又占全球多少"), else one no other clause takes as its whole.
  const inClause = all_.filter((n) => mentions(clause, firstOf(n)) && !mentions(own, firstOf(n)));
  const otherWholes = sharesAsked(request)
    .filter((c) => c !== clause)
    .map(wholeOf);
  const names =
    inClause.length > 0
      ? [...inClause, ...all_.filter((n) => mentions(own, firstOf(n)))]
      : all_.filter((n) => !otherWholes.some((w) => mentions(w, firstOf(n))));
  return sharePair(clause, { ...frame, entities: names }, all, derived);
}
