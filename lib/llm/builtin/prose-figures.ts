import { requestedSpan, statedSpan } from "../../language/horizon";
import { parseQuantity, type Quantity } from "../../tools/calculate";
import { splitSentences } from "../../tools/sentences";
import { isCjk, matchTerms, mentions, normalise } from "./text";
import type { ReadDoc } from "./upstream";
import { datesIn, VALUE, valuesIn } from "./values";

/**
 * A figure the text states about one item when no key-figures list gives it: "…one reason for its
 * 7% goal drift rate" in Relaywright's own architecture note; "Nordvale Systems … comes to about
 * USD 2,630"; "Fernbrook and Quillon land at about USD 2,410 and USD 2,050 respectively". A
 * sentence belongs to an item when it names it (or, naming no other item, when its document is
 * about it); it is about the measure when the measure's words appear in it, its paragraph or its
 * document's title; the value is one of the kind asked (shares with shares; a total, not a monthly
 * rate, when a total is asked).
 */
export interface ProseFigure {
  item: string;
  value: string;
  q: Quantity;
  docId: string;
  sentence: string;
}

export interface ProseQuery {
  /** The measure's words ("goal drift rate", "three-year cost per technician"). */
  measure: string;
  /** Other items of the same lineup: a sentence naming only them is not about this item. */
  others: readonly string[];
  /** The kind of number wanted ("%", "usd|"), when a lineup fixes it. */
  kind?: string;
  /** A total over this many months is wanted, not a rate. */
  totalMonths?: number;
  /** Share of the measure's words the sentence's context must carry (default 0.5). */
  minCoverage?: number;
  /** Share the sentence itself must carry (default: 0, except 0.5 for a percentage). */
  minOwn?: number;
  /** Only an amount of money (a price, a cost). */
  money?: boolean;
}

/** Share of the measure's words a sentence (with its paragraph and title) must carry. */
const MIN_MEASURE = 0.5;

/**
 * The kind of a number: a percentage, or a currency and unit — one currency however it is written
 * ("USD 2,630" and "2,630 美元" are one kind), so a figure read in the other language still lines up.
 */
export const kindOf = (q: Quantity): string => {
  if (q.suffix === "%") return "%";
  const zhUsd = /^美元/u.test(q.suffix);
  const prefix = zhUsd ? "usd" : q.prefix.toLowerCase().replace(/^(?:us\$|\$)$/, "usd");
  const suffix = zhUsd ? q.suffix.replace(/^美元\s*/u, "") : q.suffix;
  return `${prefix}|${suffix}`.toLowerCase();
};

export function figureInProse(
  item: string,
  query: ProseQuery,
  reads: readonly ReadDoc[],
): ProseFigure | null {
  const measure = matchTerms(query.measure);
  for (const t of matchTerms(item)) measure.delete(t);
  if (measure.size === 0) return null;
  const key = firstWord(item);
  // Amounts the documents state per period ("USD 35 per technician per month"): written bare in a
  // sentence about totals ("the cheapest at USD 35"), they are still that rate.
  const rates = new Set(
    reads.flatMap((d) =>
      [...d.figures.map((f) => f.value), ...[...d.text.matchAll(VALUE)].map((m) => m[0])].flatMap((v) => {
        const q = parseQuantity(v);
        return q && statedSpan("", v)?.rate ? [q.amount] : [];
      }),
    ),
  );
  let best: (ProseFigure & { score: number }) | null = null;
  for (const doc of reads) {
    const docAbout = mentions(doc.title, key);
    const title = matchTerms(doc.title);
    for (const paragraph of doc.text.split(/\n\s*\n/)) {
      const context = new Set([...matchTerms(paragraph), ...title]);
      let covered = [...measure].filter((t) => context.has(t)).length / measure.size;
      // A total over the span asked, stated in any language ("三年约 2,630 美元"): the span is the measure.
      const span = query.totalMonths ? requestedSpan(paragraph) : null;
      if (span && !span.rate && span.months === query.totalMonths) covered = Math.max(covered, MIN_MEASURE);
      if (covered < (query.minCoverage ?? MIN_MEASURE)) continue;
      // A paragraph that names another item of the lineup and never this one is about that item:
      // its unnamed sentences ("It is AGPL-3.0 … and has 9,400 stars") are not this item's.
      const aboutOther =
        !mentions(paragraph, key) &&
        query.others.some((o) => firstWord(o) !== key && mentions(paragraph, firstWord(o)));
      // A paragraph that opens on the item ("North America is the largest region …") is about it:
      // its later sentences' rates ("so Halden expects a regional CAGR of 15%") are the item's. (An
      // amount there may be the market's: "the average comes to USD 2,300".)
      const sentences = splitSentences(paragraph);
      const opensOnItem = query.kind === "%" && mentions(sentences[0] ?? "", key);
      for (const sentence of sentences) {
        const value = valueFor(sentence, key, (docAbout || opensOnItem) && !aboutOther, query, rates);
        if (!value) continue;
        const own = [...measure].filter((t) => matchTerms(sentence).has(t)).length / measure.size;
        // A bare percentage is in too many sentences: it must be on the measure in its own sentence.
        if ((kindOf(value.q) === "%" && own < MIN_MEASURE) || own < (query.minOwn ?? 0)) continue;
        const score = covered + own + (mentions(sentence, key) ? 0.5 : 0);
        if (!best || score > best.score) best = { item, ...value, docId: doc.docId, sentence, score };
      }
    }
  }
  if (!best) return null;
  const { score: _, ...figure } = best;
  return figure;
}

