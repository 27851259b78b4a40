import { parseQuantity } from "../../tools/calculate";
import type { Evidence } from "./evidence";
import type { ResearchFrame } from "./frame";
import type { KeyFigure } from "./key-figures";
import type { Figure } from "./lineups";
import { kindOf } from "./prose-figures";
import { matchTerms, mentions, normalise, overlap, truncate } from "./text";
import type { Fact } from "./upstream";
import { VALUE } from "./values";

export interface ComparisonTable {
  caption: string;
  columns: string[];
  rows: { cells: string[]; citations: string[] }[];
}

const MAX_ROWS = 8;
const EMPTY_CELL = "—";

/**
 * Entities side by side. Rows come from key figures that name an entity ("Loomwork GitHub
 * stars" → row "GitHub stars") and, per aspect of the goal, from the figure next to each
 * entity's name in the best sentence about both. Each row cites the documents its cells came from.
 */
export function comparisonTable(
  frame: ResearchFrame,
  ev: Evidence,
  figures: KeyFigure[],
): ComparisonTable | null {
  const entities = frame.entities;
  if (entities.length < 2) return null;
  const rows = [...figureRows(entities, figures), ...aspectRows(frame, ev)];
  if (rows.length === 0) rows.push(evidenceRow(frame, ev));
  const seen = new Set<string>();
  const usable = rows
    .filter((r) => {
      const values = r.cells.slice(1);
      // The same values under another label ("task success" vs "task success rate") say nothing new.
      const key = values.join("\u0000");
      if (values.every((c) => c === EMPTY_CELL) || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_ROWS);
  if (usable.length === 0) return null;
  return {
    caption: frame.zh ? `对比：${entities.join(" 与 ")}` : `Comparison: ${entities.join(" vs ")}`,
    columns: [frame.zh ? "方面" : "Aspect", ...entities],
    rows: usable,
  };
}

/** Key figures named after an entity, grouped by what remains of the name once the entity is removed. */
function figureRows(entities: string[], figures: KeyFigure[]) {
  const byMetric = new Map<string, { label: string; values: Map<string, KeyFigure> }>();
  for (const f of figures) {
    const entity = entities.find((e) => mentions(f.name, e));
    if (!entity) continue;
    const label = f.name
      .replace(new RegExp(escapeRegex(entity), "iu"), "")
      .replace(/\s+/g, " ")
      .trim();
    if (!label) continue;
    const row = byMetric.get(normalise(label)) ?? { label, values: new Map() };
    if (!row.values.has(entity)) row.values.set(entity, f);
    byMetric.set(normalise(label), row);
  }
  return [...byMetric.values()]
    .filter((r) => r.values.size >= 2)
    .map((r) => ({
      cells: [r.label, ...entities.map((e) => r.values.get(e)?.value ?? EMPTY_CELL)],
      citations: unique(entities.flatMap((e) => r.values.get(e)?.docIds ?? [])),
    }));
}

function aspectRows(frame: ResearchFrame, ev: Evidence) {
  return frame.aspects.slice(0, 4).map((aspect) => {
    const wanted = matchTerms(aspect);
    const citations: string[] = [];
    const cells = frame.entities.map((entity) => {
      const fact = bestFact(ev, entity, wanted);
      const value = fact ? figureNear(fact.text, entity, frame.entities) : null;
      if (!fact || !value) return EMPTY_CELL;
      citations.push(fact.docId);
      return value;
    });
    return { cells: [aspect, ...cells], citations: unique(citations) };
  });
}

function bestFact(ev: Evidence, entity: string, wanted: Set<string>): Fact | undefined {
  let best: { fact: Fact; score: number } | undefined;
  // A two-word aspect needs both words: "USD 0.42 per task" is not a "task success rate".
  const need = Math.min(2, wanted.size);
  for (const fact of ev.facts) {
    // A cell states a figure as the comparison's: never from a sponsored or unverified source.
    if (ev.weak.has(fact.docId) || !mentions(fact.text, entity)) continue;
    // `overlap` is a share: the count of the aspect's words the sentence holds is share × size.
    const hit = overlap(wanted, matchTerms(fact.text));
    if (Math.round(hit * wanted.size) < need || !figureNear(fact.text, entity, [entity])) continue;
    if (!best || hit > best.score) best = { fact, score: hit };
  }
  return best?.fact;
}

/** When no figure lines up: each entity's first sentence, shortened. */
function evidenceRow(frame: ResearchFrame, ev: Evidence) {
  const citations: string[] = [];
  const cells = frame.entities.map((entity) => {
    const fact = ev.facts.find((f) => mentions(f.text, entity) && !ev.weak.has(f.docId));
    if (!fact) return EMPTY_CELL;
    citations.push(fact.docId);
    return truncate(fact.text, 120);
  });
  return { cells: [frame.zh ? "要点" : "Evidence", ...cells], citations: unique(citations) };
}

/**
 * The figure that belongs to `entity` in a sentence listing several: the value in the same
 * clause as the entity's name, nearest to it ("…, Loomwork at USD 0.42 and Cortexa at …").
 */
export function figureNear(sentence: string, entity: string, entities: string[]): string | null {
  const clauses = sentence.split(
    /[,;，；、]|\s(?:and|while|whereas|but|against|versus|vs\.?|compared with)\s|和|与|而/u,
  );
  const own = clauses.filter((c) => mentions(c, entity));
  const alone = own.filter((c) => !entities.some((e) => e !== entity && mentions(c, e)));
  for (const clause of alone.length ? alone : own) {
    const at = clause.toLowerCase().indexOf(entity.toLowerCase());
    let best: { value: string; distance: number } | null = null;
    for (const m of clause.matchAll(VALUE)) {
      const distance = Math.abs((m.index ?? 0) - at);
      if (!best || distance < best.distance) best = { value: m[0].trim(), distance };
    }
    if (best) return best.value;
  }
  return null;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const unique = (ids: string[]) => [...new Set(ids)];

/** The comparison table's first row with a number of the same kind for the first two entities. */
export function tablePair(table: ComparisonTable | null): [Figure, Figure] | null {
  if (!table) return null;
  for (const row of table.rows) {
    const [label, x, y] = row.cells;
    const qx = x ? parseQuantity(x) : null;
    const qy = y ? parseQuantity(y) : null;
    if (!label || !x || !y || !qx || !qy || kindOf(qx) !== kindOf(qy)) continue;
    const [e1, e2] = table.columns.slice(1);
    return [
      { label: `${e1} ${label}`, value: x, docId: row.citations[0], q: qx },
      { label: `${e2} ${label}`, value: y, docId: row.citations.at(-1), q: qy },
    ];
  }
  return null;
}
