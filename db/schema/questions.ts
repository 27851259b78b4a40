import { boolean, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { runs } from "./runs";

/** Questions for a person (ask_user), across runs: the inbox, and the claim that only one answer wins. */
export const questions = pgTable(
  "questions",
  {
    /** `${runId}~${questionId}`. */
    id: text("id").primaryKey(),
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    questionId: text("question_id").notNull(),
    prompt: text("prompt").notNull(),
    choices: jsonb("choices").$type<string[]>().notNull(),
    taskId: text("task_id"),
    origin: text("origin").$type<"clarify" | "task" | "gate">().notNull(),
    status: text("status").$type<"pending" | "answered">().notNull().default("pending"),
    answer: text("answer"),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    askedAt: timestamp("asked_at", { withTimezone: true }).notNull(),
    /** When the question stops waiting and its default applies; null: it waits until answered. */
    deadline: timestamp("deadline", { withTimezone: true }),
    /** The answer taken at the deadline, or null: the run ends as unanswered. */
    onDeadline: text("on_deadline"),
    /** False: the run went on without waiting; an answer given while it runs amends its goal. */
    blocking: boolean("blocking").notNull().default(true),
  },
  (t) => [
    // The inbox: pending questions, oldest first.
    index("questions_status_asked_at_idx").on(t.status, t.askedAt),
    // One run's questions.
    index("questions_run_id_idx").on(t.runId),
  ],
);

export type QuestionRecord = typeof questions.$inferSelect;
export type NewQuestionRecord = typeof questions.$inferInsert;
