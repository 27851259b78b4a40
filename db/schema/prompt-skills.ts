import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Prompt skills people added (UI or JSON file): offered to every new run, which may switch each off. */
export const promptSkills = pgTable("prompt_skills", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  template: text("template").notNull(),
  /** The skill's trigger as lib/skills validated it (a typed condition). */
  trigger: jsonb("trigger").$type<Record<string, unknown>>().notNull(),
  createdBy: text("created_by").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
export type PromptSkillRow = typeof promptSkills.$inferSelect;
