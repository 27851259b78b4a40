import type { Criterion, TaskSpec } from "../../planner/plan-schema";
import type { Operation } from "../../tools/calculate";
import { DURATION_OF } from "./derive-duration";
import type { Facet, ResearchFrame } from "./frame";
import { CLAUSE_OF } from "./goal-options";
import { truncate } from "./text";

/**
 * The tasks a research plan is built from, each with criteria a rule can check against the
 * tool's output (`results`, `documents`, `facts`, `bytes`, `citations`, …).
 */

export const DRAFT_PATH = "draft.md";
export const TABLE_PATH = "comparison.md";
export const DEFAULT_MIN_CITATIONS = 2;

const min = (field: string, n: number, description: string): Criterion => ({
  kind: "min_count",
  field,
  min: Math.max(1, n),
  description,
});

/** Criteria a task of `tool` gets when nothing more specific is known (also used to fix plans). */
export function defaultCriteria(tool: string): Criterion[] {
  switch (tool) {
    case "search":
      return [min("results", 2, "at least 2 search results")];
    case "read":
      return [min("documents", 1, "at least 1 document read")];
    case "extract":
      return [min("facts", 2, "at least 2 facts extracted")];
    case "write":
      return [min("bytes", 200, "at least 200 bytes written")];
    case "check_citations":
      return [
        min("citations", DEFAULT_MIN_CITATIONS, `at least ${DEFAULT_MIN_CITATIONS} citations in the draft`),
      ];
    case "compose_report":
      return [
        min("citations", DEFAULT_MIN_CITATIONS, `cites at least ${DEFAULT_MIN_CITATIONS} read documents`),
        {
          kind: "matches",
          field: "markdown",
          pattern: "##\\s*(Sources|来源|参考)",
          description: "has a Sources list",
        },
      ];
    case "ask_user":
      return [{ kind: "non_empty", field: "answer", description: "the user answered" }];
    default:
      return [{ kind: "non_empty", field: "data", description: "the tool returned something" }];
  }
}

// Titles are capped at 200 (plan-schema): a 20-vendor comparison's titles ran past it and failed the run.
const title = (frame: ResearchFrame, en: string, zh: string) =>
  (frame.zh ? zh : en).slice(0, 200).replace(/[\ud800-\udbff]$/, "");

export function searchTask(
  frame: ResearchFrame,
  id: string,
  facet: Facet,
  query = facet.query,
  minResults = 2,
  /** Reads whose documents the search may learn from (a Chinese measure's English name). */
  after: string[] = [],
): TaskSpec {
  return {
    id,
    title: title(frame, `Search the library for ${facet.label}`, `检索「${facet.label}」`),
    tool: "search",
    input: { query },
    dependencies: after,
    successCriteria: [
      min("results", minResults, `at least ${minResults} search result${minResults === 1 ? "" : "s"}`),
    ],
    expectedOutput: `Library documents about ${facet.label}, ranked.`,
    deliverable: false,
  };
}

export function readTask(
  frame: ResearchFrame,
  id: string,
  facet: Facet,
  search: string,
  alreadyRead: string[] = [],
): TaskSpec {
  return {
    id,
    title: title(frame, `Read the top documents on ${facet.label}`, `阅读「${facet.label}」的主要文档`),
    tool: "read",
    input: {},
    dependencies: [search, ...alreadyRead],
    successCriteria: defaultCriteria("read"),
    expectedOutput: "The full text and key figures of up to 3 documents.",
    deliverable: false,
  };
}

export function extractTask(frame: ResearchFrame, id: string, facet: Facet, deps: string[]): TaskSpec {
  return {
    id,
    title: title(frame, `Extract facts on ${facet.label}`, `提取「${facet.label}」的要点`),
    tool: "extract",
    input: { topic: facet.topic },
    dependencies: deps,
    successCriteria: defaultCriteria("extract"),
    expectedOutput: `Sentences and figures about ${facet.label}, each with its document.`,
    deliverable: false,
  };
}

