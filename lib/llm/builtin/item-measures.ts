import { requestedSpan, spanClause } from "../../language/horizon";
import { requestedOrder } from "../../language/superlatives";
import { parseQuantity } from "../../tools/calculate";
import type { ResearchFrame } from "./frame";
import { termsWithGloss } from "./gloss";
import { type Figure, firstOf, lineupsOf } from "./lineups";
import { figureInProse, kindOf } from "./prose-figures";
import { proseLineups } from "./prose-lineups";
import { isChineseText, matchTerms, normalise, ruledOutBy } from "./text";
import type { ReadDoc } from "./upstream";

/**
 * The measures a request asks about, for every item the documents read give them for.
 *
 * "A table of list prices for the four main vendors", "stars per contributor for each framework",
 * "how the regions compare on market size": the request names a measure and a kind of item, often
 * not the items. The documents' lineups (one measure listed under names that differ only in the
 * item) say which items have it. A lineup belongs in the report when the request uses most of its
 * measure's words (the subject's words aside: every figure is about the subject), so "list prices"
 * brings the list-price lineup and not the market-share one. Items the request rules out stay out.
 */
export interface ItemMeasure {
  /** The measure's words as the documents give them ("list price"). */
  measure: string;
  rows: { item: string; label: string; value: string; docId: string }[];
}

const MAX_MEASURES = 3;
const MAX_ITEMS = 8;
/** Lineups stated in sentences, at most. */
const MAX_STATED = 2;

/** Rows in the order the request asks ("lowest first"), by value; as found otherwise. */
function inOrder<R extends { value: string }>(rows: R[], order: "asc" | "desc" | null): R[] {
  if (!order) return rows;
  const amount = (r: R) => parseQuantity(r.value)?.amount ?? Number.NaN;
  if (rows.some((r) => Number.isNaN(amount(r)))) return rows;
  return [...rows].sort((x, y) => (order === "asc" ? amount(x) - amount(y) : amount(y) - amount(x)));
}

export function askedMeasures(frame: ResearchFrame, reads: readonly ReadDoc[]): ItemMeasure[] {
  // The subject's words and the names compared are not a measure: every figure is about them.
  const skip = new Set([...matchTerms([frame.subject ?? "", ...frame.entities].join(" "))]);
  const request = [frame.request, ...frame.options.changed, ...frame.options.given].join("\n");
  const wanted = new Set([...termsWithGloss(request, reads)].filter((t) => !skip.has(t)));
  const ruledOut = ruledOutBy(frame.options.excluded);
  const order = requestedOrder(request);
  // A figure both languages' documents list is cited from one in the report's language.
  const ordered = [...reads].sort(
    (a, b) => Number(isChineseText(a.text) !== frame.zh) - Number(isChineseText(b.text) !== frame.zh),
  );
  const scored = lineupsOf(settledFigures(ordered))
    .map((l) => {
      const words = [...matchTerms(l.shared)].filter((t) => !skip.has(t) && !/^\d+$/.test(t));
      const hit = words.filter((t) => wanted.has(t)).length;
      // Items are named things ("Nordvale Systems"), not a measure's variants ("tool failure recovery").
      const items = [...l.items.entries()].filter(
        ([item]) => !ruledOut(item) && /^\p{Lu}|^\p{Script=Han}/u.test(item),
      );
      return { l, words, hit, items };
    })
    .filter(({ words, hit, items }) => hit > 0 && hit * 2 >= words.length && items.length >= 2)
    // The list that carries more of the request's words first ("loop incidence rate" over "rate"),
    // then the one with fewer words it did not ask for.
    .sort(
      (a, b) =>
        b.hit - a.hit || b.hit / b.words.length - a.hit / a.words.length || b.items.length - a.items.length,
    );
  const out: ItemMeasure[] = [];
  const listed = new Set<string>();
  for (const { l, items } of scored) {
    const rows = items
      .filter(([, f]) => !listed.has(normalise(f.label)))
      .slice(0, MAX_ITEMS)
      .map(([item, f]) => ({ item, label: f.label, value: f.value, docId: f.docId ?? "" }));
    if (rows.length < 2) continue;
    for (const r of rows) listed.add(normalise(r.label));
    out.push({ measure: l.shared, rows: inOrder(rows, order) });
    if (out.length >= MAX_MEASURES) break;
  }
  // Lineups a sentence states ("USD 0.42 for Relaywright, USD 0.47 for Braidline …"): the request
  // must use two of the sentence's words, or half of them, and the numbers must be new.
  const stated = proseLineups(ordered)
    .map((p) => {
      const words = p.measure.split(" ").filter((t) => t && !skip.has(t));
      const hit = words.filter((t) => wanted.has(t));
      const items = p.items.filter((i) => !ruledOut(i.item));
      return {
        p,
        hit,
        items,
        enough: hit.length >= 2 || (hit.length >= 1 && hit.length * 2 >= words.length),
      };
    })
    .filter(({ enough, items }) => enough && items.length >= 2)
    .sort((a, b) => b.hit.length - a.hit.length);
  // A total over a span the request asks of each item ("rank the vendors by three-year TCO"),
  // stated item by item across a paragraph ("Nordvale … comes to about USD 2,630"; "Fernbrook and
  // Quillon land at about USD 2,410 and USD 2,050 respectively"): each item of the documents' own
  // lists, looked up in prose.
  const spanned = spannedTotals(request, ordered, ruledOut);
  if (spanned && !out.some((m) => m.rows.some((r) => spanned.rows.some((x) => x.value === r.value))))
    out.push(spanned);
  let proseCount = 0;
  for (const { p, hit, items } of stated) {
    const known = items.filter((i) =>
      out.some((m) =>
        m.rows.some(
          (r) => firstOf(r.item) === firstOf(i.item) && parseQuantity(r.value)?.amount === i.q.amount,
        ),
      ),
    );
    if (known.length * 2 >= items.length) continue;
    const measure = wordsOf(p.sentence, new Set(hit));
    out.push({
      measure,
      rows: items
        .slice(0, MAX_ITEMS)
        .map((i) => ({ item: i.item, label: `${i.item} ${measure}`, value: i.value, docId: p.docId })),
    });
    if (++proseCount >= MAX_STATED) break;
  }
  return out;
}

