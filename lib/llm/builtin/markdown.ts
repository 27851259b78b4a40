import { escapeCell, escapeInline, escapeProse } from "../../tools/markdown-escape";
import type { ComparisonTable } from "./comparison-table";
import type { ReportContent } from "./report-content";

/**
 * Markdown files the builtin model writes. Sentences come from documents, which are untrusted:
 * they are escaped, so a document cannot smuggle links, HTML or fake `[doc:…]` citations into
 * the draft; the only citations are the ones added here.
 */

const cite = (ids: readonly string[]): string => ids.map((id) => `[doc:${id}]`).join(" ");

export function renderDraft(report: ReportContent): string {
  // No summary paragraph: it cites nothing, and check_citations would flag the title's section as uncited.
  const lines = [`# ${escapeInline(report.title)}`, ""];
  for (const section of report.sections) {
    lines.push(`## ${escapeInline(section.heading)}`, "");
    for (const p of section.paragraphs) {
      const text = p.citations.length ? `${escapeProse(p.text)} ${cite(p.citations)}` : escapeProse(p.text);
      lines.push(...(section.kind === "figures" ? [`- ${text}`] : [text, ""]));
    }
    if (section.kind === "figures") lines.push("");
  }
  if (report.table)
    lines.push(`## ${report.zh ? "对比表" : "Comparison"}`, "", ...tableLines(report.table), "");
  lines.push(`## ${report.zh ? "来源" : "Sources"}`, "");
  if (report.sources.length === 0)
    lines.push(report.zh ? "（没有可引用的已读文档）" : "(No read document could be cited.)");
  for (const s of report.sources) lines.push(`- ${cite([s.docId])} ${escapeInline(s.title)}`);
  return `${lines.join("\n").trimEnd()}\n`;
}

/** comparison.md: the table on its own, with a sources column. */
export function renderComparison(table: ComparisonTable | null, zh: boolean, title: string): string {
  if (!table) {
    return zh
      ? `# ${escapeInline(title)}\n\n已阅读的文档中没有能逐项对比的数据。\n`
      : `# ${escapeInline(title)}\n\nThe documents read give no figures that line up for a side-by-side comparison.\n`;
  }
  return `# ${escapeInline(table.caption)}\n\n${tableLines(table).join("\n")}\n`;
}

function tableLines(table: ComparisonTable): string[] {
  const header = [...table.columns, "Sources"];
  return [
    `| ${header.map(escapeCell).join(" | ")} |`,
    `|${header.map(() => " --- ").join("|")}|`,
    ...table.rows.map((r) => `| ${r.cells.map(escapeCell).join(" | ")} | ${cite(r.citations)} |`),
  ];
}
