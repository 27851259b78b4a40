import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { RunConfig } from "@/lib/agent/config";
import type { RunStatus } from "@/lib/agent/state";

/** One row per run: a projection of its events, so the runs list never replays a log. */
export const runs = pgTable(
  "runs",
  {
    id: text("id").primaryKey(),
    goal: text("goal").notNull(),
    model: text("model").notNull(),
    status: text("status").$type<RunStatus>().notNull().default("pending"),
    config: jsonb("config").$type<RunConfig>().notNull(),
    parentRunId: text("parent_run_id"),
    forkSeq: integer("fork_seq"),
    /**
     * A fork by reference: its events up to `fork_seq` are this run's, read in place, never copied.
     * Restrict: a run whose history another run reads cannot be deleted from under it.
     */
    prefixRunId: text("prefix_run_id").references((): AnyPgColumn => runs.id, { onDelete: "restrict" }),
    readOnly: boolean("read_only").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Seq of the last appended event; -1 before any. */
    lastSeq: integer("last_seq").notNull().default(-1),
    iterations: integer("iterations").notNull().default(0),
    toolCalls: integer("tool_calls").notNull().default(0),
    modelCalls: integer("model_calls").notNull().default(0),
    tokens: integer("tokens").notNull().default(0),
    costUsd: doublePrecision("cost_usd").notNull().default(0),
    tasksDone: integer("tasks_done").notNull().default(0),
    tasksTotal: integer("tasks_total").notNull().default(0),
    reportArtifactId: text("report_artifact_id"),
    outcomeCode: text("outcome_code"),
    outcomeReason: text("outcome_reason"),
  },
  (t) => [
    // The runs list filtered by status, newest first, and the restart scan for unfinished runs.
    index("runs_status_created_at_idx").on(t.status, t.createdAt.desc()),
    // A run's forks.
    index("runs_parent_run_id_idx").on(t.parentRunId).where(sql`${t.parentRunId} is not null`),
    // The foreign key's check when a run is deleted: does another run read its history?
    index("runs_prefix_run_id_idx").on(t.prefixRunId).where(sql`${t.prefixRunId} is not null`),
  ],
);

export type RunRecord = typeof runs.$inferSelect;
export type NewRunRecord = typeof runs.$inferInsert;
