import { countIn } from "../../language/counts";
import { CONVERTS, requestedSpan, spanClause, statedSpan } from "../../language/horizon";
import { superlatives } from "../../language/superlatives";
import { MAX_ROWS, parseQuantity } from "../../tools/calculate";
import { splitSentences } from "../../tools/sentences";
import { unitClash as clashOf } from "../../tools/units";
import { fullNameParts } from "./derive-extra";
import type { CalculationPlan } from "./derive-inputs";
import { lineup } from "./direct-answer";
import type { ResearchFrame } from "./frame";
import { asksMoney, derivationCue, parseGoalOptions } from "./goal-options";
import { parseGoalTerms } from "./goal-terms";
import {
  type Figure as Candidate,
  firstOf,
  figureInput as input,
  isMoney,
  lineupsOf,
  relevance,
} from "./lineups";
import { figureInProse } from "./prose-figures";
import { matchTerms, mentions, overlap, ruledOutBy } from "./text";
import type { ReadDoc } from "./upstream";
import { VALUE } from "./values";

/**
 * A total from a per-unit figure: the price × the count the request gives × the span it asks
 * over, converted by units ("USD 39 per technician per month" × "120 technicians" × "12 months"
 * for "per year"; a figure already stated over the asked span is not converted). The per-unit
 * figure is the subject's when the plan names one, else the item a superlative picks, else the
 * one most relevant to the request.
 */
