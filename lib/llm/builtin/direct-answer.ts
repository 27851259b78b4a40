import { type Superlative, superlatives } from "../../language/superlatives";
import { parseQuantity } from "../../tools/calculate";
import type { ResearchFrame } from "./frame";
import { matchTerms, overlap } from "./text";
import type { ReadDoc } from "./upstream";

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
export function directAnswers(frame: ResearchFrame, reads: readonly ReadDoc[]): DirectAnswer[] {
  return superlatives(frame.request).flatMap((s) => {
    const sorted = lineup(s, reads);
    if (sorted.length < 2) return [];
    const [best, ...rest] = sorted as [Candidate, ...Candidate[]];
    const others = rest.map((c) => `${c.item} ${c.value}`).join(frame.zh ? "、" : ", ");
    const text = frame.zh
      ? `${s.measure}${s.direction === "max" ? "最高" : "最低"}：${best.item}（${best.value}；其余：${others}）`
      : `${s.direction === "max" ? "Highest" : "Lowest"} ${s.measure}: ${best.item} at ${best.value} (the others: ${others})`;
    return [{ text, citations: [...new Set(sorted.map((c) => c.docId))].slice(0, 10) }];
  });
}

/**
 * The items the documents give a figure for on the measure, best first (one kind of number only:
 * shares with shares, prices with prices — the most common kind).
 */
export function lineup(s: Superlative, reads: readonly ReadDoc[]): Candidate[] {
  const wanted = matchTerms(s.measure);
  const candidates: Candidate[] = [];
  for (const doc of reads) {
    for (const f of doc.figures) {
      if (overlap(wanted, matchTerms(f.name)) < 0.5) continue;
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
  return [...same].sort((x, y) => (s.direction === "max" ? y.amount - x.amount : x.amount - y.amount));
}

/** "Braidline loop incidence rate" with measure "loop incidence" → "Braidline"; "" when nothing is left. */
function itemOf(name: string, measure: string): string {
  const measureTerms = matchTerms(measure);
  const words = name.split(/\s+/);
  const first = words.findIndex((w) => measureTerms.has([...matchTerms(w)][0] ?? ""));
  const head = (first > 0 ? words.slice(0, first) : []).join(" ").trim();
  // A year or a generic prefix ("Project X top-four vendor combined share") is not an item.
  return /\d{4}|^project\b/i.test(head) ? "" : head;
}
