import { Operation } from "../../tools/calculate";
import type { ToolCall } from "../chat-model";
import type { ModelContext } from "../model-context";
import { hintedPhrase } from "./broaden";
import { comparisonTable } from "./comparison-table";
import { planCalculation } from "./derive-inputs";
import { gatherEvidence, isWeakSource } from "./evidence";
import { facetOfTask, researchFrame } from "./frame";
import { gloss } from "./gloss";
import { keyFigures } from "./key-figures";
import { renderComparison, renderDraft } from "./markdown";
import { DRAFT_PATH, TABLE_PATH } from "./plan-tasks";
import { buildReport, type ReportContent } from "./report-content";
import { withoutSuperseded } from "./superseded";
import { isStopWord, tokens, truncate } from "./text";
import { inScope, type ReadDoc, rankedHits, readUpstream } from "./upstream";

type ExecuteContext = Extract<ModelContext, { purpose: "execute" }>;

const SEARCH_LIMIT = 5;
const READ_TOP = 3;
const MAX_EXTRACT_DOCS = 10;
/** The read tool's own cap per call. */
const MAX_READ = 5;
const MAX_FACTS = 8;
const HINT_WORDS = 6;

/** Search hits whose title or source marks them weak evidence. */
function weakHits(up: ReturnType<typeof readUpstream>): Set<string> {
  return new Set(
    up.searches.flatMap((s) =>
      s.results.filter((h) => isWeakSource(`${h.title} ${h.source}`)).map((h) => h.docId),
    ),
  );
}

/** What extracts quoted, per document, with the figures they matched: enough to gloss a measure. */
function quotedDocs(up: ReturnType<typeof readUpstream>): ReadDoc[] {
  const ids = [...new Set(up.facts.map((f) => f.docId))];
  return ids.map((docId) => ({
    docId,
    title: up.facts.find((f) => f.docId === docId)?.title ?? "",
    source: "",
    published: "",
    text: up.facts
      .filter((f) => f.docId === docId)
      .map((f) => f.text)
      .join("\n"),
    figures: up.figures.filter((f) => f.docId === docId).map((f) => ({ name: f.name, value: f.value })),
  }));
}

/** The one tool call a task makes, with arguments completed from its upstream results. */
export function toolCall(ctx: ExecuteContext): ToolCall {
  const { task } = ctx;
  return { name: task.tool, arguments: toolArguments(ctx) };
}