export function planProduct(
  frame: ResearchFrame,
  candidates: Candidate[],
  reads: readonly ReadDoc[],
  requestText: string,
  wanted: Set<string>,
  subject: string | undefined,
): CalculationPlan {
  const none = (why: string): CalculationPlan => ({
    label: `Total: ${why}`,
    operation: "product",
    inputs: [],
  });
  const count = countIn(requestText);
  // The span of the total asked ("…monthly price for each, annual total for each"): the one named
  // right by the word that asks the total, before any other span the request mentions.
  const asked = spanByTotal(requestText) ?? requestedSpan(requestText);
  // No count, a rate over another span ("what it comes to per technician per year"): each item's
  // figure converted to it.
  if (!count && asked?.rate && CONVERTS.test(requestText))
    return planConversion(frame, candidates, wanted, asked, subject);
  if (!count) return none("the request gives no count to multiply");
  const item = subject ?? superlativePick(frame.request, reads);
  let pool = candidates.filter(
    (c) => c.q.suffix !== "%" && (c.q.prefix || /\bper\b|每/i.test(`${c.label} ${c.value}`)),
  );
  // A cost asked is money: a per-unit count ("tool calls per task") is not what is multiplied.
  if (asksMoney(requestText)) {
    const money = pool.filter(isMoney);
    if (money.length > 0) pool = money;
    // Nothing read is money yet: a count of calls is no bill. Said so, a search for the price comes next.
    else if (subject) return none(`no amount of money per unit found for ${subject}`);
  }
  let named = item;
  if (!item) ({ pool, name: named } = namedFirst(pool, requestText, frame.subject ?? "", reads));
  // The item's figure as the text states it ("Quillon … USD 2,050" over three years): asked a total
  // over a span, a document's prose may hold what no key-figures list does.
  if (named && asked && !asked.rate) {
    const prose = figureInProse(
      named,
      {
        measure: spanClause(requestText) ?? frame.request,
        others: [],
        totalMonths: asked.months,
        minCoverage: PRODUCT_COVERAGE,
        money: true,
      },
      reads,
    );
    if (prose) {
      const span =
        asked.months === 1
          ? "one month"
          : asked.months % 12 === 0
            ? asked.months === 12
              ? "one year"
              : `${asked.months / 12} years`
            : `${asked.months} months`;
      pool = [
        ...pool,
        {
          label: `${named} total per unit over ${span}`,
          // "2,630 美元" read from a Chinese document is written as USD in an English report.
          value: frame.zh ? prose.value : prose.value.replace(/^([\d.,]+)\s*美元$/u, "USD $1"),
          docId: prose.docId,
          q: frame.zh
            ? prose.q
            : (parseQuantity(prose.value.replace(/^([\d.,]+)\s*美元$/u, "USD $1")) ?? prose.q),
          about: reads.find((d) => d.docId === prose.docId)?.title ?? "",
        },
      ];
    }
  }
  if (item) {
    const terms = matchTerms(item);
    const about = pool.filter((c) => overlap(terms, matchTerms(c.label)) > 0);
    if (about.length === 0 && subject) return none(`no per-unit figure found for ${subject}`);
    if (about.length > 0) pool = about;
  }
  const spanFit = (c: Candidate): number => {
    const span = statedSpan(c.label, c.value);
    if (!asked || !span) return 0;
    if (!span.rate) return span.months === asked.months ? 2 : -1;
    return 1;
  };
  // What is totalled is named where the span is ("the licences … over three years at list price",
  // "Halden's three-year total cost per technician"): the figure that measures it comes first.
  const clause = asked && !asked.rate ? words(spanClause(requestText) ?? "") : new Set<string>();
  // The item's own name says nothing of the measure: every candidate about it has it.
  const itemWords = words(named ?? "");
  const measures = (c: Candidate) =>
    [...words(c.about ?? c.label)].filter((t) => clause.has(t) && !itemWords.has(t)).length;
  // Asked of no item at all, a measure the request names in two words or more ("平均标价", "the
  // average list price") that a sentence states with its amount is a candidate too: prose may hold
  // what no list of figures does.
  const terms = parseGoalTerms(parseGoalOptions(requestText).rest);
  const subjectWords = matchTerms(frame.subject ?? "");
  const ofNoItem = terms.names.every((n) => [...matchTerms(n)].every((t) => subjectWords.has(t)));
  const aspects = terms.aspects.map((a) => matchTerms(a)).filter((t) => t.size >= 2);
  if (!named && ofNoItem)
    pool = [
      ...pool,
      ...statedMeasures(aspects, reads).filter(
        (c) => !pool.some((p) => p.value === c.value && p.label === c.label),
      ),
    ];
  const aspectFit = (c: Candidate) => Math.max(0, ...aspects.map((t) => overlap(t, matchTerms(c.label))));
  // A count multiplies a figure per unit ("USD 46 per technician per month"), not a market's size.
  const perOne = (c: Candidate) => Number(/\bper\b|每|\/\s*\p{L}/iu.test(`${c.label} ${c.value}`));
  // Asked of no item, the reference figure of the lineup comes first: one no single item owns (an average).
  const itemised = named
    ? new Set<string>()
    : new Set(lineupsOf(pool).flatMap((l) => [...l.items.values()].map((c) => c.label)));
  const reference = (c: Candidate) => Number(!itemised.has(c.label));
  // Units cancel: a count of tasks multiplies a cost per task, not a price per seat (a figure per
  // some other thing, spans of time aside, is the wrong one; one per nothing said may be right).
  const unitClash = (c: Candidate) => Number(clashOf(`${c.label} ${c.value}`, count.label) !== null);
  const perUnit = [...pool].sort(
    (a, b) =>
      unitClash(a) - unitClash(b) ||
      perOne(b) - perOne(a) ||
      measures(b) - measures(a) ||
      Number(aspectFit(b) === 1) - Number(aspectFit(a) === 1) ||
      spanFit(b) - spanFit(a) ||
      reference(b) - reference(a) ||
      relevance(b, wanted) - relevance(a, wanted),
  )[0];
  if (!perUnit) return none("no per-unit figure to multiply");
  // Every figure is per something else ("USD 1,200 per seat" for a count of tasks): the product
  // would mean nothing. Said so, a search for the figure per the unit counted comes next.
  const clash = clashOf(`${perUnit.label} ${perUnit.value}`, count.label);
  if (clash) return none(`no figure per ${clash.counted} found${named ? ` for ${named}` : ""}`);
  const inputs = [input(perUnit), { label: count.label, value: count.label }];
  const factor = spanFactor(statedSpan(perUnit.label, perUnit.value), asked);
  if (factor) inputs.push({ label: factor, value: factor });
  return {
    label: `${item && subject ? `${subject}: ` : ""}${perUnit.label} × ${count.label}${factor ? ` × ${factor}` : ""}`,
    operation: "product",
    inputs,
  };
}

