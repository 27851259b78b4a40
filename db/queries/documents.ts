import { and, asc, count, desc, eq, notInArray, sql } from "drizzle-orm";
import type { LibraryDocument, LibraryDocumentMeta } from "@/lib/tools/library/document";
import { tokenizeYielding } from "@/lib/tools/library/tokenize";
import type { Db } from "../client";
import { documents, type NewDocumentRecord } from "../schema";

/**
 * PostgreSQL's largest tsvector position: every later token lands on it, and a lexeme keeps at most
 * 256 positions, so tokens past it add work (a 1 MB upload spent seconds there) and no ranking.
 */
const MAX_POSITIONS = 16_383;

/**
 * What the full-text index sees: our tokens (words + CJK bigrams), so PostgreSQL never segments
 * Chinese. A long text keeps its first MAX_POSITIONS tokens in order, then each later term once:
 * every term stays findable, and the tsvector differs from the whole text's only in positions
 * PostgreSQL would have clamped anyway.
 */
export async function searchTextOf(doc: Pick<LibraryDocument, "title" | "tags" | "text">): Promise<string> {
  // Yielding: a long upload is tokenized in turns, so other requests keep answering meanwhile.
  const tokens = await tokenizeYielding(`${doc.title} ${doc.tags.join(" ")} ${doc.text}`);
  if (tokens.length <= MAX_POSITIONS) return tokens.join(" ");
  const head = tokens.slice(0, MAX_POSITIONS);
  const seen = new Set(head);
  for (let i = MAX_POSITIONS; i < tokens.length; i++) {
    const t = tokens[i] as string;
    if (!seen.has(t)) {
      seen.add(t);
      head.push(t);
    }
  }
  return head.join(" ");
}

async function toRecord(doc: LibraryDocument): Promise<NewDocumentRecord> {
  return {
    id: doc.id,
    title: doc.title,
    lang: doc.lang,
    tags: doc.tags,
    published: doc.published,
    source: doc.source,
    text: doc.text,
    figures: doc.figures,
    searchText: await searchTextOf(doc),
  };
}

/** Adds a document or replaces the one with its id (a re-upload). */
export async function upsertDocument(db: Db, doc: LibraryDocument): Promise<void> {
  const record = await toRecord(doc);
  const { id: _id, ...fields } = record;
  await db.insert(documents).values(record).onConflictDoUpdate({ target: documents.id, set: fields });
}

/** Adds the documents whose ids are not stored yet; returns how many were added. */
export async function insertMissingDocuments(db: Db, docs: LibraryDocument[]): Promise<number> {
  if (docs.length === 0) return 0;
  const added = await db
    .insert(documents)
    .values(await Promise.all(docs.map(toRecord)))
    .onConflictDoNothing({ target: documents.id })
    .returning({ id: documents.id });
  return added.length;
}

export async function countDocuments(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(documents);
  return row?.n ?? 0;
}

export async function getDocument(db: Db, id: string): Promise<LibraryDocument | undefined> {
  const [row] = await db
    .select({
      id: documents.id,
      title: documents.title,
      lang: documents.lang,
      tags: documents.tags,
      published: documents.published,
      source: documents.source,
      text: documents.text,
      figures: documents.figures,
    })
    .from(documents)
    .where(eq(documents.id, id))
    .limit(1);
  return row;
}

export async function listDocuments(db: Db): Promise<LibraryDocumentMeta[]> {
  return db
    .select({
      id: documents.id,
      title: documents.title,
      lang: documents.lang,
      tags: documents.tags,
      published: documents.published,
      source: documents.source,
    })
    .from(documents)
    .orderBy(asc(documents.id));
}

/**
 * A tsquery matching any of `terms`. Each term is a quoted lexeme (quotes doubled, backslashes
 * escaped), so no term can inject tsquery operators; PostgreSQL parses it as it parsed the
 * indexed text, so a term the parser splits ("gpt-4") still matches as a phrase.
 */
export function anyTermQuery(terms: readonly string[]): string {
  return terms.map((t) => `'${t.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`).join(" | ");
}

export interface DocumentMatch {
  id: string;
  title: string;
  lang: "en" | "zh";
  text: string;
  searchText: string;
  score: number;
}

/** Documents matching any term, best cover-density rank first. */
export async function searchDocuments(
  db: Db,
  terms: readonly string[],
  opts: { limit: number; exclude: string[] },
): Promise<DocumentMatch[]> {
  if (terms.length === 0) return [];
  const query = sql`to_tsquery('simple'::regconfig, ${anyTermQuery(terms)})`;
  const score = sql<number>`ts_rank_cd(${documents.search}, ${query})`.mapWith(Number);
  return db
    .select({
      id: documents.id,
      title: documents.title,
      lang: documents.lang,
      text: documents.text,
      searchText: documents.searchText,
      score,
    })
    .from(documents)
    .where(
      and(
        sql`${documents.search} @@ ${query}`,
        opts.exclude.length > 0 ? notInArray(documents.id, opts.exclude) : undefined,
      ),
    )
    .orderBy(desc(score), asc(documents.id))
    .limit(opts.limit);
}
