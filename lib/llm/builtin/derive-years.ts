import { tagEnglish } from "../../language/english";
import { parseQuantity } from "../../tools/calculate";
import { splitSentences } from "../../tools/sentences";
import type { ResearchFrame } from "./frame";
import { derivationClause, parseGoalOptions } from "./goal-options";
import { parseGoalTerms } from "./goal-terms";
import { type Figure as Candidate, relevance } from "./lineups";
import { kindOf } from "./prose-figures";
import { matchTerms, mentions, normalise, overlap, truncate } from "./text";
import type { ReadDoc } from "./upstream";
import { VALUE, valuesIn } from "./values";

/** One measure over time: its value in other years, and a change a sentence states "from X to Y". */

const YEAR = /\b(?:19|20)\d\d\b/g;

/**
 * "Quillon cut the list price of Scout from USD 59 to USD 39": a change the text states, in a
 * sentence naming what the request is about and sharing its words, earlier value first.
 */
export function changePair(
  request: string,
  frame: ResearchFrame,
  reads: readonly ReadDoc[],
): [Candidate, Candidate] | null {
  const names = [
    ...parseGoalTerms(parseGoalOptions(frame.request).rest).names,
    ...(frame.subject ? [frame.subject] : []),
  ];
  const wanted = matchTerms(request);
  // "rose from 71% before deployment to 82% after twelve months": a few words may qualify each value.
  const FROM_TO = new RegExp(
    `\\bfrom\\s+(${VALUE.source})(?:\\s+[\\p{L}-]+){0,3}?\\s+to\\s+(${VALUE.source})|从\\s*(${VALUE.source})\\s*(?:[降升增减涨跌]\\S{0,2})?(?:至|到)\\s*(${VALUE.source})`,
    "iu",
  );
  // The clause that asks for the change: what changed, in its words ("how many points the
  // first-time fix rate improved").
  const clause = ["difference", "percent_change"]
    .map((op) => derivationClause(request, op as "difference"))
    .find((c): c is string => !!c);
  const asked = clause ? matchTerms(clause) : new Set<string>();
  let best: { pair: [Candidate, Candidate]; score: number } | null = null;
  for (const doc of reads) {
    for (const sentence of splitSentences(doc.text)) {
      // About what the request names, or — naming nothing there — about the measure the asking
      // clause names, most of its words.
      const about =
        names.some((n) => mentions(sentence, n.split(/\s+/)[0] ?? n)) ||
        (asked.size > 0 && overlap(asked, matchTerms(sentence)) >= 0.5);
      if (!about) continue;
      const m = FROM_TO.exec(sentence);
      // A change is said with a verb of change ("cut … from USD 59 to USD 39", "rose from 71% …");
      // "prices range from USD 35 to USD 62" is a spread, not a change.
      if (m?.[1] && !CHANGED_BEFORE.test(sentence.slice(Math.max(0, (m.index ?? 0) - 60), m.index ?? 0)))
        continue;
      const from = m?.[1] ?? m?.[3];
      const to = m?.[2] ?? m?.[4];
      const qa = from ? parseQuantity(from) : null;
      const qb = to ? parseQuantity(to) : null;
      // One kind of number: both percentages, or both in one currency ("USD 59" to "USD 39 per month").
      const kind = (q: typeof qa) => (q?.suffix === "%" ? "%" : (q?.prefix ?? "").toLowerCase());
      if (!from || !to || !qa || !qb || kind(qa) !== kind(qb)) continue;
      const score = overlap(wanted, matchTerms(sentence));
      // The words before "from" say what changed ("cut the list price of Quillon Scout").
      const lead =
        sentence
          .slice(0, m?.index ?? 0)
          .split(/[,;:]\s*/)
          .at(-1) ?? "";
      const label = truncate(whatChanged(lead) || "value", 80);
      if (!best || score > best.score) {
        best = {
          pair: [
            { label: `${label}, before`, value: from.trim(), docId: doc.docId, q: qa },
            { label: `${label}, after`, value: to.trim(), docId: doc.docId, q: qb },
          ],
          score,
        };
      }
    }
  }
  return best?.pair ?? null;
}

/**
 * "USD 4.2 billion in 2025, up from USD 3.5 billion in 2024 and USD 2.9 billion in 2023": a
 * sentence that states a known figure with its year and other values of its kind with other years
 * states the same measure in those years — labelled as the known figure, with the year changed.
 * The known figure may be stated with no year, as the present ("Quillon holds 17%, up from 12% in
 * 2023"; "Quillon 占 17%，高于 2023 年的 12%") when the sentence names its item.
 */
