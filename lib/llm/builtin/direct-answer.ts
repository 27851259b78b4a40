import { clausesOf } from "../../language/english";
import { type Superlative, superlatives } from "../../language/superlatives";
import { parseQuantity } from "../../tools/calculate";
import { splitSentences } from "../../tools/sentences";
import type { ResearchFrame } from "./frame";
import { gloss } from "./gloss";
import { parseGoalOptions } from "./goal-options";
import { parseGoalTerms } from "./goal-terms";
import { type Lineup, lineupsOf } from "./lineups";
import { figureInProse, statementAbout } from "./prose-figures";
import { rankAnswers } from "./rank-answer";
import { looseOverlap, matchTerms, mentions, overlap, stem } from "./text";
import type { Derivation, ReadDoc } from "./upstream";

/** A line that answers "which one has the most / least …" from the figures the documents list. */
export interface DirectAnswer {
  text: string;
  citations: string[];
}

export interface Candidate {
  item: string;
  value: string;
  amount: number;
  kind: string;
  docId: string;
}

/**
 * For each superlative question in the request, the documents' key figures on that measure are
 * lined up item by item (the figure's name minus the measure: "Braidline loop incidence rate" →
 * Braidline) and the extreme is named, with the others beside it so the reader sees the comparison.
 * Fewer than two comparable figures: no answer (the report's sections still say what was found).
 */
/** The item a superlative picks: the top of its lineup, or the winner a document states. */
export function pickOf(s: Superlative, reads: readonly ReadDoc[]): string | null {
  const a = answerOf(s, reads);
  return a.stated ? a.stated.item : (a.sorted[0]?.item ?? null);
}

/**
 * A lineup of figures answers a superlative, unless a document states the winner in words that
 * fit the question better: the kind of item asked ("which single country" → "the largest country
 * market"), or more of the measure than the lineup's names carry.
 */
function answerOf(
  s: Superlative,
  reads: readonly ReadDoc[],
): { sorted: Candidate[]; stated: ReturnType<typeof statedSuperlative> } {
  const { items, fit } = rankedLineup(s, reads);
  const stated = statedSuperlative(s, reads);
  if (stated && (items.length < 2 || stated.kindMatched || stated.fit > fit)) return { sorted: [], stated };
  return { sorted: items.length >= 2 ? items : [], stated: null };
}

export function directAnswers(
  frame: ResearchFrame,
  reads: readonly ReadDoc[],
  derived: readonly Derivation[] = [],
): DirectAnswer[] {
  const asked = superlatives(frame.request);
  // "Where does it rank among the five?": the named item's place in the lineup, whatever else is asked.
  const ranked = rankAnswers(frame, reads);
  // A comparison's table answers it item by item; a request about one or two named items gets its lines.
  if (asked.length === 0)
    return [...(frame.entities.length >= 2 ? [] : namedItemAnswers(frame, reads)), ...ranked];
  return [...superlativeAnswers(asked, frame, reads, derived), ...ranked];
}

function superlativeAnswers(
  asked: readonly Superlative[],
  frame: ResearchFrame,
  reads: readonly ReadDoc[],
  derived: readonly Derivation[],
): DirectAnswer[] {
  return asked.flatMap((s) => {
    // A measure worked out per item ("the most GitHub stars per contributor") is answered by its rows.
    const worked = derived.find(
      (d) => d.rows && d.rows.length >= 2 && overlap(matchTerms(s.measure), matchTerms(d.label)) > 0,
    );
    if (worked?.rows) {
      const rows = [...worked.rows].sort((a, b) =>
        s.direction === "max" ? b.value - a.value : a.value - b.value,
      );
      const [top, ...rest] = rows as [
        NonNullable<Derivation["rows"]>[number],
        ...NonNullable<Derivation["rows"]>,
      ];
      const others = rest.map((r) => `${r.label} ${r.formatted}`).join(frame.zh ? "、" : ", ");
      const text = frame.zh
        ? `${worked.label}${s.direction === "max" ? "最高" : "最低"}：${top.label}（${top.formatted}，计算所得；其余：${others}）`
        : `${s.direction === "max" ? "Highest" : "Lowest"} ${worked.label}: ${top.label} at ${top.formatted} (calculated; the others: ${others})`;
      return [{ text, citations: [...new Set(rows.flatMap((r) => r.docIds))].slice(0, 10) }];
    }
    const { sorted, stated: st } = answerOf(s, reads);
    if (sorted.length < 2) {
      if (!st) return [];
      return [
        { text: st.sentence, citations: [st.docId] },
        ...(st.item ? followUps(st.item, s, frame, reads, []) : []),
      ];
    }
    const [best, ...rest] = sorted as [Candidate, ...Candidate[]];
    const others = rest.map((c) => `${c.item} ${c.value}`).join(frame.zh ? "、" : ", ");
    const text = frame.zh
      ? `${s.measure}${s.direction === "max" ? "最高" : "最低"}：${best.item}（${best.value}；其余：${others}）`
      : `${s.direction === "max" ? "Highest" : "Lowest"} ${s.measure}: ${best.item} at ${best.value} (the others: ${others})`;
    return [
      { text, citations: [...new Set(sorted.map((c) => c.docId))].slice(0, 10) },
      ...followUps(best.item, s, frame, reads, sorted),
    ];
  });
}

