import { z } from "zod";
import { DocId, type LibraryDocument } from "./library/document";
import { countWords, isChineseText } from "./library/tokenize";
import { escapeCell, escapeInline, escapeProse } from "./markdown-escape";
import { attributed, isInstructionLike, onlyUnverified, withoutInstructions } from "./report-hygiene";
import { requireReadDocuments } from "./require-read";
import type { Evidence, Tool } from "./tool";

const Paragraph = z.object({
  text: z.string().trim().min(1).max(4000),
  citations: z.array(DocId).max(10).default([]),
});

const TableRow = z.object({
  cells: z.array(z.string().max(500)).min(1).max(10),
  citations: z.array(DocId).max(10).default([]),
});

export const ComposeReportInput = z.object({
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().max(2000).optional(),
  sections: z
    .array(
      z.object({ heading: z.string().trim().min(1).max(200), paragraphs: z.array(Paragraph).min(1).max(30) }),
    )
    .min(1)
    .max(20),
  table: z
    .object({
      caption: z.string().trim().min(1).max(200),
      columns: z.array(z.string().trim().min(1).max(100)).min(1).max(10),
      rows: z.array(TableRow).min(1).max(50),
    })
    .refine((table) => table.rows.every((row) => row.cells.length === table.columns.length), {
      message: "every table row needs exactly one cell per column",
      path: ["rows"],
    })
    .optional(),
  path: z.string().min(1).max(200).default("report.md"),
});
export type ComposeReportInput = z.infer<typeof ComposeReportInput>;

export interface ComposeReportData {
  path: string;
  markdown: string;
  /** Cited doc ids; citation [n] is `citations[n - 1]`. */
  citations: string[];
  sections: number;
  wordCount: number;
}

// A model often writes citations inline despite the `citations` field; they are honoured, not printed raw.
const INLINE_CITATION = /\s*\[doc:\s*([^\]\s]+)\s*\]/g;

