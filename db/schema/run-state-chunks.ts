import { jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { runs } from "./runs";

/**
 * Pieces of stored states, by content hash: a snapshot names the pieces of its large fields
 * (tasks, model calls, artifacts, decisions…) and shares every unchanged piece with the
 * snapshots before it, so a run's snapshots together grow with the run, not with its square.
 */
export const runStateChunks = pgTable(
  "run_state_chunks",
  {
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    /** Hash of the piece's JSON text. */
    hash: text("hash").notNull(),
    /** A slice of an array, or [key, value] pairs of an object. */
    data: jsonb("data").$type<unknown[]>().notNull(),
  },
  (t) => [primaryKey({ name: "run_state_chunks_pk", columns: [t.runId, t.hash] })],
);