/**
 * "Brief me on Quillon: its 2025 share, its list price …": a request about one or two named items
 * that the documents' lists give figures for is asked each of its measures of those items. The
 * subject every figure is named after ("Project X market size") is not such an item.
 */
function namedItemAnswers(frame: ResearchFrame, reads: readonly ReadDoc[]): DirectAnswer[] {
  const names = parseGoalTerms(parseGoalOptions(frame.request).rest).names;
  if (names.length === 0 || names.length > 3) return [];
  const figureNames = reads.flatMap((d) => d.figures.map((f) => f.name));
  const items = names.filter((n) => {
    const key = (n.split(/\s+/)[0] ?? n).toLowerCase();
    const starts = figureNames.filter((f) => f.toLowerCase().startsWith(key)).length;
    // An item heads a few figures; the subject heads most of them.
    return starts > 0 && starts < figureNames.length / 2;
  });
  if (items.length === 0 || items.length > 2) return [];
  return items.flatMap((item) => followUps(item, { direction: "max", measure: "" }, frame, reads, []));
}

/**
 * "Find the vendor with the highest list price. What's its market share?": once the superlative
 * picked an item, the request's other measures are asked of that item — its figure on each, from
 * the documents' lists or, failing that, their prose.
 */
function followUps(
  item: string,
  s: Superlative,
  frame: ResearchFrame,
  reads: readonly ReadDoc[],
  lineupItems: readonly Candidate[],
): DirectAnswer[] {
  const measureTerms = matchTerms(s.measure);
  const skip = matchTerms(`${frame.subject ?? ""} ${item}`);
  // A Chinese request asks in the words the documents' own glosses give its phrases' English names.
  const aspects = parseGoalTerms(parseGoalOptions(frame.request).rest).aspects;
  const request = new Set(
    [...matchTerms(frame.request), ...aspects.flatMap((a) => [...gloss(a, reads, true)])].filter(
      (x) => !skip.has(x) && !measureTerms.has(x),
    ),
  );
  const key = item.split(/\s+/)[0] ?? item;
  const out: DirectAnswer[] = [];
  const said = new Set<string>();
  const say = (name: string, value: string, docId: string) => {
    const k = name.toLowerCase();
    if (said.has(k)) return;
    said.add(k);
    out.push({ text: frame.zh ? `${name}：${value}` : `${name}: ${value}`, citations: [docId] });
  };
  // The item's listed figures whose measure the request asks for ("its 2025 share" → "Quillon
  // market share 2025"): most of the measure's words are the request's.
  for (const doc of reads) {
    for (const f of doc.figures) {
      if (!mentions(f.name, key)) continue;
      const measure = [...matchTerms(f.name.replace(YEARS, " "))].filter((x) => !skip.has(x));
      if (measure.length === 0 || measure.every((x) => measureTerms.has(x))) continue;
      if (measure.filter((x) => request.has(x)).length / measure.length >= 0.5)
        say(f.name, f.value, doc.docId);
    }
  }
  // A measure no list gives the item: a sentence that names both.
  for (const aspect of parseGoalTerms(parseGoalOptions(frame.request).rest).aspects) {
    const t = [...matchTerms(aspect)].filter((x) => !skip.has(x));
    if (t.length === 0 || t.every((x) => measureTerms.has(x))) continue;
    if (out.some((a) => t.every((x) => matchTerms(a.text).has(x)))) continue;
    const prose = figureInProse(
      item,
      { measure: aspect, others: lineupItems.map((c) => c.item), minOwn: 0.5 },
      reads,
    );
    if (prose) say(`${item} ${aspect}`, prose.value, prose.docId);
  }
  // Measures asked of the item that are no number ("the licence of its core"): the sentence that
  // says it — only for aspects the request asks of the item itself (a clause naming it or "its").
  const ofItem = clausesOf(frame.request).filter(
    (c) => /\b(?:its|their)\b|它的|其/iu.test(c) || mentions(c, key),
  );
  for (const aspect of parseGoalTerms(parseGoalOptions(frame.request).rest).aspects) {
    const t = [...matchTerms(aspect)].filter((x) => !skip.has(x));
    if (t.length === 0 || t.every((x) => measureTerms.has(x))) continue;
    if (!ofItem.some((c) => mentions(c, aspect))) continue;
    if (out.some((a) => t.every((x) => matchTerms(a.text).has(x)))) continue;
    const st = statementAbout(
      item,
      aspect,
      lineupItems.map((c) => c.item),
      reads,
    );
    if (st && !out.some((a) => a.text.endsWith(st.sentence))) say(`${item} ${aspect}`, st.sentence, st.docId);
  }
  return out;
}

