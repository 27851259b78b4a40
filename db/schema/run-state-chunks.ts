import { sql } from "drizzle-orm";
import { check, customType, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { runs } from "./runs";

/** Raw bytes: a Buffer from node-postgres, a Uint8Array from PGlite. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

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
    /** A slice of an array, or [key, value] pairs of an object: pieces written before `packed` existed. */
    data: jsonb("data").$type<unknown[]>(),
    /**
     * The piece's JSON text, deflated (raw DEFLATE). Most pieces are under PostgreSQL's 2 kB TOAST
     * threshold, which it never compresses; deflated they take about a quarter of their jsonb size.
     */
    packed: bytea("packed"),
  },
  (t) => [
    primaryKey({ name: "run_state_chunks_pk", columns: [t.runId, t.hash] }),
    // A piece is stored one way or the other, never neither.
    check("run_state_chunks_stored", sql`${t.data} is not null or ${t.packed} is not null`),
  ],
);