export const composeReportTool: Tool<ComposeReportInput> = {
  name: "compose_report",
  description:
    "Render the final Markdown report from structured sections (and an optional comparison table) and " +
    "save it to the workspace. Each paragraph and table row lists the doc ids it rests on; they become " +
    "numbered citations [1], [2] with a Sources list. Only documents read in this run may be cited.",
  input: ComposeReportInput,
  deliverable: true,
  timeoutMs: 10_000,
  async run(input, ctx) {
    // Documents are data: orders found in them are never copied, and what only unverified uploads
    // say is reported as their claim (report-hygiene.ts). So the documents are read first.
    let dropped = 0;
    const clean = (text: string) => {
      const out = withoutInstructions(text);
      dropped += out.dropped;
      return out.text;
    };
    const sections = input.sections.map((section) => ({
      heading: section.heading,
      paragraphs: section.paragraphs.flatMap((p) => {
        const { text, ids } = withInlineCitations(p.text, p.citations);
        const kept = clean(text);
        return kept ? [{ text: kept, ids }] : [];
      }),
    }));
    const rows = (input.table?.rows ?? []).filter((row) => row.cells.every((c) => !isInstructionLike(c)));
    dropped += (input.table?.rows.length ?? 0) - rows.length;
    const cited = [
      ...sections.flatMap((s) => s.paragraphs.flatMap((p) => p.ids)),
      ...rows.flatMap((r) => r.citations),
    ];
    const byId = new Map((await requireReadDocuments(cited, ctx)).map((doc) => [doc.id, doc]));
    const docsOf = (ids: string[]) => ids.flatMap((id) => byId.get(id) ?? []);

    const numbers = new Map<string, number>();
    const firstUse = new Map<string, string>();
    const cite: Cite = (ids, context) => {
      for (const id of ids) {
        if (!numbers.has(id)) numbers.set(id, numbers.size + 1);
        if (!firstUse.has(id)) firstUse.set(id, context);
      }
      return ids.length === 0 ? "" : ` ${[...new Set(ids)].map((id) => `[${numbers.get(id)}]`).join("")}`;
    };

    const body: string[] = [`# ${escapeInline(input.title)}`];
    const summary = input.summary ? clean(input.summary) : "";
    if (summary) body.push(escapeProse(summary));
    let citedParagraphs = 0;
    let paragraphs = 0;
    for (const section of sections) {
      body.push(`## ${escapeInline(section.heading)}`);
      for (const { text, ids } of section.paragraphs) {
        paragraphs++;
        if (ids.length > 0) citedParagraphs++;
        body.push(`${escapeProse(attributed(text, docsOf(ids)))}${cite(ids, text)}`);
      }
    }
    if (input.table && rows.length > 0) body.push(...renderTable({ ...input.table, rows }, cite, docsOf));
    // Steps the run went on without are said, not hidden: the reader sees what the report lacks.
    const leftOut = ctx.leftOut ?? [];
    if (leftOut.length > 0) {
      const zh = isChineseText(`${input.title} ${input.summary ?? ""}`);
      body.push(zh ? "## 假设与缺口" : "## Assumptions and gaps");
      body.push(
        leftOut
          .map((x) =>
            zh
              ? `- 未完成：${escapeInline(x.title)}（${escapeInline(x.why)}）`
              : `- Not done: ${escapeInline(x.title)} (${escapeInline(x.why)})`,
          )
          .join("\n"),
      );
    }

    const citations = [...numbers.keys()];
    const docs = docsOf(citations);
    const prose = body.join("\n\n");
    const sources = docs.map((doc, i) => sourceLine(i + 1, doc));
    const markdown = `${[prose, ...(sources.length > 0 ? ["## Sources", ...sources] : [])].join("\n\n")}\n`;
    const written = await ctx.workspace.write(input.path, markdown);

    const data: ComposeReportData = {
      path: written.path,
      markdown,
      citations,
      sections: input.sections.length,
      wordCount: countWords(prose),
    };
    const evidence: Evidence[] = docs.map((doc) => ({
      docId: doc.id,
      title: doc.title,
      quote: (firstUse.get(doc.id) ?? "").slice(0, 240),
    }));
    return {
      data,
      summary:
        `Composed «${input.title}»: ${data.sections} section${data.sections === 1 ? "" : "s"}, ` +
        `${data.wordCount} words, ${citations.length} source${citations.length === 1 ? "" : "s"}; saved to ${written.path}.` +
        (dropped > 0
          ? ` Left out ${dropped} instruction-like sentence${dropped === 1 ? "" : "s"} from the sources.`
          : ""),
      // An uncited paragraph is an unsupported claim: confidence falls with each one.
      confidence: paragraphs === 0 ? 0 : Math.round((citedParagraphs / paragraphs) * 100) / 100,
      evidence,
    };
  },
};

type Cite = (ids: string[], context: string) => string;

/** The caption and a GFM table; a Sources column is added when any row cites something. */
function renderTable(
  table: NonNullable<ComposeReportInput["table"]>,
  cite: Cite,
  docsOf: (ids: string[]) => LibraryDocument[],
): string[] {
  const hasCitations = table.rows.some((row) => row.citations.length > 0);
  const header = [...table.columns.map(escapeCell), ...(hasCitations ? ["Sources"] : [])];
  const lines = [`| ${header.join(" | ")} |`, `| ${header.map(() => "---").join(" | ")} |`];
  for (const row of table.rows) {
    const cells = row.cells.map(escapeCell);
    if (hasCitations) {
      const unverified = onlyUnverified(docsOf(row.citations)) ? " (unverified upload's claim)" : "";
      cells.push(`${cite(row.citations, row.cells.join(" · ")).trim()}${unverified}`);
    }
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return [`**${escapeInline(table.caption)}**`, lines.join("\n")];
}

function withInlineCitations(text: string, citations: string[]): { text: string; ids: string[] } {
  const inline = [...text.matchAll(INLINE_CITATION)].map((m) => m[1] as string);
  return { text: text.replace(INLINE_CITATION, "").trim(), ids: [...new Set([...citations, ...inline])] };
}

/** `[n] Title — source (published) (doc id)`; every part but the id comes from the document, so all are escaped. */
function sourceLine(n: number, doc: LibraryDocument): string {
  return `[${n}] ${escapeInline(doc.title)} — ${escapeInline(doc.source)} (${escapeInline(doc.published)}) (\`${doc.id}\`)`;
}
