import type { CaseResult } from "./results";

/**
 * Why a case failed, in one word, so a change that trades one failure for another shows:
 * the run waited on (or ended at the deadline of) a question nobody answered; spent a budget; looped (re-ran done work, repeated
 * identical calls, stagnated); stated a value it should not have or cited what it never read;
 * stopped without a deliverable; or delivered a wrong answer (anything else the judge refused).
 */
export const FAILURE_MODES = [
  "blocked_on_question",
  "timeout",
  "loop",
  "invented_value",
  "no_report",
  "wrong_answer",
] as const;
export type FailureMode = (typeof FAILURE_MODES)[number];

export function failureMode(c: Pick<CaseResult, "success" | "status" | "failures">): FailureMode | null {
  if (c.success) return null;
  const all = c.failures.join("\n");
  // Waiting, or ended because nobody answered by the question's deadline.
  if (c.status === "waiting" || /Nobody answered .* by its deadline/.test(all)) return "blocked_on_question";
  // A budget spent, or the run stopped at the bench's wall-time limit for one case.
  if (/budget \(\d+\) is spent|budget_exceeded|^timed out:/m.test(all)) return "timeout";
  if (/identical calls in a row|completed tasks? re-run|No progress|stagnat/i.test(all)) return "loop";
  if (/\(states "|cites documents never read/.test(all)) return "invented_value";
  if (/^no report:/m.test(all)) return "no_report";
  return "wrong_answer";
}

export function failureModeCounts(cases: readonly Pick<CaseResult, "success" | "status" | "failures">[]) {
  const counts = Object.fromEntries(FAILURE_MODES.map((m) => [m, 0])) as Record<FailureMode, number>;
  for (const c of cases) {
    const m = failureMode(c);
    if (m) counts[m]++;
  }
  return counts;
}
