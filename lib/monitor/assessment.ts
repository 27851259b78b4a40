import { z } from "zod";
import type { RunState, TaskState } from "../agent/state";
import { findContradictions } from "../memory/working-memory";
import type { Criterion } from "../planner/plan-schema";
import { calibrateConfidence, isEmptyOutput } from "./calibrate";
import { checkCriteria } from "./criteria";
import type { Assessment } from "./gate";
import { isRepeating } from "./signals";

/** The model's verdict when rules are undecided; its confidence is capped by the rules'. */
export const AssessOutput = z.object({
  accept: z.boolean(),
  confidence: z.number().min(0).max(1),
  reason: z.string().min(1),
});
export type AssessOutput = z.infer<typeof AssessOutput>;

/** Everything the rules can say about a task's latest result. Pure: recomputing it gives the same answer. */
export function assessResult(s: RunState, task: TaskState, resultEntryId: string): Assessment {
  const r = task.result;
  if (!r) throw new Error(`Task ${task.id} has no result to assess`);
  if (!r.ok || r.code === "user_answer") {
    return {
      ok: r.ok,
      code: r.code,
      transient: r.transient,
      checks: [],
      confidence: r.ok ? r.confidence : 0,
      repeating: isRepeating(s, task.lastCallKey, 3, task.id),
      contradictions: [],
      inconsistent: [],
    };
  }
  const data = r.artifactId ? s.artifacts[r.artifactId]?.data : undefined;
  if (isMalformed(data, task.successCriteria)) {
    // The tool said it succeeded, but what came back is not its format (an error page, a bare
    // string): a broken reply, retried like any schema violation, not "nothing was found".
    return {
      ok: false,
      code: "malformed_output",
      transient: false,
      checks: [],
      confidence: 0,
      repeating: isRepeating(s, task.lastCallKey, 3, task.id),
      contradictions: [],
      inconsistent: [],
    };
  }
  const checks = checkCriteria(task.successCriteria, data);
  // An earlier attempt of the same task is superseded, not contradicted.
  const found = findContradictions(s.memory, r.claims, resultEntryId).filter(
    (c) => s.memory.entries[c.entryId]?.extra.taskId !== task.id,
  );
  return {
    ok: true,
    code: r.code,
    transient: false,
    checks,
    confidence: calibrateConfidence(r.confidence, checks, isEmptyOutput(data)),
    repeating: isRepeating(s, task.lastCallKey, 3, task.id),
    contradictions: [...new Set(found.map((c) => `${c.key} (${c.held} earlier, ${c.incoming} now)`))],
    inconsistent: [
      ...new Set([
        ...found
          .filter((c) => c.sameSource)
          .map((c) => `${c.key} in ${c.sameSource} (${c.held} earlier, ${c.incoming} now)`),
        ...unfaithfulQuotes(s, data),
      ]),
    ],
  };
}

const NUMBER = /\d+(?:[.,]\d+)*/g;
const numbersIn = (text: string) => new Set(text.match(NUMBER) ?? []);

/**
 * A quote must be what its source says. Facts a result quotes from a document this run read in
 * full: a figure in the quote that the document as read does not contain was garbled on the way
 * ("0.4%" where the document says "2.4%"), whatever else agrees with it.
 */
export function unfaithfulQuotes(s: RunState, data: unknown): string[] {
  const facts = (data as { facts?: unknown } | null)?.facts;
  if (!Array.isArray(facts) || facts.length === 0) return [];
  const read = new Map<string, Set<string>>();
  for (const a of Object.values(s.artifacts)) {
    const docs = (a.data as { documents?: unknown } | null)?.documents;
    if (!Array.isArray(docs)) continue;
    for (const d of docs as { docId?: unknown; text?: unknown; truncated?: unknown }[]) {
      // A document read only in part may hold the quote beyond the cut: no verdict on it.
      if (typeof d.docId !== "string" || typeof d.text !== "string" || d.truncated === true) continue;
      // Every read of the document counts: one garbled read does not make a faithful quote wrong.
      const known = read.get(d.docId) ?? new Set<string>();
      for (const n of numbersIn(d.text)) known.add(n);
      read.set(d.docId, known);
    }
  }
  const out: string[] = [];
  for (const f of facts as { text?: unknown; docId?: unknown }[]) {
    if (typeof f.text !== "string" || typeof f.docId !== "string") continue;
    const source = read.get(f.docId);
    if (!source) continue;
    const numbers = [...numbersIn(f.text)];
    // A quote cut short ("…") may end inside a number: its last one is not judged.
    if (/…\s*$/.test(f.text) || f.text.length >= 490) numbers.pop();
    const wrong = numbers.filter((n) => !source.has(n));
    if (wrong.length > 0)
      out.push(`${wrong.join(", ")} in a quote of ${f.docId} (not in the document as read)`);
  }
  return out;
}

/**
 * Output that is not an object, or an object holding none of the fields its criteria name: the
 * reply is broken. (An object with the fields but empty lists is a real, empty answer.)
 */
export function isMalformed(data: unknown, criteria: readonly Criterion[]): boolean {
  if (data === null || data === undefined) return false;
  if (typeof data !== "object" || Array.isArray(data)) return true;
  const fields = criteria.map((c) => c.field.split(".")[0] as string).filter((f) => f !== "data");
  return fields.length > 0 && fields.every((f) => !(f in (data as Record<string, unknown>)));
}

/** Signals as short sentences, for the assessed event and the reflection prompt. */
export function describeSignals(a: Assessment): string[] {
  const out: string[] = [];
  if (!a.ok) out.push(`tool failed: ${a.code}${a.transient ? " (transient)" : ""}`);
  for (const c of a.checks) out.push(`${c.met ? "met" : "unmet"}: ${c.description} (${c.detail})`);
  if (a.ok) out.push(`calibrated confidence ${a.confidence.toFixed(2)}`);
  if (a.repeating) out.push("repetition: same call and same result 3 times");
  for (const k of a.contradictions) out.push(`contradiction on ${k}`);
  for (const k of a.inconsistent) out.push(`same source, different value: ${k}`);
  return out;
}