/**
 * "The licence of its core": what the documents say of an item that is no number — the sentence
 * about the item (naming it, or in a paragraph about it and no other item) that carries the most
 * of the aspect's words. A word meets another of the same stem or the same first five letters
 * ("licence" / "licensed"). Null when no sentence carries any.
 */
export function statementAbout(
  item: string,
  aspect: string,
  others: readonly string[],
  reads: readonly ReadDoc[],
  /** Sentences already said (normalised): the next best one is the statement. */
  said: ReadonlySet<string> = new Set(),
  /** The report's language, when known: a sentence in it beats one to be quoted from another. */
  zh?: boolean,
): { sentence: string; docId: string } | null {
  const foreign = (sentence: string) => zh !== undefined && isCjk(sentence) !== zh;
  const key = firstWord(item);
  const wanted = [...matchTerms(aspect)].filter((t) => !matchTerms(item).has(t));
  if (wanted.length === 0) return null;
  const meets = (t: string, u: string) =>
    t === u || (t.length >= 5 && u.length >= 5 && t.slice(0, 5) === u.slice(0, 5));
  const found: {
    sentence: string;
    docId: string;
    here: boolean;
    foreign: boolean;
    states: boolean;
    score: number;
  }[] = [];
  for (const doc of reads) {
    for (const paragraph of doc.text.split(/\n\s*\n/)) {
      const named = mentions(paragraph, key);
      if (!named) continue;
      const aboutOther = others.some((o) => firstWord(o) !== key && mentions(paragraph, firstWord(o)));
      // What the paragraph is about counts for a sentence that names the item: "Tessaract Labs has
      // not published a timeline", in a paragraph on IASS-2 certification, is its IASS-2 status.
      // (The document's title too: a paragraph of "… and the IASS-2 safety standard" is on IASS-2.)
      const around = [...matchTerms(paragraph), ...matchTerms(doc.title)];
      const inParagraph = wanted.filter((t) => around.some((u) => meets(t, u))).length / wanted.length;
      // A sentence after one that names the item, naming no other, goes on about it ("Braidline
      // recovers best. … 连续失败 5 次后熔断器打开"); one before it does not.
      let itemSeen = false;
      for (const sentence of splitSentences(paragraph)) {
        const here = mentions(sentence, key);
        const continues = itemSeen;
        itemSeen ||= here;
        if ((!here && aboutOther) || said.has(normalise(sentence.trim()))) continue;
        const terms = [...matchTerms(sentence)];
        const own = wanted.filter((t) => terms.some((u) => meets(t, u))).length / wanted.length;
        // A statement with a date or a figure says more than one without ("certified in February 2025").
        const specific = datesIn(sentence).length > 0 || valuesIn(sentence).length > 0 ? 0.25 : 0;
        if (own === 0 && !(here && inParagraph > 0)) continue;
        found.push({
          sentence: sentence.trim(),
          docId: doc.docId,
          // About the item: naming it, going on about it, or in a document about it.
          here: here || continues || mentions(doc.title, key),
          foreign: foreign(sentence),
          states: own > 0,
          score: own > 0 ? own + (here ? 0.5 : 0) + specific : inParagraph + specific,
        });
      }
    }
  }
  // A sentence about the item says what its status is (one stating the aspect of no item says
  // nothing of it); then one in the report's language (the library's Chinese documents mostly
  // restate its English ones); then one that states the aspect, not only stands near it; then the
  // best fit.
  const rank = (x: (typeof found)[number]) => [Number(x.here), Number(!x.foreign), Number(x.states), x.score];
  const chosen = found.sort((x, y) => {
    const [a, b] = [rank(x), rank(y)];
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return (b[k] as number) - (a[k] as number);
    return 0;
  })[0];
  return chosen ? { sentence: chosen.sentence, docId: chosen.docId } : null;
}