/**
 * The figures about the item the newest line of the request names ("We picked Fernbrook
 * FieldMate" over the goal's "a vendor"): a name is a capitalised word of the figure's name that
 * the line has as a word; lines come newest first (a change, an answer, then the goal).
 */
function namedFirst(
  pool: Candidate[],
  requestText: string,
  subject: string,
  reads: readonly ReadDoc[] = [],
): { pool: Candidate[]; name?: string } {
  // A word most figures' names start with ("Project X …") is the subject they are all about, no item.
  const firstWords = pool.map((c) => (c.label.split(/\s+/)[0] ?? "").toLowerCase());
  const general = new Set([
    ...firstWords.filter((w) => firstWords.filter((x) => x === w).length > pool.length / 2),
    // The subject the figures are about ("Project X") names no item — unless it is one of a list's items.
    ...(lineupsOf(pool).some((l) =>
      [...l.items.keys()].some((item) => subject && item.startsWith(subject.split(/\s+/)[0] ?? "")),
    )
      ? []
      : subject.toLowerCase().split(/\s+/)),
  ]);
  // The sentence that gives the count says whose total it is ("what would 200 techs on Scout
  // plus analytics run us"), before the lines of the request, newest first.
  const counted = countIn(requestText);
  const countSentence = counted
    ? splitSentences(requestText).find((x) =>
        new RegExp(
          `(?<![\\d.,])${(counted.label.split(/\s+/)[0] ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\d.,])`,
          "u",
        ).test(x),
      )
    : undefined;
  for (const line of [...(countSentence ? [countSentence] : []), ...requestText.split("\n")]) {
    // A product named in the line stands for its maker's figures too ("Scout" is "Quillon Scout").
    const capitalised = line.match(/\p{Lu}[\p{L}\d-]{2,}/gu) ?? [];
    const aliases = new Set(capitalised.flatMap((w) => fullNameParts(w, reads)));
    for (const c of pool) {
      const name = c.label
        .split(/\s+/)
        .find(
          (w) =>
            /^\p{Lu}[\p{L}\d-]{2,}$/u.test(w) &&
            !general.has(w.toLowerCase()) &&
            (new RegExp(`(?:^|[^\\p{L}])${w}(?:$|[^\\p{L}])`, "u").test(line) || aliases.has(w)),
        );
      if (name) return { pool: pool.filter((x) => x.label.split(/\s+/).includes(name)), name };
    }
  }
  return { pool };
}

/**
 * Sentences that state a measure the request names, with an amount of money: "四家的简单平均标价为每人
 * 每月 46 美元", "The simple average list price across the four is USD 46 per technician per month".
 * Labelled with the sentence up to the amount, so the rate it is stated at ("每人每月") stays with it.
 */
function statedMeasures(aspects: readonly Set<string>[], reads: readonly ReadDoc[]): Candidate[] {
  const out: Candidate[] = [];
  for (const doc of reads) {
    for (const sentence of splitSentences(doc.text)) {
      const terms = matchTerms(sentence);
      if (!aspects.some((t) => [...t].every((x) => terms.has(x)))) continue;
      const m = [...sentence.matchAll(VALUE)].find((v) => {
        const q = parseQuantity(v[0]);
        return q && q.suffix !== "%";
      });
      const q = m ? parseQuantity(m[0]) : null;
      if (!m || !q) continue;
      const lead = sentence.slice(Math.max(0, (m.index ?? 0) - 60), m.index ?? 0).trim();
      out.push({ label: lead || sentence.slice(0, 60), value: m[0].trim(), docId: doc.docId, q });
    }
  }
  return out;
}

/** Characters around the word asking a total ("annual total", "total … per year") that name its span. */
const NEAR_BEFORE = 25;
const NEAR_AFTER = 15;

