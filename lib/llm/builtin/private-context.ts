import { countIn } from "../../language/counts";
import { tagEnglish } from "../../language/english";
import { arrivedLately, handedOver, ownCounted, ownedLocation } from "../../language/own-things";
import {
  decidedElsewhere,
  decidedInClause,
  ownComparisonSide,
  ownPossessor,
} from "../../language/references";
import { decidedElsewhereZh, decidedThenZh, ownTotalityZh } from "../../language/references-zh";
import { parseDate } from "../../tools/dates";
import { datesIn } from "./values";

/**
 * The requester's private context, found by grammar: references only they can resolve (their
 * shortlist, a quote handed to them, their own people counted in a total of theirs), whether the
 * request defines one in place, whether one is mere context, and a total of theirs that counts
 * nothing. The clarifier asks about what is left.
 */
/** What only its owner can say which or how much it is: their shortlist, budget, team, region, quote… */
const OWN_HEADS =
  /(?:shortlist|short-list|accounts?|clients?|customers?|budget|fleet|workforce|headcount|staff|team|portfolio|stack|contracts?|requirements|constraints|sites?|suppliers?|vendors?|providers?|deadline|spreadsheet|data|numbers|proposal|policy|policies|review|guidelines|standards|criteria|rules|pilot|trial|quote|offer|invoice|survey|region|territory|territories|patch|area|country|market|segment|size|price point)/
    .source;
/**
 * Things only the requester knows, named by reference: their own decisions, documents, rules and
 * numbers. The head noun ends the phrase: "our vendor-risk file" is a file, not "our vendor".
 */
const FIRST_PERSON_EN = new RegExp(
  `\\b(?:one of )?(?:our|my)\\s+(?:(?:entire|whole|current|own|internal|preferred|existing|full|total|latest|recent)\\s+)?(?:[a-z-]+\\s+){0,3}?${OWN_HEADS}\\b(?![-\\w])`,
  "i",
);
/** One of theirs they have but do not describe: "We've got a fixed budget for licences", "I have a quote". */
const HAVE_EN = new RegExp(
  `(?<=\\b(?:we|i)(?:'ve|\\s+have|'ve\\s+got|\\s+have\\s+got|\\s+got)\\s+)(?:an?|some)\\s+(?:[a-z-]+\\s+){0,2}?${OWN_HEADS}\\b(?![-\\w])`,
  "i",
);
/** Someone else's quantities no document gives: "their entire technician workforce". */
const THIRD_PERSON_EN =
  /\b(?:their|the client's|this client's)\s+(?:(?:entire|whole|current|total|full)\s+)?(?:[a-z-]+\s+)?(?:budget|fleet|workforce|headcount|staff|team|sites?)\b/i;
/** Things attached to the request: "the quote in the attachment", "the attached sheet". */
const ATTACHED_EN =
  /\b(?:in|from)\s+the\s+attach(?:ment|ed\s+[a-z]+)|\battached\s+(?:file|quote|sheet|spreadsheet|document|offer)\b/i;
const PRIVATE_ZH =
  /(?:我们|我司|我方|客户)的?(?:候选|清单|名单|预算|团队|技术人员|员工|人数|需求|供应商|政策|审查|法务|试点|报价|区域|地区|片区|国家|市场|规模)|附件|附上的/;

/** A verb of asking or deliberating right after a phrase ("wants", "is planning"): the phrase is its subject, the asker. */
const ASKS =
  /^\s+(?:(?:has|have|had|is|are|was|were|would|just)\s+)?(?:wants?|wanted|asks?|asked|asking|needs?|needed|requests?|requested|requesting|like|looking for|plans?|planned|planning|prepares?|preparing|evaluating|considering|reviewing|deciding|choosing|working on|putting together|drafting)\b/i;

/**
 * The goal itself says what the reference is: "our maintenance team (200 technicians)", "our
 * shortlist: Fernbrook and Nordvale", "我们苏州工厂（150 名技师）". A parenthesis, colon or dash right
 * after it (past a short "at the Brno plant") that holds a number or a name defines it in place.
 */