function toolArguments(ctx: ExecuteContext): Record<string, unknown> {
  const { task } = ctx;
  const input = task.input;
  const frame = researchFrame(ctx.spec, ctx.goal);
  const facet = facetOfTask(frame, String(input.query ?? input.topic ?? task.title));
  const up = withoutSuperseded(inScope(readUpstream(ctx.inputs), frame.options.excluded));

  switch (task.tool) {
    case "search": {
      const planned = String(input.query ?? facet?.query ?? frame.title);
      // A Chinese query also looks for the English names its measures go by in the documents read
      // so far (their own bilingual figures are the dictionary): "循环发生率" meets "loop incidence".
      const glossed = [...gloss(planned, up.reads.length > 0 ? up.reads : quotedDocs(up))].filter(
        (t) => !planned.toLowerCase().includes(t),
      );
      const query = glossed.length > 0 ? `${planned} ${glossed.join(" ")}`.slice(0, 300) : planned;
      const args: Record<string, unknown> = { query: hintQuery(ctx.hint) ?? query, limit: SEARCH_LIMIT };
      if (Array.isArray(input.exclude)) args.exclude = input.exclude;
      return args;
    }
    case "read": {
      // Documents an upstream read already read are not read again: this read brings new ones.
      const exclude = new Set([
        ...(Array.isArray(input.exclude) ? input.exclude.map(String) : []),
        ...up.reads.map((d) => d.docId),
      ]);
      // A read that follows up one search (a missing figure looked for) takes that search's hits first.
      const prefer = typeof input.preferSearch === "string" ? input.preferSearch : null;
      const hits = rankedHits(up, frame.zh ? "zh" : "en", isWeakSource, prefer);
      // Sponsored, unverified or archived documents are read only when nothing better is left.
      const weak = weakHits(up);
      const unread = hits.filter((id) => !exclude.has(id));
      const strong = unread.filter((id) => !weak.has(id));
      const ranked = strong.length > 0 ? strong : unread;
      const planned = Array.isArray(input.docIds) ? input.docIds.map(String) : [];
      // A report that must cite N sources reads at least N documents where the search found them.
      const top = Math.min(MAX_READ, Math.max(READ_TOP, frame.options.minSources ?? 0));
      // Nothing new found: read the best hits again rather than send an empty call over and over.
      const pool = ranked.length ? ranked : planned.length ? planned : hits;
      const chosen = pool.slice(0, top);
      // A read that replaces documents that could not be served also reads the best hit in the other
      // language: a document gone is often there in translation, figures and all.
      if (Array.isArray(input.exclude) && input.exclude.length > 0 && chosen.length >= 2) {
        const lang = new Map(up.searches.flatMap((x) => x.results.map((h) => [h.docId, h.lang] as const)));
        const own = frame.zh ? "zh" : "en";
        const other = pool.find((id) => (lang.get(id) ?? own) !== own);
        if (other && !chosen.includes(other)) chosen[chosen.length - 1] = other;
      }
      return { docIds: chosen };
    }
    case "extract": {
      const topic = hintedPhrase(ctx.hint) ?? String(input.topic ?? facet?.topic ?? frame.title);
      return { docIds: up.reads.map((d) => d.docId).slice(0, MAX_EXTRACT_DOCS), topic, maxFacts: MAX_FACTS };
    }
    case "write": {
      const path = String(input.path ?? DRAFT_PATH);
      if (typeof input.content === "string") return { path, content: input.content };
      const report = buildReport(frame, up);
      const content = isTablePath(path)
        ? renderComparison(report.table, frame.zh, frame.title)
        : renderDraft(report);
      return { path, content };
    }
    case "check_citations":
      return { path: String(input.path ?? DRAFT_PATH) };
    case "calculate": {
      const operation = Operation.safeParse(input.operation);
      const ev = gatherEvidence(up, frame);
      const figures = keyFigures(frame, up, ev);
      // The newest word first: a change of requirements, then answers, then the goal as first asked.
      const request = [
        ...frame.options.changed,
        ...frame.options.given,
        ...up.answers.map((a) => a.text),
        ctx.goal,
      ].join("\n");
      return planCalculation(
        operation.success ? operation.data : "difference",
        frame,
        figures,
        comparisonTable(frame, ev, figures),
        request,
        up.reads,
        up.derived,
        typeof input.subject === "string" && input.subject.trim() ? input.subject.trim() : undefined,
        [...frame.options.given, ...up.answers.map((a) => a.text)],
      ) as unknown as Record<string, unknown>;
    }
    case "compose_report":
      return composeArguments(buildReport(frame, up));
    case "ask_user": {
      const question =
        input.question ?? (ctx.hint.trim() || `What else should the report on ${frame.title} cover?`);
      const choices = Array.isArray(input.choices) ? input.choices.map(String) : [];
      return { question: String(question), choices };
    }
    default:
      return { ...input };
  }
}

/** compose_report's input limits: title 200, summary 2,000, 10 citations per paragraph or row. */
function composeArguments(report: ReportContent): Record<string, unknown> {
  const args: Record<string, unknown> = {
    title: truncate(report.title, 200),
    summary: truncate(report.summary, 2000),
    sections: report.sections.map(({ heading, paragraphs }) => ({
      heading: truncate(heading, 200),
      paragraphs: paragraphs.map((p) => ({ text: p.text, citations: p.citations.slice(0, 10) })),
    })),
  };
  if (report.table) {
    const t = report.table;
    args.table = {
      caption: truncate(t.caption, 200),
      columns: t.columns.map((c) => truncate(c, 100)),
      rows: t.rows.map((r) => ({
        cells: r.cells.map((c) => truncate(c, 500)),
        citations: r.citations.slice(0, 10),
      })),
    };
  }
  return args;
}

const isTablePath = (path: string): boolean => path === TABLE_PATH || /compar|table/i.test(path);

/**
 * A reflection's hint quotes the new wording; a person's answer is plain text, of which the
 * content words become the query. A hint with neither leaves the planned query alone.
 */
function hintQuery(hint: string): string | null {
  if (!hint.trim()) return null;
  const quoted = hintedPhrase(hint);
  if (quoted) return quoted;
  const words = tokens(hint)
    .filter((t) => t.kind === "word" && !isStopWord(t.text))
    .map((t) => t.text)
    .slice(0, HINT_WORDS);
  return words.length ? words.join(" ") : null;
}
