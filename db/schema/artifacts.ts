import { integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { runs } from "./runs";

/** Reports and tool outputs, served by id without replaying the run. */
export const artifacts = pgTable(
  "artifacts",
  {
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    artifactId: text("artifact_id").notNull(),
    name: text("name").notNull(),
    mediaType: text("media_type").notNull(),
    bytes: integer("bytes").notNull(),
    data: jsonb("data").$type<unknown>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  // Artifact ids are unique within a run; the lookup key.
  (t) => [primaryKey({ name: "artifacts_pk", columns: [t.runId, t.artifactId] })],
);

export type ArtifactRecord = typeof artifacts.$inferSelect;
export type NewArtifactRecord = typeof artifacts.$inferInsert;
