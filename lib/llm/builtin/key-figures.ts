import type { Evidence } from "./evidence";
import type { ResearchFrame } from "./frame";
import { matchTerms, normalise } from "./text";
import type { FigureClaim, Upstream } from "./upstream";

/**
 * The "Key figures" list: the figures documents state about the goal's terms. When documents
 * disagree on a figure, the value more documents support comes first (a weak source counts
 * less) and the others are kept, marked, never silently dropped.
 */
export interface KeyFigure {
  name: string;
  value: string;
  docIds: string[];
  /** Other values stated for the same figure, with their documents. */
  conflicts: { value: string; docIds: string[] }[];
  /** The first value has no more support than another one: the documents simply disagree. */
  tied: boolean;
}

const MAX_FIGURES = 8;
const SHORT_REPORT_FIGURES = 4;
const FIGURES_PER_ENTITY = 6;

export function keyFigures(frame: ResearchFrame, up: Upstream, ev: Evidence): KeyFigure[] {
  const read = new Set(ev.docs.map((d) => d.docId));
  // Extract's topic-matched claims first; the read documents' own key figures when none matched.
  let claims = up.figures.filter((f) => read.has(f.docId));
  if (claims.length === 0) {
    const wanted = matchTerms([frame.title, ...frame.facets.map((f) => f.topic)].join(" "));
    claims = ev.docs.flatMap((d) =>
      d.figures
        .filter((f) => [...matchTerms(f.name)].some((t) => wanted.has(t)))
        .map((f) => ({ name: f.name, value: f.value, docId: d.docId })),
    );
  }
  const byName = new Map<string, FigureClaim[]>();
  for (const claim of claims) {
    const key = normalise(claim.name);
    byName.set(key, [...(byName.get(key) ?? []), claim]);
  }
  const figures: KeyFigure[] = [];
  for (const all of byName.values()) {
    // One document states one value. Where its readings differ (a garbled read, then good ones),
    // its value is the one most readings gave; the other is no source's, not a disagreement
    // between sources.
    const own = new Map<string, string>();
    for (const docId of new Set(all.map((c) => c.docId))) {
      const tally = new Map<string, { n: number }>();
      for (const c of all) {
        if (c.docId !== docId) continue;
        tally.set(normalise(c.value), { n: (tally.get(normalise(c.value))?.n ?? 0) + 1 });
      }
      const [top, next] = [...tally.entries()].sort((a, b) => b[1].n - a[1].n);
      // A tie says nothing about which reading was garbled: both stay, as a disagreement.
      if (top && (!next || next[1].n < top[1].n)) own.set(docId, top[0]);
    }
    const group = all.filter((c) => !own.has(c.docId) || own.get(c.docId) === normalise(c.value));
    const byValue = new Map<string, string[]>();
    for (const c of group) {
      const docs = byValue.get(normalise(c.value)) ?? [];
      if (!docs.includes(c.docId)) docs.push(c.docId);
      byValue.set(normalise(c.value), docs);
    }
    const support = (docs: string[]) => docs.reduce((sum, d) => sum + (ev.weak.has(d) ? 0.5 : 1), 0);
    const values = [...byValue.entries()]
      .map(([key, docIds]) => ({
        value: group.find((c) => normalise(c.value) === key)?.value ?? key,
        docIds: [...docIds, ...statedInText(ev, key, docIds)],
      }))
      .sort((a, b) => support(b.docIds) - support(a.docIds));
    // A forecast a later document overtook is an older source's value of this figure.
    for (const s of up.superseded ?? []) {
      if (normalise(s.by.name) !== normalise(group[0]?.name ?? "")) continue;
      const older = values.find((v) => normalise(v.value) === normalise(s.value));
      if (older) older.docIds.push(s.docId);
      else values.push({ value: s.value, docIds: [s.docId] });
    }
    const [best, ...rest] = values;
    if (!best) continue;
    const tied = rest.some((r) => support(r.docIds) === support(best.docIds));
    figures.push({
      name: group[0]?.name ?? "",
      value: best.value,
      docIds: best.docIds,
      conflicts: rest,
      tied,
    });
  }
  // A comparison lists each side's figures: room for a few per item compared.
  const cap =
    frame.options.maxWords && frame.options.maxWords < 500
      ? SHORT_REPORT_FIGURES
      : Math.max(MAX_FIGURES, frame.entities.length * FIGURES_PER_ENTITY);
  // In the order of the report's facets, so the list reads alongside the sections.
  const facetTerms = frame.facets.map((f) => matchTerms(f.names.join(" ")));
  const position = (f: KeyFigure) => {
    const terms = matchTerms(f.name);
    const i = facetTerms.findIndex((ft) => [...ft].some((t) => terms.has(t)));
    return i < 0 ? facetTerms.length : i;
  };
  return figures
    .map((f, i) => ({ f, i, p: position(f) }))
    .sort((a, b) => a.p - b.p || a.i - b.i)
    .map(({ f }) => f)
    .slice(0, cap);
}

/**
 * Read documents whose prose states this value (not only their key-figures list): a market size
 * repeated by three notes is better supported than one list entry. Only values with a unit
 * ("USD 4.2 billion"); a bare "20%" appears in too many unrelated sentences.
 */
function statedInText(ev: Evidence, value: string, already: readonly string[]): string[] {
  if (value.length < 5 || !/\p{L}/u.test(value.replace(/\b(?:usd|eur|cny|rmb)\b/gi, "x"))) return [];
  return ev.docs
    .filter((d) => !already.includes(d.docId) && normalise(d.text).includes(value))
    .map((d) => d.docId);
}

/** Figure values that lost to a better-supported value: prose stating them is not quoted as fact. */
export function outvotedValues(figures: readonly KeyFigure[]): string[] {
  return figures
    .filter((f) => !f.tied)
    .flatMap((f) => f.conflicts.map((c) => normalise(c.value)))
    .filter((v) => v.length >= 5 && /\p{L}/u.test(v));
}

/** One line per figure, in the report's language: "Name: value (other sources: …)". */
export function figureLine(f: KeyFigure, zh: boolean): string {
  if (f.conflicts.length === 0) return `${f.name}: ${f.value}`;
  const others = f.conflicts.map((c) => c.value).join(zh ? "、" : "; ");
  if (f.tied)
    return zh
      ? `${f.name}: ${f.value}（来源不一致，另有：${others}）`
      : `${f.name}: ${f.value} (sources disagree; also ${others})`;
  return zh
    ? `${f.name}: ${f.value}（较少或较弱的来源给出：${others}）`
    : `${f.name}: ${f.value} (fewer or weaker sources give ${others})`;
}
