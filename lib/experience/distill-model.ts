import { z } from "zod";
import type { EventOf, RunEvent } from "../agent/events";
import { routingOf } from "../agent/model-route";
import { renderMessages } from "../agent/prompts";
import type { ChatModel, ModelUsage } from "../llm/chat-model";
import type { ModelContext } from "../llm/model-context";
import { factsOf, identifier, type RunFacts } from "./distill";
import { LessonAction, LessonOutcome, NewLesson } from "./lesson";

/** At most this many lessons per run from the model: a run teaches a few things, not a list. */
export const MAX_MODEL_LESSONS = 5;
const MAX_TIMELINE = 300;
const PROMPT_BUDGET = 8_000;

/**
 * One lesson as the model proposes it. Only identifiers, a closed action and outcome, and the seqs
 * that show it: no sentence (a lesson's sentence is rendered from its fields), no goal terms (they
 * are the run's own), nothing that could carry a document's words into a later prompt.
 */
export const ProposedLesson = z.object({
  action: LessonAction,
  outcome: LessonOutcome,
  /** The tool as the events name it, or "" for any. */
  tool: z.string().max(48),
  trigger: z.string().max(48),
  failureCode: z.string().max(48),
  /** Seqs of this run's events: the tool's return, the move, and what followed. */
  evidence: z.array(z.number().int().min(0)).min(2).max(8),
});
export type ProposedLesson = z.infer<typeof ProposedLesson>;

/** The reply of the one distillation call: sent to the server as a portable JSON schema. */
export const LessonProposals = z.object({ lessons: z.array(ProposedLesson).max(MAX_MODEL_LESSONS) });
export type LessonProposals = z.infer<typeof LessonProposals>;

/** Model names that stand for a language model (the builtin and scripted models are rules). */
export const isLanguageModel = (name: string): boolean => /^(openai|local)(:|$)/.test(name);

type Ev<T extends RunEvent["type"]> = EventOf<T>;
const word = (s: string | null) => (s && /^[A-Za-z0-9_.-]{1,48}$/.test(s) ? s : "?");

/**
 * One line per event that can show a lesson, from structured fields only: ids, tools, codes,
 * triggers, decision kinds. Tool output, documents, questions' and answers' text, reasons and
 * reflections' prose are left out, so nothing a document says reaches the distilling model.
 */
export function timelineOf(own: readonly RunEvent[]): string[] {
  const lines: string[] = [];
  const questionTask = new Map<string, string | null>();
  for (const e of own) {
    const head = `${e.seq} ${e.type}`;
    switch (e.type) {
      case "tool.returned":
        if (!e.final) break;
        lines.push(
          `${head} task=${word(e.taskId)} attempt=${e.attempt} tool=${word(e.tool)} ${e.result.ok ? "ok" : `failed code=${word(identifier(e.result.code))}`}`,
        );
        break;
      case "decision":
        if (e.kind === "continue") break;
        lines.push(`${head} task=${word(e.taskId)} kind=${e.kind} trigger=${word(e.trigger)}`);
        break;
      case "reflection":
        lines.push(`${head} task=${word(e.taskId)} trigger=${word(e.trigger)} action=${e.action}`);
        break;
      case "reflection.evaluated":
        lines.push(`${head} task=${word(e.taskId)} effective=${e.effective}`);
        break;
      case "plan.repaired":
        lines.push(`${head} task=${word(e.taskId)} action=${e.action} trigger=${word(e.trigger)}`);
        break;
      case "question.asked":
        questionTask.set(e.questionId, e.taskId);
        if (e.origin !== "clarify") lines.push(`${head} task=${word(e.taskId)} origin=${e.origin}`);
        break;
      case "question.answered": {
        const task = questionTask.get(e.questionId);
        if (task) lines.push(`${head} task=${word(task)}`);
        break;
      }
      case "task.succeeded":
        lines.push(`${head} task=${word(e.taskId)} attempt=${e.attempt}`);
        break;
      case "task.failed":
        lines.push(
          `${head} task=${word(e.taskId)} attempt=${e.attempt} code=${word(identifier(e.code))} final=${e.final}`,
        );
        break;
      case "run.finished":
        lines.push(head);
        break;
    }
  }
  return lines.slice(0, MAX_TIMELINE);
}

type Checked = { ok: true; lesson: NewLesson } | { ok: false; reason: string };

const MOVES: Record<LessonAction, (e: RunEvent) => boolean> = {
  retry: (e) => e.type === "decision" && e.kind === "retry",
  reflect: (e) => e.type === "reflection" || (e.type === "decision" && e.kind === "reflect"),
  repair: (e) => e.type === "plan.repaired" || (e.type === "decision" && e.kind === "repair"),
  ask_user: (e) =>
    (e.type === "question.asked" && e.origin !== "clarify") ||
    (e.type === "decision" && e.kind === "ask_user"),
};
const triggerOf = (e: RunEvent) =>
  e.type === "decision" || e.type === "reflection" || e.type === "plan.repaired" ? e.trigger : null;

/**
 * A proposal becomes a lesson only when the events it cites are this run's own and say what it
 * claims, all about one task: a return of its tool (failing with its code, when it names one) before
 * the move; the move itself (with its trigger, when it names one); and after the move, the task's
 * success (helped; for a repair that skipped the task, the run finishing) or a later attempt's
 * failure (did not help) — for a reflection, its own evaluation (effective or not) says it too.
 */