export function yearSeries(known: readonly Candidate[], reads: readonly ReadDoc[]): Candidate[] {
  const found: Candidate[] = [];
  const has = (label: string) => [...known, ...found].some((c) => normalise(c.label) === normalise(label));
  const dated = new RegExp(
    `(${VALUE.source})\\s+(?:in|for|as of)\\s+((?:19|20)\\d\\d)\\b|((?:19|20)\\d\\d)\\s*年的?\\s*(${VALUE.source})`,
    "giu",
  );
  for (const doc of reads) {
    for (const sentence of splitSentences(doc.text)) {
      const stated = [...sentence.matchAll(dated)].flatMap((m) => {
        const value = (m[1] ?? m[4] ?? "").trim();
        const q = parseQuantity(value);
        return q ? [{ value, year: m[2] ?? m[3] ?? "", q }] : [];
      });
      if (stated.length === 0) continue;
      const known_ = (x: { year: string; q: Candidate["q"] }, yearInLabel: boolean) =>
        known.find(
          (c) =>
            c.q.amount === x.q.amount &&
            kindOf(c.q) === kindOf(x.q) &&
            (yearInLabel ? c.label.includes(x.year) : YEAR_IN.test(c.label)) &&
            (yearInLabel || mentions(sentence, c.label.split(/\s+/)[0] ?? c.label)),
        );
      let anchor = stated.map((x) => ({ x, c: known_(x, true) })).find((a) => a.c);
      if (!anchor) {
        // The present value, stated with no year: a known figure's value, of a named item.
        const undated = valuesIn(sentence)
          .map((value) => ({ value, q: parseQuantity(value) }))
          .filter((v) => v.q && !stated.some((x) => x.value === v.value));
        for (const v of undated) {
          const c = known_({ year: "", q: v.q as Candidate["q"] }, false);
          const year = c?.label.match(YEAR)?.at(-1);
          if (c && year && !stated.some((x) => x.year === year)) {
            anchor = { x: { value: v.value, year, q: v.q as Candidate["q"] }, c };
            break;
          }
        }
      }
      if (!anchor?.c) continue;
      for (const x of stated) {
        if (x === anchor.x || kindOf(x.q) !== kindOf(anchor.c.q) || x.year === anchor.x.year) continue;
        const label = anchor.c.label.replace(anchor.x.year, x.year);
        if (!has(label)) found.push({ label, value: x.value, docId: doc.docId, q: x.q });
      }
    }
  }
  return found;
}

/** A year named anywhere in a text. */
export const YEAR_IN = /\b(?:19|20)\d\d\b/;

/**
 * One measure in two years ("market size 2024" / "2025"), earlier first: the years the request
 * names when it names two of them, otherwise the earliest and the latest.
 */
export function yearPair(
  candidates: Candidate[],
  wanted: Set<string>,
  request = "",
  /** The request sets its year against the present ("share now vs 2023"). */
  now = false,
): [Candidate, Candidate] | null {
  const byMeasure = measureGroups(candidates);
  // Years the request names must be years the measure has: "the price cut in 2024" is no change
  // of a measure listed for 2023 and 2025.
  const asked = new Set(request.match(YEAR) ?? []);
  const all = [...byMeasure.values()].filter((g) => g.length >= 2);
  // With none of them ("for our 2026 budget memo"), the year is no year of a measure at all.
  const withAsked = all.filter((g) => g.some((c) => asked.has(String(yearOf(c)))));
  const groups = asked.size === 0 || withAsked.length === 0 ? all : withAsked;
  const group = groups.sort(
    (g, h) => relevance(h[0] as Candidate, wanted) - relevance(g[0] as Candidate, wanted),
  )[0];
  if (!group) return null;
  const named = group.filter((c) => asked.has(String(yearOf(c))));
  const sorted = [...group].sort((x, y) => yearOf(x) - yearOf(y));
  // "share now vs 2023", "现在……比 2023 年": the year named against the latest one.
  if (named.length === 1 && now) {
    const latest = sorted.at(-1) as Candidate;
    const then = named[0] as Candidate;
    return yearOf(then) < yearOf(latest) ? [then, latest] : null;
  }
  const picked = named.length >= 2 ? [...named].sort((x, y) => yearOf(x) - yearOf(y)) : sorted;
  return [picked[0] as Candidate, picked.at(-1) as Candidate];
}

/**
 * Figures of one measure in several years ("market size 2024", "market size 2025"), keyed by the
 * measure's words and kind of number.
 */
