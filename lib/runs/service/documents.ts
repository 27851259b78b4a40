import { z } from "zod";
import type { Provenance } from "@/db/queries/documents";
import {
  DocumentParseError,
  type LibraryDocument,
  type LibraryDocumentMeta,
  parseUpload,
} from "../../tools/library/document";
import type { DocumentLibrary } from "../../tools/library/document-library";
import { invalidInput, ServiceError } from "../errors";
import { safeText, safeTextCheck } from "../safe-text";
import type { RunService } from "./run-service";

/** One file may not exceed this: library documents are short texts, not archives. */
export const MAX_UPLOAD_BYTES = 1_000_000;
export const MAX_UPLOAD_FILES = 20;

export const ListDocumentsInput = z.object({
  q: safeText({ max: 500, tooLong: "The search is longer than 500 characters." }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type ListDocumentsInput = z.input<typeof ListDocumentsInput>;

/** A library row: the document's metadata, plus rank and snippet when it answers a search. */
export interface DocumentListItem extends LibraryDocumentMeta {
  score?: number;
  /** Share (0..1) of the query's terms the document contains. */
  coverage?: number;
  snippet?: string;
}

/** Every document (by id), or those matching `q`, best first, each with a snippet showing why. */
export async function listLibraryDocuments(
  service: RunService,
  input: unknown = {},
): Promise<{ query: string | null; documents: DocumentListItem[] }> {
  const parsed = ListDocumentsInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { q, limit } = parsed.data;
  const library = await service.o.library();
  const all = await library.list();
  if (!q) return { query: null, documents: all };
  const byId = new Map(all.map((d) => [d.id, d]));
  const hits = await library.search(q, { limit });
  const documents = hits.flatMap((h) => {
    const meta = byId.get(h.docId);
    return meta ? [{ ...meta, score: h.score, coverage: h.coverage, snippet: h.snippet }] : [];
  });
  return { query: q, documents };
}

export const DocumentIdInput = z.string().trim().min(1, "Give a document id.").max(120).check(safeTextCheck);

/** One document with its full text and key figures; null when there is none with that id. */
export async function getLibraryDocument(service: RunService, id: unknown): Promise<LibraryDocument | null> {
  const parsed = DocumentIdInput.safeParse(id);
  if (!parsed.success) throw invalidInput(parsed.error);
  return (await (await service.o.library()).get(parsed.data)) ?? null;
}

/** What an upload needs from a file: a browser/undici `File` fits, so does a test's. */
export interface UploadFile {
  name: string;
  size: number;
  text(): Promise<string>;
}

const isUploadFile = (v: unknown): v is UploadFile =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as UploadFile).name === "string" &&
  typeof (v as UploadFile).size === "number" &&
  typeof (v as UploadFile).text === "function";

export const UploadBatch = z
  .array(z.unknown())
  .min(1, "Choose at least one file (.md, .txt or .html).")
  .max(MAX_UPLOAD_FILES, `Upload at most ${MAX_UPLOAD_FILES} files at a time.`);

export type UploadResult =
  | { file: string; ok: true; id: string; title: string; lang: "en" | "zh"; replaced: boolean }
  /** `field` names what is wrong: "file", "body", or a frontmatter field like "published". */
  | { file: string; ok: false; field: string; message: string };

/** A library that can take new documents (the database one can; the CLI's in-memory one is read-only here). */
interface WritableLibrary extends DocumentLibrary {
  addDocument(
    doc: LibraryDocument,
    provenance: Provenance,
  ): Promise<{ id: string; supersedes: string | null }>;
}

/**
 * What a report cites as an upload's source: who uploaded it, when and from which file, marked
 * unverified. Front matter may name any source ("an analyst desk"); that stays only as its claim.
 */
export function uploadSource(doc: LibraryDocument, p: Provenance): string {
  const seen = `Uploaded by ${p.uploadedBy}, ${p.uploadedAt.toISOString().slice(0, 10)}, file ${p.fileName}`;
  const claimed =
    doc.source === `Uploaded file ${p.fileName}` ? "" : `; it names its source as "${doc.source}"`;
  return `${seen} (unverified${claimed})`.slice(0, 300);
}
const isWritable = (lib: DocumentLibrary): lib is WritableLibrary =>
  typeof (lib as Partial<WritableLibrary>).addDocument === "function";

/**
 * Parse and add each file on its own: one bad file is reported (by name and field) and never
 * stops the others. A document whose id exists already is replaced (a re-upload).
 */
export async function uploadDocuments(
  service: RunService,
  files: unknown,
  uploadedBy = "an unknown uploader",
): Promise<{ results: UploadResult[] }> {
  const parsed = UploadBatch.safeParse(files);
  if (!parsed.success) throw invalidInput(parsed.error);
  const library = await service.o.library();
  if (!isWritable(library)) throw new ServiceError("invalid_state", "This library does not accept uploads.");
  const results: UploadResult[] = [];
  for (const file of parsed.data) results.push(await uploadOne(service, library, file, uploadedBy));
  return { results };
}

async function uploadOne(
  service: RunService,
  library: WritableLibrary,
  file: unknown,
  uploadedBy: string,
): Promise<UploadResult> {
  if (!isUploadFile(file)) {
    return { file: String(file).slice(0, 80), ok: false, field: "file", message: "file: this is not a file" };
  }
  const fail = (field: string, detail: string): UploadResult => ({
    file: file.name,
    ok: false,
    field,
    message: `${field}: ${detail}`,
  });
  if (file.size > MAX_UPLOAD_BYTES) {
    return fail(
      "file",
      `${(file.size / 1_000_000).toFixed(1)} MB is over the 1 MB limit; split the document`,
    );
  }
  let doc: LibraryDocument;
  try {
    const content = await file.text();
    // A NUL byte never occurs in the text formats we accept; it means a binary file was renamed.
    if (content.includes("\u0000")) return fail("file", "this is a binary file, not text");
    doc = parseUpload(file.name, content);
  } catch (e) {
    if (e instanceof DocumentParseError)
      return { file: file.name, ok: false, field: e.field, message: e.message };
    throw e;
  }
  try {
    const provenance = { uploadedBy, uploadedAt: new Date(), fileName: file.name.slice(0, 200) };
    const stored = await library.addDocument({ ...doc, source: uploadSource(doc, provenance) }, provenance);
    const replaced = stored.supersedes !== null;
    return { file: file.name, ok: true, id: stored.id, title: doc.title, lang: doc.lang, replaced };
  } catch (e) {
    service.log(`upload of ${file.name} could not be stored:`, e);
    return fail("file", "it could not be stored (the server logged why); try again");
  }
}
