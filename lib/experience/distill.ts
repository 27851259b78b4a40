import type { EventOf, RunEvent } from "../agent/events";
import { type LessonLanguage, NewLesson } from "./lesson";
import { goalLanguage, goalTerms } from "./situation";

type Ev<T extends RunEvent["type"]> = EventOf<T>;

/** What every lesson of one run shares, read from the run's own events. */
export interface RunFacts {
  runId: string;
  goalTerms: string[];
  language: LessonLanguage;
  /** Events of a fork's parent (seq ≤ forkSeq) were the parent's experience, not this run's. */
  firstOwnSeq: number;
}

export function factsOf(events: readonly RunEvent[]): RunFacts | null {
  const started = events.find((e): e is Ev<"run.started"> => e.type === "run.started");
  if (!started) return null;
  const spec = events.findLast((e): e is Ev<"goal.clarified"> => e.type === "goal.clarified")?.spec;
  return {
    runId: started.runId,
    goalTerms: goalTerms(started.goal, spec?.topics ?? []),
    language: goalLanguage(started.goal),
    firstOwnSeq: (started.forkSeq ?? -1) + 1,
  };
}

/** The tool a task's last attempt called before `seq`, and that attempt's failure code (if it failed). */
function lastOutcome(events: readonly RunEvent[], taskId: string, beforeSeq: number) {
  const r = events.findLast(
    (e): e is Ev<"tool.returned"> =>
      e.type === "tool.returned" && e.taskId === taskId && e.final && e.seq < beforeSeq,
  );
  return r ? { tool: r.tool, code: r.result.ok ? "" : r.result.code, seq: r.seq } : null;
}

export const identifier = (s: string) => (/^[a-z][a-z0-9_]{0,47}$/.test(s) ? s : "");

/**
 * Lessons a finished run teaches, by rules over its events only:
 * a reflection that raised confidence; a repair after which the task (or the run) succeeded;
 * a retry that failed the same way; a question whose answer let the task succeed.
 * Every lesson names the run and the seqs that show it. Tool outputs, documents and model prose
 * are never read, so nothing a document says can become a lesson.
 */
export function distillLessons(events: readonly RunEvent[]): NewLesson[] {
  const facts = factsOf(events);
  if (!facts) return [];
  const own = events.filter((e) => e.seq >= facts.firstOwnSeq);
  const out: NewLesson[] = [];
  const push = (
    rule: NewLesson["rule"],
    action: NewLesson["action"],
    outcome: NewLesson["outcome"],
    where: { tool: string; trigger: string; failureCode: string },
    seqs: number[],
  ) => {
    const parsed = NewLesson.safeParse({
      rule,
      action,
      outcome,
      signature: {
        goalTerms: facts.goalTerms,
        language: facts.language,
        tool: identifier(where.tool),
        trigger: identifier(where.trigger),
        failureCode: identifier(where.failureCode),
      },
      evidence: { runId: facts.runId, seqs },
    });
    // A lesson needs a situation: a tool, or at least a trigger or failure code.
    if (parsed.success && (parsed.data.signature.tool || parsed.data.signature.trigger))
      out.push(parsed.data);
  };
  const succeededAfter = (taskId: string, seq: number) =>
    own.find(
      (e): e is Ev<"task.succeeded"> => e.type === "task.succeeded" && e.taskId === taskId && e.seq > seq,
    );
  const decisionBefore = (taskId: string, seq: number, kind: string) =>
    own.findLast(
      (e): e is Ev<"decision"> =>
        e.type === "decision" && e.taskId === taskId && e.kind === kind && e.seq < seq,
    );

  for (const ev of own) {
    if (ev.type === "reflection.evaluated" && ev.effective) {
      const r = own.findLast(
        (e): e is Ev<"reflection"> => e.type === "reflection" && e.taskId === ev.taskId && e.seq < ev.seq,
      );
      const before = r && lastOutcome(own, ev.taskId, r.seq);
      if (r && before)
        push(
          "reflection_raised",
          "reflect",
          "helped",
          { tool: before.tool, trigger: r.trigger, failureCode: before.code },
          [r.seq, ev.seq],
        );
    }
    if (ev.type === "plan.repaired") {
      const before = lastOutcome(own, ev.taskId, ev.seq);
      const ok =
        succeededAfter(ev.taskId, ev.seq) ??
        (ev.action === "skip_task"
          ? own.find((e) => e.type === "run.finished" && e.seq > ev.seq)
          : undefined);
      if (before && ok)
        push(
          "repair_succeeded",
          "repair",
          "helped",
          { tool: before.tool, trigger: ev.trigger, failureCode: before.code },
          [ev.seq, ok.seq],
        );
    }
    if (ev.type === "task.failed" && !ev.final) {
      const next = own.find(
        (e): e is Ev<"tool.returned"> =>
          e.type === "tool.returned" && e.taskId === ev.taskId && e.attempt === ev.attempt + 1 && e.final,
      );
      const d = decisionBefore(ev.taskId, ev.seq, "retry");
      if (next && !next.result.ok && next.result.code === ev.code && d)
        push(
          "retry_failed_same",
          "retry",
          "did_not_help",
          { tool: next.tool, trigger: d.trigger, failureCode: ev.code },
          [d.seq, ev.seq, next.seq],
        );
    }
    if (ev.type === "question.answered") {
      const q = own.find(
        (e): e is Ev<"question.asked"> => e.type === "question.asked" && e.questionId === ev.questionId,
      );
      if (!q?.taskId || q.origin === "clarify") continue;
      const ok = succeededAfter(q.taskId, ev.seq);
      const before = lastOutcome(own, q.taskId, q.seq);
      const d = decisionBefore(q.taskId, q.seq + 1, "ask_user");
      if (ok && before)
        push(
          "answer_unblocked",
          "ask_user",
          "helped",
          { tool: before.tool, trigger: d?.trigger ?? q.origin, failureCode: before.code },
          [q.seq, ev.seq, ok.seq],
        );
    }
  }
  return out;
}

/**
 * How each lesson recalled during the run fared: it helped when the task it was recalled for
 * succeeded afterwards (for a run-level recall: when the run finished).
 */
export function lessonUses(events: readonly RunEvent[]): { lessonId: string; helped: boolean }[] {
  const seen = new Map<string, boolean>();
  for (const ev of events) {
    if (ev.type !== "experience.recalled") continue;
    const helped = events.some(
      (e) =>
        e.seq > ev.seq &&
        ((ev.taskId !== null && e.type === "task.succeeded" && e.taskId === ev.taskId) ||
          (ev.taskId === null && e.type === "run.finished")),
    );
    for (const l of ev.lessons) seen.set(l.lessonId, (seen.get(l.lessonId) ?? false) || helped);
  }
  return [...seen].map(([lessonId, helped]) => ({ lessonId, helped }));
}
