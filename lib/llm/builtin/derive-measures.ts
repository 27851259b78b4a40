import { clausesOf } from "../../language/english";
import type { Operation } from "../../tools/calculate";
import type { CalculationPlan } from "./derive-inputs";
import { termsWithGloss } from "./gloss";
import { derivationCue } from "./goal-options";
import { type Figure as Candidate, figureInput as input, lineupsOf } from "./lineups";
import { matchTerms } from "./text";
import type { ReadDoc } from "./upstream";

/** Measures one comparison is repeated over at most. */
const MAX_MEASURES = 4;

/** "… and how many points higher each is, respectively", "分别高出几个百分点". */
const RESPECTIVELY = /\b(?:respectively|in each case|on each|for each of them)\b|分别|各自|各高|各差/iu;

/**
 * One comparison repeated over each measure the request asks it of: "Cortexa's loop rate and
 * goal-drift rate, and how many points above Braidline's each is" compares the two items on both
 * measures, one row per measure. Asked so ("respectively", 分别) or by two clauses that each ask the
 * comparison ("… how many points apart? And on long tasks, how big is the gap?"). The measures are
 * the lists that hold both items and whose names the request's words fit beyond the first one's.
 */
export function measureRows(
  operation: Operation,
  pair: readonly [Candidate, Candidate],
  candidates: readonly Candidate[],
  request: string,
  reads: readonly ReadDoc[],
  subject: string | null,
): CalculationPlan | null {
  if (operation !== "difference" && operation !== "ratio") return null;
  const cue = derivationCue(operation);
  const asking = cue ? clausesOf(request).filter((c) => cue.test(c)).length : 0;
  if (!RESPECTIVELY.test(request) && asking < 2) return null;
  const [a, b] = pair;
  const lineups = lineupsOf(candidates).filter((l) => l.kind === lineupsOf([a, b])[0]?.kind);
  const first = lineups.find((l) => [...l.items.values()].includes(a) && [...l.items.values()].includes(b));
  if (!first) return null;
  const keyOf = (c: Candidate) => [...first.items.entries()].find(([, x]) => x === c)?.[0] ?? "";
  const [ka, kb] = [keyOf(a), keyOf(b)];
  const skip = new Set([...matchTerms(subject ?? ""), ...matchTerms(ka), ...matchTerms(kb)]);
  const wanted = new Set([...termsWithGloss(request, reads)].filter((t) => !skip.has(t)));
  const own = (l: { shared: string }) => [...matchTerms(l.shared)].filter((t) => !skip.has(t));
  const seen = new Set(own(first));
  const rows: NonNullable<CalculationPlan["rows"]> = [{ label: first.shared, inputs: [input(a), input(b)] }];
  for (const l of lineups) {
    if (l === first || rows.length >= MAX_MEASURES) continue;
    const x = l.items.get(ka);
    const y = l.items.get(kb);
    const fresh = own(l).filter((t) => wanted.has(t) && !seen.has(t));
    // The same figures under another name (a Chinese document's list) measure nothing new.
    const same = rows.some((r) => r.inputs[0]?.value === x?.value && r.inputs[1]?.value === y?.value);
    if (!x || !y || fresh.length === 0 || same) continue;
    for (const t of own(l)) seen.add(t);
    rows.push({ label: l.shared, inputs: [input(x), input(y)] });
  }
  if (rows.length < 2) return null;
  const name = operation === "difference" ? "Gap" : "Ratio";
  return { label: `${name}: ${ka} vs ${kb}, measure by measure`, operation, inputs: [], rows };
}