const YEARS = /\b(?:19|20)\d\d\b/g;

/**
 * "Who is gaining share fastest", "which region will grow fastest": no list of figures ranks an
 * action, but documents state its winner — the sentence with the same superlative and the action's
 * words ("making it the fastest share gainer", "Asia-Pacific is growing fastest"). The item is the
 * name in the clause that states it, or (a pronoun there) the sentence's first name.
 */
export function statedSuperlative(
  s: Superlative,
  reads: readonly ReadDoc[],
): { sentence: string; docId: string; item: string | null; kindMatched: boolean; fit: number } | null {
  const wanted = matchTerms(s.measure);
  // An action's own superlative word ("fastest"); a measure's: any superlative of its direction
  // on a phrase sharing its words ("the largest country market" for "the biggest single-country market").
  const word = s.action
    ? /\p{Script=Han}/u.test(s.action.word)
      ? new RegExp(s.action.word, "u")
      : new RegExp(`\\b${s.action.word}\\b`, "i")
    : null;
  const states = (text: string) =>
    word
      ? word.test(text) && overlap(wanted, matchTerms(text)) > 0
      : superlatives(text).some(
          (t) => t.direction === s.direction && overlap(wanted, matchTerms(t.measure)) >= 0.5,
        );
  const kind = s.kind ? stem(s.kind) : null;
  let best: { sentence: string; docId: string; score: number; kindMatched: boolean } | null = null;
  for (const doc of reads) {
    for (const sentence of splitSentences(doc.text)) {
      if (!/\b\w+est\b|\bmost\b|\bleast\b|最/iu.test(sentence) || !states(sentence)) continue;
      const kindMatched = !!kind && matchTerms(sentence).has(kind);
      const score = overlap(wanted, matchTerms(sentence)) + (kindMatched ? 1 : 0);
      if (!best || score > best.score)
        best = { sentence: sentence.trim(), docId: doc.docId, score, kindMatched };
    }
  }
  if (!best) return null;
  const clause = clausesOf(best.sentence).find(states) ?? best.sentence;
  const nameIn = (text: string) => parseGoalTerms(text).names[0] ?? null;
  return {
    sentence: best.sentence,
    docId: best.docId,
    item: nameIn(clause) ?? nameIn(best.sentence),
    kindMatched: best.kindMatched,
    fit: best.score - (best.kindMatched ? 1 : 0),
  };
}

/**
 * The items the documents give a figure for on the measure, best first (one kind of number only:
 * shares with shares, prices with prices — the most common kind).
 */
