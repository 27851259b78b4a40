import { and, asc, eq, getTableColumns, type SQL } from "drizzle-orm";
import type { EventOf } from "@/lib/agent/events";
import { type ClaimResult, type QuestionRow, questionKey } from "@/lib/runs/run-store";
import type { Db } from "../client";
import { questions, runs } from "../schema";

/** Records a question.asked event (inside the append transaction). */
export async function insertQuestion(db: Db, ev: EventOf<"question.asked">): Promise<void> {
  await db
    .insert(questions)
    .values({
      id: questionKey(ev.runId, ev.questionId),
      runId: ev.runId,
      questionId: ev.questionId,
      prompt: ev.prompt,
      choices: ev.choices,
      taskId: ev.taskId,
      origin: ev.origin,
      askedAt: new Date(ev.at),
    })
    .onConflictDoNothing({ target: questions.id });
}

/**
 * Records a question.answered event. A question already claimed through `claimQuestion` keeps
 * that claim: the event that follows a claim changes nothing.
 */
export async function recordAnswer(db: Db, ev: EventOf<"question.answered">): Promise<void> {
  await db
    .update(questions)
    .set({ status: "answered", answer: ev.answer, decidedBy: ev.by, decidedAt: new Date(ev.at) })
    .where(and(eq(questions.id, questionKey(ev.runId, ev.questionId)), eq(questions.status, "pending")));
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
  const where: SQL[] = [];
  if (query.status) where.push(eq(questions.status, query.status));
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