export function tableTask(frame: ResearchFrame, deps: string[]): TaskSpec {
  return {
    id: "table",
    title: title(
      frame,
      `Tabulate ${frame.entities.join(" vs ")}`,
      `制作对比表：${frame.entities.join(" 与 ")}`,
    ),
    tool: "write",
    input: { path: TABLE_PATH },
    dependencies: deps,
    successCriteria: defaultCriteria("write"),
    expectedOutput: "A Markdown comparison table, every row citing its documents.",
    deliverable: false,
  };
}

const OPERATION_WORDS: Record<Operation, [string, string]> = {
  difference: ["the gap", "差值"],
  ratio: ["the ratio", "比值"],
  percent_change: ["the change", "变化率"],
  cagr: ["the yearly growth rate", "年均增长率"],
  share: ["the share", "占比"],
  sum: ["the total", "合计"],
  mean: ["the average", "平均值"],
  product: ["the total", "总额"],
  per_unit: ["the per-unit figure", "单位数值"],
  apply_rate: ["the amount after the rate", "按比率调整后的数值"],
  date_difference: ["the time between the dates", "日期间隔"],
};

export function calcTask(
  frame: ResearchFrame,
  id: string,
  operation: Operation,
  deps: string[],
  subject?: string,
): TaskSpec {
  const [en, zh] = OPERATION_WORDS[operation];
  // A duration asked in one sentence of several is titled by that sentence.
  const asked = subject?.startsWith(DURATION_OF)
    ? subject.slice(DURATION_OF.length).replace(/^:\s*/, "")
    : subject?.startsWith(CLAUSE_OF)
      ? subject.slice(CLAUSE_OF.length).replace(/^:\s*/, "")
      : null;
  const of = asked
    ? frame.zh
      ? `「${truncate(asked, 60)}」的`
      : ` asked in “${truncate(asked, 60)}”`
    : subject
      ? frame.zh
        ? `${subject}的`
        : ` for ${subject}`
      : "";
  return {
    id,
    title: frame.zh
      ? title(frame, "", `根据所得数据计算${of}${zh}`)
      : title(frame, `Calculate ${en}${of} from the figures found`, ""),
    tool: "calculate",
    input: subject ? { operation, subject } : { operation },
    dependencies: deps,
    successCriteria: [
      { kind: "non_empty", field: "formatted", description: "a derived value with its formula" },
    ],
    expectedOutput: "A figure derived by code, with its formula and cited inputs.",
    deliverable: false,
  };
}

export function draftTask(frame: ResearchFrame, deps: string[]): TaskSpec {
  return {
    id: "draft",
    title: title(frame, "Draft the report from the extracted facts", "根据提取的要点撰写报告草稿"),
    tool: "write",
    input: { path: DRAFT_PATH },
    dependencies: deps,
    successCriteria: defaultCriteria("write"),
    expectedOutput: "draft.md: one cited section per facet, key figures and sources.",
    deliverable: false,
  };
}

export function checkTask(frame: ResearchFrame, deps: string[]): TaskSpec {
  return {
    id: "check",
    title: title(frame, "Check the draft's citations", "核对草稿的引用"),
    tool: "check_citations",
    input: { path: DRAFT_PATH },
    dependencies: deps,
    successCriteria: defaultCriteria("check_citations"),
    expectedOutput: "Every citation points to a document read in this run.",
    deliverable: false,
  };
}

export function reportTask(frame: ResearchFrame, deps: string[], sections: number): TaskSpec {
  const citations = Math.max(DEFAULT_MIN_CITATIONS, frame.options.minSources ?? 0);
  const criteria: Criterion[] = [
    min("citations", citations, `cites at least ${citations} read documents`),
    min("sections", sections, `has at least ${sections} section${sections === 1 ? "" : "s"}`),
    {
      kind: "matches",
      field: "markdown",
      pattern: "##\\s*(Sources|来源|参考)",
      description: "has a Sources list",
    },
  ];
  if (frame.entities.length >= 2) {
    criteria.push({
      kind: "includes_all",
      field: "markdown",
      values: frame.entities,
      description: `names ${frame.entities.join(", ")}`,
    });
  }
  return {
    id: "report",
    title: title(frame, `Compose the report: ${frame.title}`, `生成最终报告：${frame.title}`).slice(0, 200),
    tool: "compose_report",
    input: {},
    dependencies: deps,
    successCriteria: criteria,
    expectedOutput: "The final cited report with a Sources list.",
    deliverable: true,
  };
}