export const lineup = (s: Superlative, reads: readonly ReadDoc[]): Candidate[] =>
  rankedLineup(s, reads).items;

/** The lineup, and how much of the asked measure its shared words carry (0..1). */
function rankedLineup(s: Superlative, reads: readonly ReadDoc[]): { items: Candidate[]; fit: number } {
  // A Chinese measure ("循环发生率") meets the English names figures go by through the documents' own gloss.
  const glossed = gloss(s.measure, reads, true);
  const wanted = glossed.size > 0 ? glossed : matchTerms(s.measure);
  const order = (items: Candidate[]) =>
    [...items].sort((x, y) => (s.direction === "max" ? y.amount - x.amount : x.amount - y.amount));
  // The documents' lineups of one measure across items, the one whose measure words are the
  // question's; the items are the names' differing words, so a name is never cut wrong.
  const figures = reads.flatMap((d) =>
    d.figures.flatMap((f) => {
      const q = parseQuantity(f.value);
      return q ? [{ label: f.name, value: f.value, docId: d.docId, q }] : [];
    }),
  );
  // Words most figures' names have ("Project X …") name the subject, not a measure.
  const counts = new Map<string, number>();
  for (const f of figures) for (const t of matchTerms(f.label)) counts.set(t, (counts.get(t) ?? 0) + 1);
  const measure = new Set([...wanted].filter((t) => (counts.get(t) ?? 0) <= figures.length / 2));
  const measureFit = (l: Lineup) => looseOverlap(measure.size > 0 ? measure : wanted, matchTerms(l.shared));
  // An action ("gaining share") is not measured by a list that has only some of its words ("market
  // share"). A glossed one is the union of the measures its Chinese words state: most of it will do.
  const enough = s.action && glossed.size === 0 ? 1 : 0.5;
  const best = lineupsOf(figures)
    .filter((l) => measureFit(l) >= enough)
    .sort((x, y) => measureFit(y) - measureFit(x) || y.items.size - x.items.size)[0];
  if (best && best.items.size >= 2) {
    const items = order(
      [...best.items.entries()].map(([item, f]) => ({
        item,
        value: f.value,
        amount: f.q.amount,
        kind: f.q.suffix === "%" ? "%" : f.q.prefix,
        docId: f.docId ?? "",
      })),
    );
    return { items, fit: measureFit(best) };
  }
  const candidates: Candidate[] = [];
  for (const doc of reads) {
    for (const f of doc.figures) {
      if (overlap(wanted, matchTerms(f.name)) < enough) continue;
      const q = parseQuantity(f.value);
      const item = itemOf(f.name, s.measure);
      if (!q || !item || candidates.some((c) => c.item.toLowerCase() === item.toLowerCase())) continue;
      candidates.push({
        item,
        value: f.value,
        amount: q.amount,
        kind: q.suffix === "%" ? "%" : q.prefix,
        docId: doc.docId,
      });
    }
  }
  // One kind of number only (shares with shares, prices with prices): the most common kind.
  const kinds = new Map<string, number>();
  for (const c of candidates) kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1);
  const kind = [...kinds.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const same = candidates.filter((c) => c.kind === kind);
  return {
    items: [...same].sort((x, y) => (s.direction === "max" ? y.amount - x.amount : x.amount - y.amount)),
    fit: enough,
  };
}

/** "Braidline loop incidence rate" with measure "loop incidence" → "Braidline"; "" when nothing is left. */
function itemOf(name: string, measure: string): string {
  const measureTerms = matchTerms(measure);
  const measureWords = new Set(measure.toLowerCase().split(/\s+/));
  const words = name.split(/\s+/);
  // A word of the measure as written ("list" of "list price") or as matched ("prices" → "price").
  const first = words.findIndex(
    (w) => measureWords.has(w.toLowerCase()) || measureTerms.has([...matchTerms(w)][0] ?? ""),
  );
  const head = (first > 0 ? words.slice(0, first) : []).join(" ").trim();
  // A year or a generic prefix ("Project X top-four vendor combined share") is not an item.
  return /\d{4}|^project\b/i.test(head) ? "" : head;
}