/**
 * The lineups sentences state that the request's words fit (two of the sentence's words, or half
 * of them), as figures a calculation can take: "Cortexa cost success: USD 0.80".
 */
export function statedFigures(
  request: string,
  reads: readonly ReadDoc[],
  skip: ReadonlySet<string>,
): Figure[] {
  const wanted = new Set([...termsWithGloss(request, reads)].filter((t) => !skip.has(t)));
  return proseLineups(reads).flatMap((p) => {
    const words = p.measure.split(" ").filter((t) => t && !skip.has(t));
    const hit = words.filter((t) => wanted.has(t));
    if (!(hit.length >= 2 || (hit.length >= 1 && hit.length * 2 >= words.length))) return [];
    const measure = wordsOf(p.sentence, new Set(hit));
    return p.items.map((i) => ({ label: `${i.item} ${measure}`, value: i.value, docId: p.docId, q: i.q }));
  });
}

/** Items in at least two of the documents' lineups (named things), at most this many. */
const MIN_LINEUPS = 2;
const MAX_SPANNED = 6;
/** Share of the span clause's words a paragraph must carry: the span itself is most of the measure. */
const SPAN_COVERAGE = 0.1;

function spannedTotals(
  request: string,
  reads: readonly ReadDoc[],
  ruledOut: (text: string) => boolean,
): ItemMeasure | null {
  const clause = spanClause(request);
  const span = clause ? requestedSpan(clause) : null;
  if (!clause || !span || span.rate) return null;
  const seen = new Map<string, number>();
  for (const l of lineupsOf(settledFigures(reads))) {
    for (const item of l.items.keys()) if (/^\p{Lu}/u.test(item)) seen.set(item, (seen.get(item) ?? 0) + 1);
  }
  const items = [...seen.entries()]
    .filter(([item, n]) => n >= MIN_LINEUPS && !ruledOut(item))
    .map(([item]) => item)
    .slice(0, MAX_SPANNED);
  const rows = items.flatMap((item) => {
    const f = figureInProse(
      item,
      { measure: clause, others: items, totalMonths: span.months, minCoverage: SPAN_COVERAGE, money: true },
      reads,
    );
    return f ? [{ item, label: `${item} ${clause}`, value: f.value, docId: f.docId, q: f.q }] : [];
  });
  const kind = rows[0] ? kindOf(rows[0].q) : "";
  const same = rows.filter((r) => kindOf(r.q) === kind && new Set(rows.map((x) => x.value)).size > 1);
  if (same.length < 2) return null;
  const years = span.months % 12 === 0 ? `${span.months / 12}-year` : `${span.months}-month`;
  return {
    measure: `${years} total`,
    rows: same.map(({ item, value, docId }) => ({ item, label: `${item} ${years} total`, value, docId })),
  };
}

/** The sentence's own words whose stems are these, in its order: a measure named as the source names it. */
function wordsOf(sentence: string, stems: ReadonlySet<string>): string {
  const seen = new Set<string>();
  const words = sentence.split(/[^\p{L}\d-]+/u).filter((w) => {
    const stem = [...matchTerms(w)][0];
    if (!stem || !stems.has(stem) || seen.has(stem)) return false;
    seen.add(stem);
    return true;
  });
  return words.join(" ").toLowerCase();
}

/**
 * Each read document's listed figures, one value per figure: where reads of one document gave a
 * figure different values (a garbled page, then a good one), the value most reads gave; a tie
 * leaves the figure out, since nothing says which reading is the document's.
 */
function settledFigures(reads: readonly ReadDoc[]): Figure[] {
  const tally = new Map<string, { label: string; docId: string; values: Map<string, number> }>();
  for (const d of reads) {
    for (const f of d.figures) {
      const key = `${d.docId}|${normalise(f.name)}`;
      const entry = tally.get(key) ?? { label: f.name, docId: d.docId, values: new Map<string, number>() };
      entry.values.set(f.value, (entry.values.get(f.value) ?? 0) + 1);
      tally.set(key, entry);
    }
  }
  const figures: Figure[] = [];
  for (const { label, docId, values } of tally.values()) {
    const [top, next] = [...values.entries()].sort((a, b) => b[1] - a[1]);
    if (!top || (next && next[1] === top[1])) continue;
    const q = parseQuantity(top[0]);
    if (q) figures.push({ label, value: top[0], docId, q });
  }
  return figures;
}