export function checkProposal(p: ProposedLesson, own: readonly RunEvent[], facts: RunFacts): Checked {
  const bySeq = new Map(own.map((e) => [e.seq, e]));
  const seqs = [...new Set(p.evidence)].sort((a, b) => a - b);
  const missing = seqs.find((s) => !bySeq.has(s));
  if (missing !== undefined) return { ok: false, reason: `seq ${missing} is not an event of this run` };
  const cited = seqs.map((s) => bySeq.get(s) as RunEvent);
  const questionTask = new Map(
    own.flatMap((e) => (e.type === "question.asked" ? [[e.questionId, e.taskId] as const] : [])),
  );
  const taskOf = (e: RunEvent): string | null =>
    e.type === "question.answered"
      ? (questionTask.get(e.questionId) ?? null)
      : "taskId" in e && typeof e.taskId === "string"
        ? e.taskId
        : null;
  const tasks = new Set(cited.map(taskOf).filter((t): t is string => t !== null));
  if (tasks.size !== 1) return { ok: false, reason: "its evidence is not about exactly one task" };
  if (!p.tool && !p.trigger) return { ok: false, reason: "it names neither a tool nor a trigger" };
  const situation =
    p.tool || p.failureCode
      ? cited.find(
          (e): e is Ev<"tool.returned"> =>
            e.type === "tool.returned" &&
            (!p.tool || e.tool === p.tool) &&
            (!p.failureCode || (!e.result.ok && e.result.code === p.failureCode)),
        )
      : undefined;
  if ((p.tool || p.failureCode) && !situation)
    return {
      ok: false,
      reason: `no cited tool return shows ${p.tool || "a tool"}${p.failureCode ? ` failing with ${p.failureCode}` : ""}`,
    };
  const move = cited.find(
    (e) => MOVES[p.action](e) && e.seq > (situation?.seq ?? -1) && (!p.trigger || triggerOf(e) === p.trigger),
  );
  if (!move)
    return {
      ok: false,
      reason: `no cited event shows the move ${p.action}${p.trigger ? ` on ${p.trigger}` : ""} after the situation`,
    };
  const after = cited.filter((e) => e.seq > move.seq);
  // "Did not help" needs a later attempt failing: the failure recorded right after a retry or
  // reflection decision is the attempt that led to the move, not its result.
  const task = [...tasks][0];
  const attemptAtMove = Math.max(
    0,
    ...own.flatMap((e) =>
      (e.type === "task.started" || e.type === "tool.returned") && e.taskId === task && e.seq < move.seq
        ? [e.attempt]
        : [],
    ),
  );
  // As for the rules: a task repaired by skipping it never succeeds; the run finishing shows it helped.
  const skipped = move.type === "plan.repaired" && move.action === "skip_task";
  const evaluated = (effective: boolean) => (e: RunEvent) =>
    p.action === "reflect" && e.type === "reflection.evaluated" && e.effective === effective;
  const shown =
    p.outcome === "helped"
      ? after.some(
          (e) => e.type === "task.succeeded" || (skipped && e.type === "run.finished") || evaluated(true)(e),
        )
      : after.some(
          (e) =>
            ((e.type === "task.failed" || (e.type === "tool.returned" && !e.result.ok)) &&
              e.attempt > attemptAtMove) ||
            evaluated(false)(e),
        );
  if (!shown)
    return {
      ok: false,
      reason: `no cited event after the move shows that it ${p.outcome === "helped" ? "helped" : "did not help"}`,
    };
  const parsed = NewLesson.safeParse({
    rule: "model",
    action: p.action,
    outcome: p.outcome,
    signature: {
      goalTerms: facts.goalTerms,
      language: facts.language,
      tool: p.tool,
      trigger: p.trigger,
      failureCode: p.failureCode,
    },
    evidence: { runId: facts.runId, seqs },
  });
  return parsed.success
    ? { ok: true, lesson: parsed.data }
    : { ok: false, reason: "its fields are not identifiers" };
}

export interface ModelDistillation {
  lessons: NewLesson[];
  rejected: { proposal: ProposedLesson; reason: string }[];
  /** Null when no call was made (nothing in the run could show a lesson). */
  usage: ModelUsage | null;
}

/**
 * The one model call at a run's end: the model proposes lessons from the run's timeline through a
 * strict schema, and each proposal is kept only if the events it cites show it. A run without a
 * single move (retry, reflection, repair, question) cannot show a lesson: no call then.
 * Throws the model's error (the caller keeps the rule-distilled lessons).
 */
export async function distillByModel(
  model: ChatModel,
  events: readonly RunEvent[],
  signal?: AbortSignal,
): Promise<ModelDistillation> {
  const facts = factsOf(events);
  const started = events.find((e): e is Ev<"run.started"> => e.type === "run.started");
  if (!facts || !started) return { lessons: [], rejected: [], usage: null };
  const own = events.filter((e) => e.seq >= facts.firstOwnSeq);
  if (!own.some((e) => Object.values(MOVES).some((isMove) => isMove(e))))
    return { lessons: [], rejected: [], usage: null };
  const context: ModelContext = {
    purpose: "distill",
    goal: started.goal,
    timeline: timelineOf(own),
    maxLessons: MAX_MODEL_LESSONS,
  };
  // Runs recorded before the distill route existed have none: the strong tier, as for reflection.
  const tier = routingOf(started.config).routes.distill ?? "strong";
  const budget = Math.min(PROMPT_BUDGET, (await model.promptBudgetChars?.(tier)) ?? PROMPT_BUDGET);
  const reply = await model.generateObject({
    tier,
    messages: renderMessages(context, budget),
    context,
    schema: LessonProposals,
    schemaName: "lesson_proposals",
    signal,
  });
  const out: ModelDistillation = { lessons: [], rejected: [], usage: reply.usage };
  for (const proposal of reply.output.lessons) {
    const checked = checkProposal(proposal, own, facts);
    if (checked.ok) out.lessons.push(checked.lesson);
    else out.rejected.push({ proposal, reason: checked.reason });
  }
  return out;
}