export function spanByTotal(request: string): ReturnType<typeof requestedSpan> {
  const cue = derivationCue("product");
  const m = cue ? new RegExp(cue.source, cue.flags.replace("g", "")).exec(request) : null;
  if (!m) return null;
  return requestedSpan(request.slice(Math.max(0, m.index - NEAR_BEFORE), m.index + m[0].length + NEAR_AFTER));
}

/** Share of the request's words a paragraph must carry for its prose total to count (a request says more than its measure). */
const PRODUCT_COVERAGE = 0.1;

/**
 * A name's words as written, singular, of four letters or more: "list price" keeps "list", which
 * the search terms drop (as in "list the vendors"), and grammar words are mostly shorter.
 */
const words = (text: string): Set<string> =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\d-]+/u)
      .filter((w) => w.length >= 4)
      .map((w) => w.replace(/(?<=\p{L}{3})s$/u, "")),
  );

/** How many of the figure's own periods the asked span holds: "12 months", "3 years"; null for none. */
export function spanFactor(
  stated: ReturnType<typeof statedSpan>,
  asked: ReturnType<typeof requestedSpan>,
): string | null {
  if (!stated?.rate || !asked || asked.months === stated.months) return null;
  const n = asked.months / stated.months;
  if (!Number.isInteger(n) || n <= 1) return null;
  return stated.months === 12
    ? `${n} years`
    : stated.months === 3
      ? `${n} quarters`
      : `${Math.round(asked.months)} months`;
}

/**
 * Per-unit prices restated over the span asked, item by item: the lineup of money figures per
 * unit the request's words fit best, each row its figure × the span factor ("× 12 months"). One
 * row when the plan names the item.
 */
function planConversion(
  frame: ResearchFrame,
  candidates: readonly Candidate[],
  wanted: Set<string>,
  asked: NonNullable<ReturnType<typeof requestedSpan>>,
  subject: string | undefined,
): CalculationPlan {
  const span =
    asked.months % 12 === 0
      ? asked.months === 12
        ? "per year"
        : `per ${asked.months / 12} years`
      : `per ${asked.months} months`;
  const none = (why: string): CalculationPlan => ({
    label: `Restated ${span}: ${why}`,
    operation: "product",
    inputs: [],
  });
  const out = ruledOutBy(frame.options.excluded);
  const convertible = candidates.filter((c) => {
    const stated = statedSpan(c.label, c.value);
    return !!c.q.prefix && c.q.suffix !== "%" && !!stated?.rate && spanFactor(stated, asked) !== null;
  });
  const lineup = lineupsOf(convertible)
    .filter((l) => l.items.size >= (subject ? 1 : 2))
    .sort(
      (a, b) =>
        overlap(wanted, matchTerms(b.shared)) - overlap(wanted, matchTerms(a.shared)) ||
        b.items.size - a.items.size,
    )[0];
  const entries = lineup
    ? [...lineup.items.entries()].filter(
        ([item]) => !out(item) && (!subject || mentions(item, firstOf(subject))),
      )
    : subject
      ? convertible.filter((c) => mentions(c.label, firstOf(subject))).map((c) => [subject, c] as const)
      : [];
  if (entries.length === 0) return none("no per-unit price stated over another span");
  const rows = entries.slice(0, MAX_ROWS).map(([item, c]) => {
    const factor = spanFactor(statedSpan(c.label, c.value), asked) as string;
    return { label: item, inputs: [input(c), { label: factor, value: factor }] };
  });
  const measure = lineup?.shared ?? rows[0]?.inputs[0]?.label ?? "";
  return { label: `${measure} ${span}`.trim(), operation: "product", inputs: [], rows };
}

/** The item a superlative in the request picks ("whichever vendor has the biggest share" → Fernbrook). */
function superlativePick(request: string, reads: readonly ReadDoc[]): string | undefined {
  for (const s of superlatives(request)) {
    const best = lineup(s, reads)[0];
    if (best) return best.item;
  }
  return undefined;
}
