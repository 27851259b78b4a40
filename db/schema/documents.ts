import { sql } from "drizzle-orm";
import { customType, date, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Figure } from "@/lib/tools/library/document";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** The research library: the documents runs search and cite. */
export const documents = pgTable(
  "documents",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    lang: text("lang").$type<"en" | "zh">().notNull(),
    tags: jsonb("tags").$type<string[]>().notNull(),
    published: date("published", { mode: "string" }).notNull(),
    source: text("source").notNull(),
    text: text("text").notNull(),
    figures: jsonb("figures").$type<Figure[]>().notNull(),
    /** `tokenize(title + tags + text)` joined by spaces: our tokenizer (CJK bigrams) decides the terms. */
    searchText: text("search_text").notNull(),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_text)`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Provenance of an upload, from the server (who, when, which file): front matter cannot set it. */
    uploadedBy: text("uploaded_by"),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }),
    fileName: text("file_name"),
    /**
     * The id of the version that replaced this one. A replaced version is never changed or deleted
     * (runs that read it cite it by id) but new searches and the list see only current versions.
     */
    supersededBy: text("superseded_by"),
  },
  // Full-text search over the pre-tokenized text.
  (t) => [index("documents_search_idx").using("gin", t.search)],
);

export type DocumentRecord = typeof documents.$inferSelect;
export type NewDocumentRecord = typeof documents.$inferInsert;
