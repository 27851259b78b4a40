import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import MiniSearch from "minisearch";
import { type LibraryDocument, type LibraryDocumentMeta, parseDocument, parseUpload } from "./document";
import { makeSnippet } from "./snippet";
import { isCjk, tokenize } from "./tokenize";

export interface SearchHit {
  docId: string;
  title: string;
  /** Who published it: provenance, so a sponsored or unverified document can be ranked down before it is read. */
  source: string;
  lang: LibraryDocument["lang"];
  /** BM25 relevance, comparable only within one query. */
  score: number;
  /** Share (0..1) of the query's terms found in the document. */
  coverage: number;
  snippet: string;
}

export interface SearchOptions {
  limit?: number;
  /** Document ids to leave out (typically those already read). */
  exclude?: string[];
}

/** The documents a run may research; the tools see only this interface. */
export interface DocumentLibrary {
  search(query: string, opts?: SearchOptions): Promise<SearchHit[]>;
  get(id: string): Promise<LibraryDocument | undefined>;
  list(): Promise<LibraryDocumentMeta[]>;
}

const DEFAULT_LIMIT = 10;

/** Distinct query terms: repeating a term in a query must not count it twice. */
const queryTerms = (query: string) => [...new Set(tokenize(query))];

/**
 * Text indexed per document: far more than a read shows (6,000 characters), and bounded, so
 * indexing a 20 MB upload costs what a 100 kB one does.
 */
const MAX_INDEXED_CHARS = 100_000;

export class InMemoryLibrary implements DocumentLibrary {
  private readonly docs = new Map<string, LibraryDocument>();
  private readonly index = new MiniSearch<LibraryDocument>({
    fields: ["title", "text", "tags"],
    tokenize,
    // The tokenizer already lower-cases and drops stop words.
    processTerm: (term) => term,
    extractField: (doc, field) =>
      field === "tags"
        ? doc.tags.join(" ")
        : field === "text"
          ? doc.text.slice(0, MAX_INDEXED_CHARS)
          : doc[field as keyof LibraryDocument],
    searchOptions: {
      tokenize: queryTerms,
      processTerm: (term) => term,
      boost: { title: 3, tags: 2 },
      // Prefix and typo tolerance help English word forms; on Chinese bigrams they only add noise.
      prefix: (term) => term.length >= 4 && !isCjk(term),
      fuzzy: (term) => (term.length >= 6 && !isCjk(term) ? 0.2 : false),
    },
  });

  constructor(documents: Iterable<LibraryDocument> = []) {
    for (const doc of documents) this.add(doc);
  }

  /** Adds a document, replacing any with the same id (a re-upload). */
  add(doc: LibraryDocument): void {
    if (this.docs.has(doc.id)) this.index.replace(doc);
    else this.index.add(doc);
    this.docs.set(doc.id, doc);
  }

  async search(query: string, opts: SearchOptions = {}): Promise<SearchHit[]> {
    const terms = queryTerms(query);
    if (terms.length === 0) return [];
    const exclude = new Set(opts.exclude ?? []);
    const results = this.index.search(query, { filter: (result) => !exclude.has(String(result.id)) });
    const hits: SearchHit[] = [];
    for (const result of results.slice(0, opts.limit ?? DEFAULT_LIMIT)) {
      const doc = this.docs.get(String(result.id));
      if (!doc) continue;
      hits.push({
        docId: doc.id,
        title: doc.title,
        source: doc.source,
        lang: doc.lang,
        score: Math.round(result.score * 1000) / 1000,
        coverage: Math.min(1, new Set(result.queryTerms).size / terms.length),
        snippet: makeSnippet(doc.text, result.terms),
      });
    }
    return hits;
  }

  async get(id: string): Promise<LibraryDocument | undefined> {
    return this.docs.get(id);
  }

  async list(): Promise<LibraryDocumentMeta[]> {
    return [...this.docs.values()].map(({ text: _text, figures: _figures, ...meta }) => meta);
  }
}

export interface LibraryLoadError {
  file: string;
  message: string;
}

/** The demo library shipped with the repo, wherever the process was started from. */
// From the project folder (where every entry point runs), not import.meta.url: bundlers rewrite that.
export const defaultLibraryDir = path.join(/*turbopackIgnore: true*/ process.cwd(), "db", "seed", "library");

const LIBRARY_EXTENSIONS = new Set([".md", ".txt", ".html", ".htm"]);

/**
 * Loads every .md/.txt/.html file in `dir`. A file that fails to parse is reported in `errors`
 * and skipped, so one bad document never takes the library down; a missing `dir` still throws.
 */
export async function loadLibraryFromDir(
  dir: string,
): Promise<{ library: InMemoryLibrary; errors: LibraryLoadError[] }> {
  const files = (await readdir(dir))
    .filter((name) => LIBRARY_EXTENSIONS.has(path.extname(name).toLowerCase()))
    .sort();
  const library = new InMemoryLibrary();
  const errors: LibraryLoadError[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    try {
      const full = path.join(dir, file);
      const content = await readFile(full, "utf8");
      const doc =
        path.extname(file).toLowerCase() === ".md"
          ? parseDocument(content, path.basename(file, path.extname(file)))
          : parseUpload(file, content, (await stat(full)).mtime);
      const previous = seen.get(doc.id);
      if (previous) {
        errors.push({ file, message: `id: "${doc.id}" is already used by ${previous}` });
        continue;
      }
      seen.set(doc.id, file);
      library.add(doc);
    } catch (error) {
      errors.push({ file, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { library, errors };
}
