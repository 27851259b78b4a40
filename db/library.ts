import type { LibraryDocument, LibraryDocumentMeta } from "@/lib/tools/library/document";
import {
  type DocumentLibrary,
  defaultLibraryDir,
  type LibraryLoadError,
  loadLibraryFromDir,
  type SearchHit,
  type SearchOptions,
} from "@/lib/tools/library/document-library";
import { makeSnippet } from "@/lib/tools/library/snippet";
import { tokenize } from "@/lib/tools/library/tokenize";
import type { Db } from "./client";
import {
  addDocumentVersion,
  countDocuments,
  getDocument,
  insertMissingDocuments,
  listDocuments,
  type Provenance,
  searchDocuments,
} from "./queries/documents";

const DEFAULT_LIMIT = 10;

/** The research library in the database: full-text search over our own tokens (CJK bigrams included). */
export class DbLibrary implements DocumentLibrary {
  constructor(private readonly db: Db) {}

  async search(query: string, opts: SearchOptions = {}): Promise<SearchHit[]> {
    // Distinct terms: repeating a term in a query must not count it twice.
    const terms = [...new Set(tokenize(query))];
    const matches = await searchDocuments(this.db, terms, {
      limit: opts.limit ?? DEFAULT_LIMIT,
      exclude: opts.exclude ?? [],
    });
    return matches.map((m) => {
      const docTerms = new Set(m.searchText.split(" "));
      const found = terms.filter((t) => docTerms.has(t));
      return {
        docId: m.id,
        title: m.title,
        lang: m.lang,
        score: Math.round(m.score * 1000) / 1000,
        coverage: found.length / terms.length,
        snippet: makeSnippet(m.text, found),
      };
    });
  }

  get(id: string): Promise<LibraryDocument | undefined> {
    return getDocument(this.db, id);
  }

  list(): Promise<LibraryDocumentMeta[]> {
    return listDocuments(this.db);
  }

  /** Adds an upload; a taken id makes a new version and the old one stays readable (see addDocumentVersion). */
  addDocument(
    doc: LibraryDocument,
    provenance: Provenance,
  ): Promise<{ id: string; supersedes: string | null }> {
    return addDocumentVersion(this.db, doc, provenance);
  }
}

export interface SeedResult {
  /** Documents added now (0 when the library already had documents). */
  added: number;
  /** Documents in the library afterwards. */
  total: number;
  /** Files in `dir` that could not be parsed (skipped). */
  errors: LibraryLoadError[];
}

/**
 * Loads the demo library into an empty documents table (first start). Idempotent: a library with
 * documents is left as it is, and concurrent first starts add each document once.
 */
export async function seedLibraryIfEmpty(db: Db, dir: string = defaultLibraryDir): Promise<SeedResult> {
  const existing = await countDocuments(db);
  if (existing > 0) return { added: 0, total: existing, errors: [] };
  const { library, errors } = await loadLibraryFromDir(dir);
  const docs: LibraryDocument[] = [];
  for (const meta of await library.list()) {
    const doc = await library.get(meta.id);
    if (doc) docs.push(doc);
  }
  const added = await insertMissingDocuments(db, docs);
  return { added, total: await countDocuments(db), errors };
}
