import { superlatives } from "../../language/superlatives";
import { type Operation, parseQuantity, type Quantity } from "../../tools/calculate";
import type { ComparisonTable } from "./comparison-table";
import { lineup } from "./direct-answer";
import type { ResearchFrame } from "./frame";
import type { KeyFigure } from "./key-figures";
import { matchTerms, mentions, overlap } from "./text";
import type { ReadDoc } from "./upstream";

/**
 * Which figures a requested derivation uses, chosen the way an analyst would: two figures of the
 * same kind (both percentages, both in one currency) that measure the same thing — the two sides
 * of a comparison, or one measure in two years — most relevant to the goal. A count the person
 * gave ("150 technicians") multiplies a per-unit figure. Nothing comparable: no inputs, and the
 * calculation fails with that reason instead of inventing a pair.
 */
export interface CalculationPlan {
  label: string;
  operation: Operation;
  inputs: { label: string; value: string; docId?: string }[];
}

interface Candidate {
  label: string;
  value: string;
  docId?: string;
  q: Quantity;
}

const YEAR = /\b(?:19|20)\d\d\b/g;

const kindOf = (q: Quantity): string => (q.suffix === "%" ? "%" : `${q.prefix}|${q.suffix}`.toLowerCase());

export function planCalculation(
  operation: Operation,
  frame: ResearchFrame,
  figures: readonly KeyFigure[],
  table: ComparisonTable | null,
  requestText: string,
  reads: readonly ReadDoc[] = [],
): CalculationPlan {
  const fromTable = tablePair(table);
  const candidates: Candidate[] = figures.flatMap((f) => {
    const q = parseQuantity(f.value);
    return q ? [{ label: f.name, value: f.value, docId: f.docIds[0], q }] : [];
  });
  const wanted = matchTerms(`${frame.title} ${requestText}`);
  const none = (why: string): CalculationPlan => ({
    label: `${operationName(operation)}: ${why}`,
    operation,
    inputs: [],
  });

  if (operation === "product") {
    const count = countIn(requestText);
    const perUnit = best(
      candidates.filter((c) => c.q.prefix || /\bper\b|每/i.test(c.label)),
      wanted,
    );
    if (!count || !perUnit) return none("no count and per-unit figure to multiply");
    return {
      label: `${perUnit.label} × ${count.label}`,
      operation,
      inputs: [input(perUnit), { label: count.label, value: String(count.amount) }],
    };
  }

  let pair: [Candidate, Candidate] | null = null;
  if (operation === "percent_change" || operation === "sum") pair = yearPair(candidates, wanted);
  if (!pair && operation !== "percent_change") pair = superlativePair(frame.request, reads);
  if (!pair && (operation === "difference" || operation === "ratio")) pair = fromTable;
  pair ??= similarPair(candidates, wanted);
  if (!pair) return none("no two comparable figures among those found");
  let [a, b] = pair;
  if ((operation === "difference" || operation === "ratio") && a.q.amount < b.q.amount) [a, b] = [b, a];
  if (operation === "share" && a.q.amount > b.q.amount) [a, b] = [b, a];
  const join =
    { difference: "vs", ratio: "to", percent_change: "→", share: "of", sum: "+" }[operation as string] ?? "/";
  return {
    label: `${operationName(operation)}: ${a.label} ${join} ${b.label}`,
    operation,
    inputs: [input(a), input(b)],
  };
}

const input = (c: Candidate) => ({ label: c.label, value: c.value, ...(c.docId ? { docId: c.docId } : {}) });

function operationName(op: Operation): string {
  return {
    difference: "Gap",
    ratio: "Ratio",
    percent_change: "Change",
    share: "Share",
    sum: "Total",
    product: "Total",
    per_unit: "Per unit",
  }[op];
}