function valueFor(
  sentence: string,
  key: string,
  docAbout: boolean,
  query: ProseQuery,
  rates: ReadonlySet<number>,
): { value: string; q: Quantity } | null {
  const values = [...sentence.matchAll(VALUE)]
    .map((m) => ({ value: m[0].trim().replace(/[,.]$/, ""), at: m.index ?? 0, q: parseQuantity(m[0]) }))
    .filter((v): v is { value: string; at: number; q: Quantity } => v.q !== null)
    .filter((v) => !query.kind || kindOf(v.q) === query.kind)
    .filter((v) => !query.money || kindOf(v.q).split("|")[0] !== "")
    .filter((v) => !query.totalMonths || (!statedSpan("", v.value)?.rate && !rates.has(v.q.amount)));
  if (values.length === 0) return null;
  const others = query.others.filter((o) => firstWord(o) !== key && mentions(sentence, firstWord(o)));
  const at = positionOf(sentence, key);
  if (at < 0) {
    // Not named here: the document's own item, in a sentence about no other item.
    if (!docAbout || others.length > 0) return null;
    return values.length === 1 ? (values[0] as { value: string; q: Quantity }) : null;
  }
  if (/\brespectively\b|分别/iu.test(sentence)) {
    // "A and B … X and Y respectively": the items in order, the values in order.
    // The names coordinated with this one ("Fernbrook and Quillon", "A, B and C"), in order.
    const group = [
      ...sentence.matchAll(
        /\p{Lu}[\p{L}\d-]+(?:\s+\p{Lu}[\p{L}\d-]+)?(?:\s*,\s*\p{Lu}[\p{L}\d-]+(?:\s+\p{Lu}[\p{L}\d-]+)?)*,?\s+(?:and|&)\s+\p{Lu}[\p{L}\d-]+/gu,
      ),
    ]
      .map((m) => m[0].split(/\s*,\s*|\s+(?:and|&)\s+/).map((n) => firstWord(n.trim())))
      .find((names) => names.some((n) => n.toLowerCase() === key.toLowerCase()));
    const index = group?.findIndex((n) => n.toLowerCase() === key.toLowerCase()) ?? -1;
    return group && group.length === values.length && index >= 0 ? (values[index] ?? null) : null;
  }
  // The value nearest after the name, before the next item is named.
  const next = Math.min(
    ...others.map((o) => positionOf(sentence, firstWord(o))).filter((p) => p > at),
    Number.POSITIVE_INFINITY,
  );
  const mine = values.filter((v) => v.at > at && v.at < next);
  // A total over months is the larger of two amounts of one kind said of the item ("the cheapest
  // at USD 35, comes to about USD 1,910"): the other, unmarked, is its rate for one period.
  if (query.totalMonths && query.totalMonths > 1 && mine.length > 1) {
    const kind = kindOf((mine[0] as { q: Quantity }).q);
    const same = mine.filter((v) => kindOf(v.q) === kind);
    return same.reduce((a, b) => (b.q.amount > a.q.amount ? b : a));
  }
  return mine[0] ?? null;
}

const firstWord = (item: string): string => item.split(/\s+/)[0] ?? item;

function positionOf(sentence: string, name: string): number {
  const m = new RegExp(`(?:^|[^\\p{L}])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "iu").exec(sentence);
  return m ? m.index + (m[0].length - name.length) : -1;
}
