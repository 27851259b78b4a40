import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * Lessons learned across runs (experience memory): a situation, what was done and whether it
 * helped, with the run and seqs that show it. Written at a run's end, recalled at decision points.
 */
export const lessons = pgTable(
  "lessons",
  {
    /** Derived from situation + action + outcome: learning the same lesson again updates this row. */
    id: text("id").primaryKey(),
    tool: text("tool").notNull(),
    trigger: text("trigger").notNull(),
    failureCode: text("failure_code").notNull(),
    language: text("language").$type<"en" | "zh">().notNull(),
    goalTerms: jsonb("goal_terms").$type<string[]>().notNull(),
    action: text("action").$type<"retry" | "reflect" | "repair" | "ask_user">().notNull(),
    outcome: text("outcome").$type<"helped" | "did_not_help">().notNull(),
    rule: text("rule").notNull(),
    /** Latest first, at most 5: [{ runId, seqs }]. */
    evidence: jsonb("evidence").$type<{ runId: string; seqs: number[] }[]>().notNull(),
    createdCount: integer("created_count").notNull().default(1),
    usedCount: integer("used_count").notNull().default(0),
    helpedCount: integer("helped_count").notNull().default(0),
    confidence: doublePrecision("confidence").notNull(),
    /** A reviewer switched it off: kept for the record, never recalled. */
    disabled: boolean("disabled").notNull().default(false),
    disabledBy: text("disabled_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    // Recall narrows by the structural parts of the situation before scoring.
    index("lessons_recall_idx").on(t.language, t.tool, t.failureCode, t.trigger),
    // The /lessons page: latest first.
    index("lessons_updated_at_idx").on(t.updatedAt),
  ],
);

export type LessonRecord = typeof lessons.$inferSelect;
export type NewLessonRecord = typeof lessons.$inferInsert;