/** The comparison table's first row with a number of the same kind for the first two entities. */
function tablePair(table: ComparisonTable | null): [Candidate, Candidate] | null {
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

/**
 * "Which has the lowest loop incidence, and how does it compare with Cortexa?": the item picked by
 * the superlative against the item the request names (the runner-up when it names none).
 */
function superlativePair(request: string, reads: readonly ReadDoc[]): [Candidate, Candidate] | null {
  for (const s of superlatives(request)) {
    const items = lineup(s, reads);
    const [best, ...rest] = items;
    if (!best || rest.length === 0) continue;
    const named = rest.find((c) => mentions(request, c.item)) ?? (rest[0] as (typeof rest)[number]);
    const as = (c: typeof best): Candidate | null => {
      const q = parseQuantity(c.value);
      return q ? { label: `${c.item} ${s.measure}`, value: c.value, docId: c.docId, q } : null;
    };
    const a = as(best);
    const b = as(named);
    if (a && b) return [a, b];
  }
  return null;
}

/** One measure in two years ("market size 2024" / "2025"), earlier first. */
function yearPair(candidates: Candidate[], wanted: Set<string>): [Candidate, Candidate] | null {
  const byMeasure = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const years = c.label.match(YEAR);
    if (!years) continue;
    const key = `${c.label.replace(YEAR, "").replace(/\s+/g, " ").trim().toLowerCase()}|${kindOf(c.q)}`;
    byMeasure.set(key, [...(byMeasure.get(key) ?? []), c]);
  }
  const groups = [...byMeasure.values()].filter((g) => g.length >= 2);
  const group = groups.sort(
    (g, h) => relevance(h[0] as Candidate, wanted) - relevance(g[0] as Candidate, wanted),
  )[0];
  if (!group) return null;
  const sorted = [...group].sort((x, y) => yearOf(x) - yearOf(y));
  return [sorted[0] as Candidate, sorted.at(-1) as Candidate];
}

const yearOf = (c: Candidate) => Number(c.label.match(YEAR)?.at(-1) ?? 0);

/** Two figures of one kind whose names share the most words, the goal's words weighing in. */
function similarPair(candidates: Candidate[], wanted: Set<string>): [Candidate, Candidate] | null {
  let top: { pair: [Candidate, Candidate]; score: number } | null = null;
  for (let i = 0; i < candidates.length; i++) {
    for (let j = i + 1; j < candidates.length; j++) {
      const a = candidates[i] as Candidate;
      const b = candidates[j] as Candidate;
      if (kindOf(a.q) !== kindOf(b.q) || a.q.amount === b.q.amount) continue;
      const ta = matchTerms(a.label);
      const tb = matchTerms(b.label);
      const shared = overlap(ta, tb);
      if (shared === 0) continue;
      const score = shared + relevance(a, wanted) + relevance(b, wanted);
      if (!top || score > top.score) top = { pair: [a, b], score };
    }
  }
  return top?.pair ?? null;
}

const relevance = (c: Candidate, wanted: Set<string>) => overlap(matchTerms(c.label), wanted);

function best(candidates: Candidate[], wanted: Set<string>): Candidate | undefined {
  return [...candidates].sort((a, b) => relevance(b, wanted) - relevance(a, wanted))[0];
}

/** "for 150 technicians", "120 seats": a count the request gives (not a year, a share or money). */
function countIn(text: string): { amount: number; label: string } | null {
  for (const m of text.matchAll(/(?<![\d.,$€£¥])(\d[\d,]*)\s+([\p{L}-]{3,}(?:\s[\p{L}-]{3,})?)/gu)) {
    const amount = Number((m[1] as string).replace(/,/g, ""));
    if (!Number.isFinite(amount) || amount < 2 || (amount >= 1900 && amount <= 2100)) continue;
    const noun = (m[2] as string).split(" ")[0] as string;
    if (
      /^(?:percent|billion|million|thousand|years?|months?|days?|minutes?|hours?|sources?|documents?|words?)$/i.test(
        noun,
      )
    ) {
      continue;
    }
    return { amount, label: `${amount} ${noun}` };
  }
  return null;
}
