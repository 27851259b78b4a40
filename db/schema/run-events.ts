import { integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { runs } from "./runs";

/** The append-only log: the truth every other table is projected from. */
export const runEvents = pgTable(
  "run_events",
  {
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    type: text("type").notNull(),
    /** The event without runId, seq, type and at (a fractional `at` stays here, exact). */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** The event's `at`, to the millisecond. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  // One event per (run, seq): a second writer fails instead of forking the log; also the read order.
  (t) => [primaryKey({ name: "run_events_pk", columns: [t.runId, t.seq] })],
);

export type RunEventRecord = typeof runEvents.$inferSelect;
export type NewRunEventRecord = typeof runEvents.$inferInsert;
