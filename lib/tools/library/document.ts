import { createHash } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { DocumentParseError, hasFrontmatter, normalizeNewlines, splitFrontmatter } from "./frontmatter";
import { htmlToText } from "./html-to-text";

export { DocumentParseError } from "./frontmatter";

/** Ids appear inside `[doc:<id>]` citations, so they may hold no spaces or brackets. */
export const DocId = z
  .string()
  .max(120)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u, "use letters, digits, '.', '_' or '-' (no spaces)");

export const Figure = z.object({ name: z.string().min(1), value: z.string().min(1) });
export type Figure = z.infer<typeof Figure>;

export const LibraryDocument = z.object({
  id: DocId,
  title: z.string().trim().min(1).max(300),
  lang: z.enum(["en", "zh"]),
  tags: z.array(z.string().trim().min(1).max(60)).max(30),
  published: z.iso.date(),
  source: z.string().trim().min(1).max(300),
  /** The body without frontmatter, as written. */
  text: z.string().min(1, "the document has no text"),
  figures: z.array(Figure),
});
export type LibraryDocument = z.infer<typeof LibraryDocument>;

export const LibraryDocumentMeta = LibraryDocument.omit({ text: true, figures: true });
export type LibraryDocumentMeta = z.infer<typeof LibraryDocumentMeta>;

const FRONTMATTER_FIELDS = new Set(["id", "title", "lang", "tags", "published", "source"]);
const SCALAR_FIELDS = ["id", "title", "lang", "published", "source"] as const;

/** A library Markdown file: strict frontmatter, then the body. `fallbackId` is used when no `id` is given. */
export function parseDocument(fileText: string, fallbackId: string): LibraryDocument {
  const { fields, body } = splitFrontmatter(fileText);
  for (const key of fields.keys()) {
    if (!FRONTMATTER_FIELDS.has(key)) throw new DocumentParseError(key, "unknown frontmatter field");
  }
  for (const key of SCALAR_FIELDS) {
    if (Array.isArray(fields.get(key)))
      throw new DocumentParseError(key, "expected a single value, got a list");
  }
  const tags = fields.get("tags") ?? [];
  if (!Array.isArray(tags) && tags !== "") {
    throw new DocumentParseError("tags", `expected a list like [a, b], got "${tags}"`);
  }
  const text = body.trim();
  return validate({
    id: fields.get("id") || fallbackId,
    title: fields.get("title"),
    lang: fields.get("lang"),
    tags: Array.isArray(tags) ? tags : [],
    published: fields.get("published"),
    source: fields.get("source"),
    text,
    figures: parseFigures(text),
  });
}

/**
 * A user's upload: Markdown with frontmatter is held to the library format; plain Markdown,
 * text and HTML get their title from the content and the upload time as publication date.
 */
export function parseUpload(
  filename: string,
  content: string,
  uploadedAt: Date = new Date(),
): LibraryDocument {
  const ext = path.extname(filename).toLowerCase();
  // A name with no letters or digits ("###.md") gets an id from its content, so two such uploads
  // do not replace each other (and the same file uploaded again still does).
  const id =
    slugify(path.basename(filename, path.extname(filename))) ||
    `upload-${createHash("sha256").update(content).digest("hex").slice(0, 12)}`;
  if (ext === ".md" && hasFrontmatter(content)) return parseDocument(content, id);

  let title: string | undefined;
  let text: string;
  if (ext === ".html" || ext === ".htm") {
    ({ title, text } = htmlToText(content));
  } else if (ext === ".txt" || ext === ".md") {
    text = normalizeNewlines(content).trim();
    const firstLine = text.split("\n", 1)[0] ?? "";
    title = (ext === ".md" ? firstLine.replace(/^#+\s*/, "") : firstLine).trim() || undefined;
  } else {
    throw new DocumentParseError(
      "file",
      `unsupported file type "${ext || filename}" (use .md, .txt or .html)`,
    );
  }
  return validate({
    id,
    title: (title ?? filename).slice(0, 300),
    lang: detectLang(text),
    tags: [],
    published: uploadedAt.toISOString().slice(0, 10),
    source: `Uploaded file ${filename}`,
    text,
    figures: ext === ".md" ? parseFigures(text) : [],
  });
}

function validate(candidate: Record<string, unknown>): LibraryDocument {
  const result = LibraryDocument.safeParse(candidate);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const key = String(issue?.path[0] ?? "document");
  // The body is not a frontmatter field; its own schema message says what is wrong with it.
  if (key === "text") throw new DocumentParseError("body", issue?.message ?? "is invalid");
  const missing = candidate[key] === undefined || candidate[key] === "";
  throw new DocumentParseError(
    key,
    missing ? "is required" : `${issue?.message ?? "is invalid"} (got ${JSON.stringify(candidate[key])})`,
  );
}

const FIGURES_HEADING = /^#{2,6}\s*(?:key figures|关键数据)\s*[:：]?\s*$/i;
const LIST_LINE = /^\s*[-*+]\s+(.*)$/;
// The first colon followed by a space (or a full-width colon) separates name from value, so
// ratios like "3:1" and times stay inside the value.
const NAME_VALUE = /^(.+?)(?::\s+|：\s*)(.+)$/;

/** The `- name: value` items under "Key figures" / "关键数据": the claims a document makes. */
export function parseFigures(body: string): Figure[] {
  const figures: Figure[] = [];
  let inSection = false;
  for (const line of body.split("\n")) {
    if (/^#{1,6}\s/.test(line)) {
      inSection = FIGURES_HEADING.test(line.trim());
      continue;
    }
    if (!inSection) continue;
    const item = LIST_LINE.exec(line)?.[1]
      ?.replace(/\*\*|__/g, "")
      .trim();
    const match = item ? NAME_VALUE.exec(item) : null;
    const name = match?.[1]?.trim();
    const value = match?.[2]?.trim();
    if (name && value) figures.push({ name, value });
  }
  return figures;
}

function slugify(name: string): string {
  const slug = name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}._-]+/gu, "-")
    .replace(/^[._-]+|[._-]+$/g, "")
    .slice(0, 100);
  return slug;
}

// Everything but the scripts isCjk counts, and everything but Latin letters: removed in one native
// pass each, so a 1 MB upload is measured in milliseconds (a per-character loop took ~150 ms).
const NOT_CJK = /[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const NOT_LATIN = /[^A-Za-z]+/g;

function detectLang(text: string): "en" | "zh" {
  const han = Array.from(text.replace(NOT_CJK, "")).length;
  const latin = text.replace(NOT_LATIN, "").length;
  // A Chinese character carries about as much as a short English word, hence the weighting.
  return han * 4 > latin ? "zh" : "en";
}
