import { asc, count, eq, isNull, like, or, sql } from "drizzle-orm";
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

/** Who uploaded a document, when, from which file: set by the server, never by the document. */
export interface Provenance {
  uploadedBy: string;
  uploadedAt: Date;
  fileName: string;
}

/**
 * Adds an uploaded document without ever changing a stored one: when its id is taken, it becomes
 * the next version (`<id>.v2`, `.v3`, …) and the current version is marked superseded by it, so
 * what earlier runs read and cited still resolves to the text they read. Returns the stored id.
 */
export async function addDocumentVersion(
  db: Db,
  doc: LibraryDocument,
  provenance: Provenance,
): Promise<{ id: string; supersedes: string | null }> {
  const base = doc.id.replace(/\.v\d+$/, "");
  return db.transaction(async (tx) => {
    const family = await tx
      .select({ id: documents.id, supersededBy: documents.supersededBy })
      .from(documents)
      .where(or(eq(documents.id, base), like(documents.id, `${base.replace(/[\\%_]/g, "\\$&")}.v%`)))
      .for("update");
    const versions = family.filter((d) => d.id === base || /^\.v\d+$/.test(d.id.slice(base.length)));
    const current = versions.find((d) => d.supersededBy === null)?.id ?? null;
    const top = Math.max(
      0,
      ...versions.map((d) => (d.id === base ? 1 : Number(d.id.slice(base.length + 2)))),
    );
    const id = versions.length === 0 ? base : `${base}.v${top + 1}`;
    await tx.insert(documents).values({ ...(await toRecord({ ...doc, id })), ...provenance });
    if (current !== null) {
      await tx.update(documents).set({ supersededBy: id }).where(eq(documents.id, current));
    }
    return { id, supersedes: current };
  });
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
    .where(isNull(documents.supersededBy))
    .orderBy(asc(documents.id));
}

/**
 * What changes whenever the searchable library changes (a document added, a version superseded):
 * an index built from the library is stale when this differs.
 */
export async function libraryStamp(db: Db): Promise<string> {
  const [row] = await db
    .select({
      n: count(),
      superseded: count(documents.supersededBy),
      latest: sql<string>`coalesce(max(${documents.createdAt})::text, '')`,
    })
    .from(documents);
  return `${row?.n ?? 0}:${row?.superseded ?? 0}:${row?.latest ?? ""}`;
}

/** Every current version with its text: what a run may search. */
export async function currentDocuments(db: Db): Promise<LibraryDocument[]> {
  return db
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
    .where(isNull(documents.supersededBy))
    .orderBy(asc(documents.id));
}