export function measureGroups(candidates: readonly Candidate[]): Map<string, Candidate[]> {
  const byMeasure = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const years = c.label.match(YEAR);
    if (!years) continue;
    const key = `${c.label.replace(YEAR, "").replace(/\s+/g, " ").trim().toLowerCase()}|${kindOf(c.q)}`;
    byMeasure.set(key, [...(byMeasure.get(key) ?? []), c]);
  }
  // "market size 2030 forecast" is the "market size" of a later year, qualified: a measure's key
  // with one more word, written in lower case right beside the year, joins the measure's own ("Asia-Pacific
  // market size", "rest-of-world market size" name other items, before the measure).
  for (const [key, group] of [...byMeasure]) {
    const [text, kind] = key.split("|") as [string, string];
    const own = text.split(" ");
    const home = [...byMeasure.keys()].find((other) => {
      const [otherText, otherKind] = other.split("|") as [string, string];
      const words = otherText.split(" ");
      if (other === key || otherKind !== kind || words.length !== own.length - 1) return false;
      const extra = own.filter((w) => !words.includes(w));
      return (
        extra.length === 1 &&
        /^\p{L}+$/u.test(extra[0] as string) &&
        words.every((w) => own.includes(w)) &&
        group.every((c) =>
          new RegExp(
            `(?:\\b(?:19|20)\\d\\d\\s+${extra[0]}|(?<![\\p{L}\\d-])${extra[0]}\\s+(?:19|20)\\d\\d)\\b`,
            "u",
          ).test(c.label),
        )
      );
    });
    if (!home) continue;
    byMeasure.set(home, [...(byMeasure.get(home) ?? []), ...group]);
    byMeasure.delete(key);
  }
  return byMeasure;
}

/** A verb of change over time: what it asks of one measure is its before and after. */
export const CHANGED =
  /\b(?:improv(?:e|ed|es)|r(?:o|i)se|risen|gr(?:o|e)w|grown|f(?:a|e)ll|fallen|dropp?(?:ed)?|increas(?:e|ed)|decreas(?:e|ed)|declin(?:e|ed)|gain(?:ed)?|cut|reduc(?:e|ed))\b|提升|提高|下降|增长|降低/iu;

/** A verb of change right before "from": the change the text states (not a range). */
const CHANGED_BEFORE =
  /\b(?:cut|cuts|raised|lowered|reduced|increased|decreased|rose|risen|fell|fallen|grew|grown|dropped|climbed|declined|jumped|slipped|went|moved|changed|improved|shrank|expanded|slashed|up|down)\b[^.;:]{0,50}$/iu;

/** The present, set against a year the request names. */
export const NOW = /\b(?:now|currently|today|these days|at present|this year)\b|现在|目前|如今|当前|今年/iu;

const yearOf = (c: Candidate) => Number(c.label.match(YEAR)?.at(-1) ?? 0);

/**
 * The thing a change is stated of, from the words before "from": "it cut the list price of Quillon
 * Scout" → "the list price of Quillon Scout", "the first-time fix rate rose" → "the first-time fix
 * rate". The verb and what stands before it go; so does a verb after the noun phrase.
 */
function whatChanged(lead: string): string {
  if (/\p{Script=Han}/u.test(lead)) return lead.trim().slice(-24);
  const words = tagEnglish(lead.trim()).slice(-8);
  const isVerb = (w: (typeof words)[number]) =>
    (w.tags.has("Verb") && !w.tags.has("Gerund") && !w.tags.has("Noun")) ||
    w.tags.has("Adverb") ||
    CHANGED.test(w.text);
  let end = words.length;
  while (end > 0 && isVerb(words[end - 1] as (typeof words)[number])) end--;
  const verbAt = words.slice(0, end).findLastIndex(isVerb);
  const kept = words.slice(verbAt + 1, end);
  return kept.length > 0
    ? lead
        .trim()
        .slice((kept[0] as (typeof words)[number]).start, (kept.at(-1) as (typeof words)[number]).end)
    : lead.trim();
}

/**
 * The years a change of one measure runs between, as the text to read them from and whether the
 * present is set against them: the clause that asks, when it names two ("… plus the 2030 forecast.
 * What's the growth from 2023 to 2025?") or a year and "now"; else the request's.
 */
export function yearsAsked(own: string, request: string, now: boolean): [string, boolean] {
  const nowInOwn = NOW.test(own) && YEAR_IN.test(own);
  const years = new Set(own.match(YEAR) ?? []).size >= 2 || nowInOwn ? own : request;
  return againstYear(own, request, years, now);
}

/**
 * "growth versus 2024", "up how much since 2023": the one year the asking clause sets its change
 * against runs to the nearest later year the rest of the request names (its subject's: "market
 * size in 2025"), or to the latest there is. Otherwise the years as chosen.
 */
function againstYear(own: string, request: string, years: string, now: boolean): [string, boolean] {
  const m = AGAINST_YEAR.exec(own);
  const from = m?.[1] ?? m?.[2];
  if (!from || new Set(own.match(YEAR) ?? []).size !== 1) return [years, now];
  const later = (request.replace(own, " ").match(YEAR) ?? [])
    .map(Number)
    .filter((y) => y > Number(from))
    .sort((a, b) => a - b)[0];
  return later ? [`${from} ${later}`, false] : [from, true];
}

const AGAINST_YEAR =
  /\b(?:versus|vs\.?|than|since|compared (?:with|to)|relative to|against)\s+(?:the\s+)?(?:end of\s+|year\s+)?((?:19|20)\d\d)\b|(?:比|相比|较)\s*((?:19|20)\d\d)/iu;
