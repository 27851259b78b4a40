import type { LibraryDocument, LibraryDocumentMeta } from "@/lib/tools/library/document";
import {
  type DocumentLibrary,
  defaultLibraryDir,
  InMemoryLibrary,
  type LibraryLoadError,
  loadLibraryFromDir,
  type SearchHit,
  type SearchOptions,
} from "@/lib/tools/library/document-library";
import type { Db } from "./client";
import {
  addDocumentVersion,
  countDocuments,
  currentDocuments,
  getDocument,
  insertMissingDocuments,
  libraryStamp,
  listDocuments,
  type Provenance,
} from "./queries/documents";

/**
 * The research library in the database. Runs search it with the same index and ranking as the
 * in-memory library the CLI uses (MiniSearch over our tokenizer), built from the current versions
 * in the database and rebuilt when the library changes — so one goal over one library gives the
 * same run whichever entry point starts it, and the library page shows what a run would find.
 */
export class DbLibrary implements DocumentLibrary {
  private index: { stamp: string; library: Promise<InMemoryLibrary> } | null = null;

  constructor(private readonly db: Db) {}

  async search(query: string, opts: SearchOptions = {}): Promise<SearchHit[]> {
    const stamp = await libraryStamp(this.db);
    if (this.index?.stamp !== stamp) {
      this.index = { stamp, library: currentDocuments(this.db).then((docs) => new InMemoryLibrary(docs)) };
    }
    return (await this.index.library).search(query, opts);
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
