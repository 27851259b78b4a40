import { parseQuantity } from "../../tools/calculate";
import type { Figure as Candidate } from "./lineups";
import { matchTerms } from "./text";
import type { Derivation } from "./upstream";

/** The request projects to a year two or more after another it names or the latest it could mean ("through 2030"). */
export function yearsAhead(request: string): boolean {
  const years = [...request.matchAll(/\b((?:19|20)\d\d)\b/g)].map((m) => Number(m[1]));
  if (years.length === 0) return false;
  const to = Math.max(...years);
  // From the latest year before it (the base: "2024 and 2025 … project 2026" is one year ahead).
  const before = years.filter((y) => y < to);
  const from = before.length > 0 ? Math.max(...before) : null;
  return from !== null ? to - from >= 2 : /\b(?:through|by|until|in|to)\s+(?:19|20)\d\d\b/i.test(request);
}

/**
 * A figure projected upstream, compared in the year it was projected to: "what share of the 2030
 * global forecast would that be" takes the projection as the part and, as the other side, the
 * figure of the same kind the documents give for that year — the one the clause's words fit best.
 */
export function projectedPair(
  clause: string,
  candidates: readonly Candidate[],
  derived: readonly Derivation[],
): [Candidate, Candidate] | null {
  const projections = derived.filter((d) => d.operation === "apply_rate" && parseQuantity(d.formatted));
  const projection = projections.at(-1);
  const q = projection ? parseQuantity(projection.formatted) : null;
  if (!projection || !q) return null;
  const years = clause.match(/\b(?:19|20)\d\d\b/g) ?? [];
  const year = years.at(-1);
  // The year projected to ("2025-2030", "to 2030"): a clause in another year ("Asia-Pacific's 2025
  // market") asks of the figures as stated, not of the projection.
  const target = (projection.inputs ?? [])
    .flatMap((i) => i.label.match(/\b(?:19|20)\d\d\b/g) ?? [])
    .sort()
    .at(-1);
  if (year && target && year !== target) return null;
  // Two items projected on their own ("which region ends up bigger in 2030"): the projections themselves.
  if (projections.length >= 2) {
    const [a, b] = projections.slice(-2).map((d) => ({
      label: `${d.label.replace(/\s*\bwith\b.*$/i, "").replace(/\s+(?:19|20)\d\d$/, "")} projected`,
      value: d.formatted,
      docId: d.docIds[0],
      q: parseQuantity(d.formatted) as NonNullable<ReturnType<typeof parseQuantity>>,
    }));
    if (a && b && a.q.prefix === b.q.prefix) return [a, b];
  }
  if (!year) return null;
  const words = matchTerms(clause);
  const item = projection.label.replace(/\s*\bwith\b.*$/i, "").replace(/\s+(?:19|20)\d\d$/, "");
  const others = candidates
    .filter((c) => c.q.prefix === q.prefix && c.label.includes(year) && !overlapsItem(c.label, item))
    .map((c) => ({ c, fit: [...matchTerms(c.label)].filter((t) => words.has(t)).length }))
    .sort((a, b) => b.fit - a.fit);
  const other = others[0]?.c;
  if (!other) return null;
  const label = `${item.trim()} projected to ${year}`;
  return [{ label, value: projection.formatted, docId: projection.docIds[0], q }, other];
}

/** A label that names the projected item's own words beyond those it shares with the market's. */
function overlapsItem(label: string, item: string): boolean {
  const mine = matchTerms(label);
  const theirs = [...matchTerms(item)].filter((t) => !/^(?:\d+|project|market|size|x)$/.test(t));
  return theirs.some((t) => mine.has(t));
}
