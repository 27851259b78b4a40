import { integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { RunState } from "@/lib/agent/state";
import { runs } from "./runs";

/** Reduced state every N events and at the end, so time travel never replays from zero. */
export const runSnapshots = pgTable(
  "run_snapshots",
  {
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    state: jsonb("state").$type<RunState>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // One state per (run, seq); also serves "newest at or before seq".
  (t) => [primaryKey({ name: "run_snapshots_pk", columns: [t.runId, t.seq] })],
);

export type RunSnapshotRecord = typeof runSnapshots.$inferSelect;
export type NewRunSnapshotRecord = typeof runSnapshots.$inferInsert;
