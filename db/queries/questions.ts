import { and, asc, eq, getTableColumns, inArray, type SQL } from "drizzle-orm";
import type { EventOf } from "@/lib/agent/events";
import { type ClaimResult, type QuestionRow, questionKey } from "@/lib/runs/run-store";
import type { Db } from "../client";
import { questions, runs } from "../schema";
import { visibleRuns } from "./hidden-runs";

export const questionRowOf = (ev: EventOf<"question.asked">) => ({
  id: questionKey(ev.runId, ev.questionId),
  runId: ev.runId,
  questionId: ev.questionId,
  prompt: ev.prompt,
  choices: ev.choices,
  taskId: ev.taskId,
  origin: ev.origin,
  askedAt: new Date(ev.at),
  deadline: ev.deadline == null ? null : new Date(ev.deadline),
  onDeadline: ev.onDeadline ?? null,
  blocking: ev.blocking ?? true,
});

/** Records a question.asked event (inside the append transaction). */
export async function insertQuestion(db: Db, ev: EventOf<"question.asked">): Promise<void> {
  await db.insert(questions).values(questionRowOf(ev)).onConflictDoNothing({ target: questions.id });
}

/** The question was answered already: the append that says otherwise is refused (and rolled back). */
export class QuestionAlreadyAnsweredError extends Error {
  override readonly name = "QuestionAlreadyAnsweredError";
  constructor(readonly decidedBy: string | null) {
    super(`This question was already answered by ${decidedBy ?? "someone"}.`);
  }
}

/**
 * Records a question.answered event, inside the append transaction: the claim (first answer wins)
 * and the event are one change, so a refused event never leaves the question counted as answered.
 * An event that follows its own `claimQuestion` (same answer, same person) is accepted as it is.
 */
export async function recordAnswer(db: Db, ev: EventOf<"question.answered">): Promise<void> {
  const id = questionKey(ev.runId, ev.questionId);
  const updated = await db
    .update(questions)
    .set({ status: "answered", answer: ev.answer, decidedBy: ev.by, decidedAt: new Date(ev.at) })
    .where(and(eq(questions.id, id), eq(questions.status, "pending")))
    .returning({ id: questions.id });
  if (updated.length > 0) return;
  const [existing] = await db
    .select({ decidedBy: questions.decidedBy, answer: questions.answer })
    .from(questions)
    .where(eq(questions.id, id))
    .limit(1);
  if (existing && (existing.answer !== ev.answer || existing.decidedBy !== ev.by))
    throw new QuestionAlreadyAnsweredError(existing.decidedBy);
}

/** Marks a pending question answered; of concurrent claims exactly one sees "claimed". */
export async function claimQuestion(db: Db, id: string, answer: string, by: string): Promise<ClaimResult> {
  const claimed = await db
    .update(questions)
    .set({ status: "answered", answer, decidedBy: by, decidedAt: new Date() })
    .where(and(eq(questions.id, id), eq(questions.status, "pending")))
    .returning({ id: questions.id });
  if (claimed.length > 0) return "claimed";
  const [existing] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.id, id))
    .limit(1);
  return existing ? "already_answered" : "not_found";
}

const questionWithGoal = { ...getTableColumns(questions), goal: runs.goal };

/** Oldest first, each with its run's goal (for the inbox). */
export async function listQuestions(
  db: Db,
  query: { status?: "pending" | "answered"; runId?: string } = {},
): Promise<QuestionRow[]> {
  const where: SQL[] = [visibleRuns];
  if (query.status) where.push(eq(questions.status, query.status));
  // Pending means someone can still act on it: not a question of an imported run (evidence, not
  // a request) nor of a run that has ended (a cancelled run's question leaves the inbox).
  if (query.status === "pending")
    where.push(eq(runs.readOnly, false), inArray(runs.status, ["pending", "running", "waiting"]));
  if (query.runId) where.push(eq(questions.runId, query.runId));
  return db
    .select(questionWithGoal)
    .from(questions)
    .innerJoin(runs, eq(runs.id, questions.runId))
    .where(and(...where))
    .orderBy(asc(questions.askedAt), asc(questions.id));
}

export async function getQuestion(db: Db, id: string): Promise<QuestionRow | null> {
  const [row] = await db
    .select(questionWithGoal)
    .from(questions)
    .innerJoin(runs, eq(runs.id, questions.runId))
    .where(eq(questions.id, id))
    .limit(1);
  return row ?? null;
}
