import { z } from "zod";
import { listIds } from "./require-read";
import { type Tool, ToolError } from "./tool";

export const CheckCitationsInput = z.object({ path: z.string().min(1).max(200) });
export type CheckCitationsInput = z.infer<typeof CheckCitationsInput>;

export interface CheckCitationsData {
  path: string;
  /** Cited ids in order of first appearance. */
  citations: string[];
  /** Cited ids that exist but were not read in this run. */
  unread: string[];
  /** Cited ids the library does not have. */
  unknown: string[];
  /** Headings whose own text cites nothing. */
  uncitedSections: string[];
}

const CITATION = /\[doc:\s*([^\]\s]+)\s*\]/g;
const HEADING = /^#{1,6}\s+(.*?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;
// A bibliography lists sources rather than citing them; it is not a section that needs a citation.
/** A report's list of what it went without states gaps, and cites nothing. */
const GAPS_HEADING = /^(assumptions and gaps|假设与缺口)$/i;
const SOURCES_HEADING = /^(sources|references|bibliography|参考(文献|资料)?|来源|资料来源)$/i;

export const checkCitationsTool: Tool<CheckCitationsInput> = {
  name: "check_citations",
  description:
    "Check a Markdown draft in the workspace whose citations are written [doc:<docId>]: lists the cited " +
    "ids, sections without any citation, and fails if a citation is unknown or was not read in this run.",
  input: CheckCitationsInput,
  timeoutMs: 5_000,
  async run(input, ctx) {
    const markdown = await ctx.workspace.read(input.path);
    const { citations, uncitedSections } = scanDraft(markdown);
    const found = await Promise.all(citations.map((id) => ctx.library.get(id)));
    const unknown = citations.filter((_, i) => found[i] === undefined);
    const unread = citations.filter((id, i) => found[i] !== undefined && !ctx.readDocuments.has(id));
    if (unknown.length > 0 || unread.length > 0) {
      const problems = [
        unknown.length > 0 ? `unknown: ${listIds(unknown)}` : "",
        unread.length > 0 ? `not read in this run: ${listIds(unread)}` : "",
      ].filter(Boolean);
      throw new ToolError(
        "not_read",
        `${input.path} cites documents it may not use (${problems.join("; ")})`,
      );
    }
    const data: CheckCitationsData = { path: input.path, citations, unread, unknown, uncitedSections };
    const sectionNote =
      uncitedSections.length === 0
        ? "every section cites a source"
        : `uncited sections: ${uncitedSections.join(", ")}`;
    return {
      data,
      summary: `${input.path} cites ${citations.length} read document${citations.length === 1 ? "" : "s"}; ${sectionNote}.`,
      confidence: citations.length === 0 ? 0.2 : uncitedSections.length === 0 ? 1 : 0.6,
    };
  },
};

interface Section {
  heading: string;
  hasText: boolean;
  cited: boolean;
}

const STATES_ABSENCE =
  /\bnot found in the (?:documents|sources) read\b|\bnone of the documents read\b|已阅读的文档中没有|已读文档未涉及/i;

/** Citations in order of first use, and the headed sections whose own text has none. */
export function scanDraft(markdown: string): { citations: string[]; uncitedSections: string[] } {
  const citations = new Set<string>();
  const sections: Section[] = [];
  let inCode = false;
  for (const line of markdown.split(/\r?\n/)) {
    // Code blocks are quoted material: their "headings" and "citations" are not the draft's own.
    if (FENCE.test(line)) inCode = !inCode;
    if (inCode || FENCE.test(line)) continue;
    const heading = HEADING.exec(line);
    if (heading) {
      sections.push({ heading: heading[1] ?? "", hasText: false, cited: false });
      continue;
    }
    const ids = [...line.matchAll(CITATION)].map((m) => m[1] as string);
    for (const id of ids) citations.add(id);
    const current = sections.at(-1);
    // A line saying what the documents read do not state cites nothing, and needs no citation.
    if (current && line.trim() !== "" && !(ids.length === 0 && STATES_ABSENCE.test(line))) {
      current.hasText = true;
      if (ids.length > 0) current.cited = true;
    }
  }
  const uncitedSections = sections
    .filter(
      (s) =>
        s.hasText &&
        !s.cited &&
        !SOURCES_HEADING.test(s.heading.trim()) &&
        !GAPS_HEADING.test(s.heading.trim()),
    )
    .map((s) => s.heading);
  return { citations: [...citations], uncitedSections };
}