const IN_PLACE =
  /^(?:\s+(?:at|in|of|for|from)\s+(?:the\s+|our\s+)?[\p{L}\s'-]{1,40}?)?\s*(?:[(（][^)）]*[\d\p{Lu}][^)）]*[)）]|[:：—–]\s*[\d\p{Lu}]|-\s+[\d\p{Lu}]|,\s*(?:i\.e\.|namely|that is)\s)/u;

/** A count right after the reference is its size given in place: "我们团队 25 个人", "our team of 40 people". */
const SIZE_IN_PLACE =
  /^\s*(?:有|是|共|共有|为|of|is|are|has)?\s*(?:about\s+|约|大约)?\d[\d,]*\s*(?:个|名|位)?\s*(?:人|people|persons|seats|users|techs?|technicians|engineers|members|staff)/iu;

/** A day and month written in digits ("15/09", "9月15日"): when, not how much. */
const DATE_LIKE = /\b\d{1,2}[/.-]\d{1,2}\b|\d{1,2}\s*月\s*\d{1,2}\s*日?/gu;

export function definedInPlace(goal: string, ref: string): boolean {
  const at = goal.indexOf(ref);
  if (at < 0) return false;
  const after = goal.slice(at + ref.length, at + ref.length + 120);
  // An event of theirs dated in its own clause ("Our compliance review sits on 15 September 2025"):
  // its date is what the request needs of it, and it is given.
  const clause = after.split(/[.?!;。？！；]/u)[0] ?? "";
  const dated = datesIn(clause).some((d) => parseDate(d)?.precise);
  // As the subject of a statement, its sentence tells the numbers the report needs of it ("Our
  // customer runs a 1,200-mile load … every week."): a quantity other than a year or a date. Asked
  // about ("What would our usual supplier charge for 200 units?"), it stays unknown.
  const opening = at === 0 || /[.?!;。？！；]\s*$/u.test(goal.slice(0, at));
  const statement = /^[^?？]*(?:[.!。！]|$)/u.test(
    goal.slice(at + ref.length).split(/(?<=[.?!。？！])/u)[0] ?? "",
  );
  // The numbers are its predicate's, after its verb: in "X's renewal quote for our 300 crews landed
  // yesterday" the 300 counts the crews and the quote stays unknown.
  const whole = `${ref}${clause}`;
  const verb = tagEnglish(whole).find(
    (w) => w.start >= ref.length && w.tags.has("Verb") && !w.tags.has("Gerund"),
  );
  const predicate = verb ? whole.slice(verb.end) : "";
  const quantified =
    opening &&
    statement &&
    /(?<![\p{L}\d-])\d/u.test(predicate.replace(/\b(?:19|20)\d\d\b/g, "").replace(DATE_LIKE, ""));
  return IN_PLACE.test(after) || SIZE_IN_PLACE.test(after) || dated || quantified;
}

export function privateReference(goal: string): string | null {
  return privateReferences(goal).find((ref) => !definedInPlace(goal, ref)) ?? null;
}

/** What the request's items are or what is given about them: never mere context. */
const SELECTS =
  /\b(?:shortlist|short-list|suppliers?|vendors?|providers?|quote|offer|invoice|data|numbers|spreadsheet|proposal|contracts?|requirements|constraints|criteria|rules|policy|policies|standards|guidelines|budget|region|territory|territories|patch|area|country|market|segment|size|price point)$/i;

/**
 * Asking is priced: "Braidline vs Loomwork for our platform team" names whom the report is for,
 * and nothing asked depends on who they are. A first-person reference after "for" is such context
 * unless it is what selects or constrains the items (a shortlist, a budget, requirements), or the
 * request asks an amount that its size would feed (a total, a sum, a projection).
 */
export function onlyContext(goal: string, ref: string, derived: readonly string[]): boolean {
  const at = goal.indexOf(ref);
  if (at < 0 || !/\bfor\s+$/i.test(goal.slice(0, at)) || !/^(?:our|my)\s/i.test(ref)) return false;
  if (SELECTS.test(ref)) return false;
  if (derived.some((op) => op === "product" || op === "sum" || op === "apply_rate")) return false;
  // What it would cost them, in all ("cost us over three years", "the licences alone"): their size
  // makes the figure. A cost per unit ("cost per task") is the same whoever asks.
  return !TOTAL_COST.test(goal);
}

/**
 * A cost that is theirs, not a price: the requester pays it ("cost us", "we'd spend", "our bill"),
 * it is hypothetical ("what would it cost"), or it is a total ("over three years", "TCO", "the
 * licences alone"). "What the add-on costs" and "the cost per task" are prices, the same for anyone.
 */
const TOTAL_COST = new RegExp(
  [
    /\b(?:cost|costs|run|runs|set|save|saves)\s+(?:us|me)\b/,
    /\b(?:we|i)(?:'d|'ll|\s+would|\s+will|\s+could)?\s+(?:pay|spend|save|afford|budget)\b/,
    /\b(?:our|my)\s+(?:(?:total|annual|yearly|monthly)\s+)?(?:spend|bill|budget|costs?|outlay)\b/,
    /\b(?:would|will|'d|could|might)\s+(?:[\w-]+\s+){0,6}?(?:cost|pay|spend|save|run)\b/,
    /\b(?:total|in all|altogether|all-in|tco|afford|savings?|licen[cs]es alone|over (?:the next )?(?:\w+|\d+) (?:years?|months?))\b/,
    // A term or span priced whole: "over a 3-year term", "a two-year contract".
    /\b(?:over|for|across)\s+(?:a|the|one|two|three|four|five|\d+)(?:[- ](?:year|month))?[- ](?:years?|months?|term|contract|period)\b/,
    /\b(?:\d+|one|two|three|four|five)[- ](?:year|month)\s+(?:term|contract|deal|period|horizon|commitment)\b/,
  ]
    .map((r) => r.source)
    .join("|"),
  "i",
);

/** The requester's own total: "cost us", "we'd save", "save us", "our bill"; 我们…总共/一共/每年…多少钱. */
const OWN_TOTAL =
  /\b(?:cost|costs|save|saves|run)\s+us\b|\bwe(?:'d|'ll|\s+would|\s+will)?\s+(?:pay|spend|save)\b|\b(?:would|will|do|did|are|were|could)\s+we\s+(?:be\s+)?(?:pay(?:ing)?|spend(?:ing)?|sav(?:e|ing))\b|\bour\s+(?:annual|yearly|monthly|total)?\s*(?:bill|spend)\b/i;
const OWN_TOTAL_ZH =
  /(?:我们|我司|我方).*(?:总共|一共|合计|全部|每年|一年).*(?:多少钱|花多少|省多少|总成本|总拥有成本)/u;
/** Over a span or all in: "per year", "a month", "year one", "all-in", "in total". */
const OVER_SPAN =
  /\b(?:per|a|each|every)\s+(?:year|month|quarter|week|annum)\b|\b(?:annual(?:ly)?|yearly|monthly|year one|first year|all-in|in total|altogether)\b/i;
/** A price per unit asked ("per seat", "per technician") needs no count. */
const PER_UNIT_ASKED = /\bper\s+(?!(?:year|month|quarter|week|day|hour|annum|cent|kwh|mile|km|kg)\b)[a-z]+/i;

export function uncountedTotal(goal: string): boolean {
  if (countIn(goal) !== null) return false;
  if (/\p{Script=Han}/u.test(goal)) return OWN_TOTAL_ZH.test(goal);
  return OWN_TOTAL.test(goal) && OVER_SPAN.test(goal) && !PER_UNIT_ASKED.test(goal);
}

export function privateReferences(goal: string): string[] {
  const matched = [FIRST_PERSON_EN, HAVE_EN, THIRD_PERSON_EN, ATTACHED_EN, PRIVATE_ZH]
    .flatMap((re) => [...goal.matchAll(new RegExp(re.source, re.flags.includes("i") ? "gi" : "g"))])
    .map((m) => ({ at: m.index ?? 0, text: m[0].trim() }));
  // Choices made elsewhere ("the vendor we shortlisted"), found by grammar.
  const decided = (
    /\p{Script=Han}/u.test(goal)
      ? [...decidedElsewhereZh(goal), ...decidedThenZh(goal), ...ownTotalityZh(goal)]
      : [
          ...decidedElsewhere(goal),
          ...decidedInClause(goal),
          ...ownComparisonSide(goal),
          ...ownPossessor(goal),
          ...ownedLocation(goal),
          ...arrivedLately(goal),
          ...handedOver(goal),
          // Their own people or things, counted in a total of theirs ("switching our technicians
          // … save us per year"): how many, only they know.
          ...(TOTAL_COST.test(goal) ? ownCounted(goal) : []),
        ]
  ).map((text) => ({ at: goal.indexOf(text), text }));
  // "Our security team wants a timeline", "Our plant ops team asked which vendor …": the side that
  // asks for the report is who asks, not something the report needs to know.
  const asking = (m: { at: number; text: string }) =>
    ASKS.test(goal.slice(m.at + m.text.length, m.at + m.text.length + 30));
  const all = [...matched, ...decided]
    .filter((m) => !asking(m))
    .sort((a, b) => a.at - b.at)
    .map((m) => m.text);
  // "one of our accounts" is usually named elsewhere; what it lacks ("their workforce") is the question.
  const lacking = all.filter((r) => !/\b(?:accounts?|clients?|customers?)$/i.test(r));
  return lacking.length > 0 ? lacking : all.slice(0, 1);
}
