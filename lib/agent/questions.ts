import type { EventOf } from "./events";
import type { RunContext } from "./run-context";
import type { Question, RunState, TaskState } from "./state";

type Asked = Omit<
  EventOf<"question.asked">,
  "runId" | "seq" | "at" | "type" | "deadline" | "onDeadline" | "blocking"
>;

/**
 * The run's deadline for questions. A config recorded before deadlines existed parses with the
 * default (24 h), so such a run's new questions get one too; questions it asked before have none
 * and wait.
 */
const deadlineMs = (s: RunState): number | null => s.config.questionDeadlineMs ?? null;

/**
 * Ask a person. The question carries its deadline (the run's clock plus `questionDeadlineMs`) and
 * what happens then: `onDeadline` is the answer taken ("skip": the run goes on without the step),
 * or null when nothing safe can be assumed and the run ends honestly with what it has.
 */
export async function askPerson(
  ctx: RunContext,
  question: Asked,
  onDeadline: string | null,
  blocking = true,
): Promise<void> {
  const wait = deadlineMs(ctx.state);
  await ctx.emit({
    type: "question.asked",
    ...question,
    deadline: wait === null ? null : ctx.deps.clock.now() + wait,
    onDeadline,
    ...(blocking ? {} : { blocking: false }),
  });
}

/** The answer to a question asked aside that means "go on without it". */
export const NO_INPUT = "none";
/** "none", a gate's verdict ("retry", "skip", "stop"), "no idea", 没有: no information to take in. */
const declines = (answer: string) =>
  /^(?:none|skip|skip it|no|nope|n\/a|-|retry|stop|no idea|don'?t know|not sure|无|没有|不知道|不清楚|不用|跳过)?[.!。！]?$/iu.test(
    answer.trim(),
  );

/**
 * Answers to questions asked aside (the run did not wait) that are not yet part of the goal: each
 * becomes an amendment, so the spec and the plan take it in as they take in any requirement change.
 */
export function answersToAmend(s: RunState): Question[] {
  const amended = new Set(s.amendments.flatMap((a) => (a.questionId ? [a.questionId] : [])));
  // What the run was told already (an earlier answer or amendment) changes nothing: taken in again
  // it would only re-plan the same work.
  const told = new Set([
    ...s.amendments.map((a) => said(a.text)),
    ...Object.values(s.questions).flatMap((q) =>
      q.blocking !== false && q.status === "answered" && q.answer ? [said(q.answer)] : [],
    ),
  ]);
  return Object.values(s.questions)
    .filter(
      (q) =>
        q.blocking === false &&
        q.status === "answered" &&
        q.answeredBy !== DEADLINE &&
        !amended.has(q.id) &&
        !declines(q.answer ?? "") &&
        !told.has(said(q.answer ?? "")),
    )
    .sort((a, b) => a.askedSeq - b.askedSeq);
}

const said = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/** A question was asked aside about this task already: it is not asked again. */
export const askedAsideAbout = (s: RunState, taskId: string): boolean =>
  Object.values(s.questions).some((q) => q.blocking === false && q.taskId === taskId);

/** The earliest pending question whose deadline has passed, if any. */
export function overdueQuestion(s: RunState, now: number): Question | null {
  const due = Object.values(s.questions)
    .filter((q) => q.status === "pending" && q.deadline != null && q.deadline <= now)
    .sort((a, b) => (a.deadline ?? 0) - (b.deadline ?? 0));
  return due[0] ?? null;
}

/** The earliest deadline among pending questions (ms of the run's clock), or null. */
export function nextDeadline(s: RunState): number | null {
  const times = Object.values(s.questions)
    .filter((q) => q.status === "pending" && q.deadline != null)
    .map((q) => q.deadline as number);
  return times.length ? Math.min(...times) : null;
}

export const DEADLINE = "deadline";
const NO_ANSWER = "(no answer by the deadline)";

/**
 * Nobody answered in time: the question's default is taken as the answer (by "deadline"), or, with
 * no safe default, the run ends as `unanswered`, saying what it asked, what it had done, and that
 * it wrote no report rather than guess.
 */
export async function expireQuestion(ctx: RunContext, q: Question): Promise<void> {
  await ctx.emit({
    type: "question.answered",
    questionId: q.id,
    answer: q.onDeadline ?? NO_ANSWER,
    by: DEADLINE,
  });
  if (q.onDeadline !== null) return;
  const tasks = Object.values(ctx.state.tasks);
  const done = tasks.filter((t) => t.status === "succeeded").length;
  const when = new Date(q.deadline ?? ctx.deps.clock.now()).toISOString();
  const prompt = q.prompt.length > 200 ? `${q.prompt.slice(0, 199)}…` : q.prompt;
  await ctx.emit({
    type: "run.failed",
    code: "unanswered",
    reason:
      `Nobody answered “${prompt}” by its deadline (${when}), and the run cannot go on safely without it. ` +
      `It stopped with ${done} of ${tasks.length} tasks done and wrote no report rather than guess; ` +
      "fork the run to continue with an answer.",
  });
}

/** What a step found nothing for, in its own words: its title and what its result said. */
function lacking(t: TaskState, zh: boolean): string {
  const said = t.result?.summary ? t.result.summary.replace(/[.。\s]+$/u, "") : "";
  return zh
    ? `“${t.title}”没有找到可用的内容${said ? `：${said}` : ""}。`
    : `"${t.title}" found nothing to work with${said ? `: ${said}` : ""}.`;
}

/**
 * A question the run does not wait on, in the request's language: what the step lacks (the
 * reflection's own question when it asked one), that the run goes on, and how an answer is used.
 */
export async function askAside(ctx: RunContext, t: TaskState, asked = ""): Promise<void> {
  const zh = /\p{Script=Han}/u.test(ctx.state.goal);
  const what = (asked || lacking(t, zh)).trim();
  await askPerson(
    ctx,
    {
      questionId: `q:${t.id}:${t.attempt}:${ctx.state.counters.questions}`,
      prompt: zh
        ? `${what} 运行不会等待，报告会把这一点列为缺口。如果您有相关数据、事实或来源，请直接回答，运行会采纳；回答 "${NO_INPUT}" 则保留缺口。`
        : `${what} The run goes on without waiting and states this as a gap. If you have the figures, ` +
          `facts or a source for it, answer with them and the run takes them in; answer "${NO_INPUT}" to leave the gap.`,
      choices: [NO_INPUT],
      taskId: t.id,
      origin: "gate",
    },
    NO_INPUT,
    false,
  );
}
