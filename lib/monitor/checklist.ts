import type { GoalSpec } from "../planner/plan-schema";

/**
 * The requested-items checklist: what the person asked for, item by item — each topic (entity or
 * aspect), each requested format, the report's language, the number of sources, each derived
 * figure — read from the clarified spec, whatever model made it. At the end every item must be
 * covered by a cited line of the report body or stated as a gap ("not found in the sources
 * read"); anything else is missing, and the run says so.
 */
export type ChecklistKind = "topic" | "format" | "language" | "sources" | "derived";
export type ChecklistStatus = "covered" | "gap_stated" | "missing";

export interface ChecklistItem {
  id: string;
  kind: ChecklistKind;
  text: string;
}

export interface ChecklistResult extends ChecklistItem {
  status: ChecklistStatus;
  /** The report line that covers it, or why it is missing. */
  evidence: string;
}

export function requestedItems(spec: GoalSpec): ChecklistItem[] {
  const items: ChecklistItem[] = spec.topics.map((t, i) => ({
    id: `topic-${i + 1}`,
    kind: "topic",
    text: t,
  }));
  const constraints = spec.constraints.join("\n");
  const formats = /Format:\s*([a-z, ]+)/i.exec(constraints)?.[1]?.split(/,\s*/) ?? [];
  if (/\b(?:table|tabular)\b|表格|对比表/i.test([constraints, ...spec.acceptanceCriteria].join("\n"))) {
    formats.push("table");
  }
  for (const f of new Set(formats.map((x) => x.trim()).filter(Boolean))) {
    items.push({ id: `format-${f}`, kind: "format", text: f });
  }
  if (/Language:\s*Chinese|中文/i.test(constraints))
    items.push({ id: "language", kind: "language", text: "Chinese" });
  const sources = /(?:at least|至少)\s*(\d+)\s*(?:documents|sources|份|个)/i.exec(
    [constraints, ...spec.acceptanceCriteria].join("\n"),
  );
  if (sources?.[1]) items.push({ id: "sources", kind: "sources", text: `${sources[1]} sources` });
  const derived = /Derived figures:\s*([a-z_, ]+)/i.exec(constraints)?.[1]?.split(/,\s*/) ?? [];
  for (const d of derived) items.push({ id: `derived-${d}`, kind: "derived", text: d.replace(/_/g, " ") });
  return items;
}

const GAP =
  /not found|no (?:document|source)s?\b|none of the documents|says nothing|nothing specific|没有|未涉及|未找到/i;
const CITED = /\[\d+\]|\[doc:[^\]]+\]/;

/** The report body: no title line, no Sources list. */
function bodyLines(markdown: string): string[] {
  const lines = markdown.split("\n");
  const end = lines.findIndex((l) => /^##\s*(?:Sources|来源|参考)/.test(l));
  return lines.slice(1, end < 0 ? undefined : end).filter((l) => l.trim() !== "");
}

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 2 || /\p{Script=Han}/u.test(w));

/** A line mentions a topic when it holds most of the topic's words (Chinese: the phrase itself). */
function mentions(line: string, topic: string): boolean {
  if (/\p{Script=Han}/u.test(topic)) return line.includes(topic);
  const want = words(topic).map((w) => w.replace(/(?:ies|es|s)$/, ""));
  if (want.length === 0) return false;
  const have = line.toLowerCase();
  return want.filter((w) => have.includes(w)).length / want.length >= 0.5;
}

export function evaluateChecklist(items: readonly ChecklistItem[], markdown: string): ChecklistResult[] {
  const body = bodyLines(markdown);
  const citations = new Set([...markdown.matchAll(/\[(\d+)\]|\[doc:([^\]]+)\]/g)].map((m) => m[1] ?? m[2]));
  return items.map((item) => {
    const result = (status: ChecklistStatus, evidence: string): ChecklistResult => ({
      ...item,
      status,
      evidence: evidence.slice(0, 300),
    });
    switch (item.kind) {
      case "topic": {
        const lines = body.filter((l) => mentions(l, item.text));
        const cited = lines.find((l) => CITED.test(l) && !GAP.test(l));
        if (cited) return result("covered", cited.trim());
        const gap = lines.find((l) => GAP.test(l));
        if (gap) return result("gap_stated", gap.trim());
        return result(
          "missing",
          "no line of the report body names it with a citation or states it was not found",
        );
      }
      case "format": {
        const has =
          item.text === "table"
            ? body.some((l) => /^\s*\|.*\|\s*$/.test(l)) && body.some((l) => /^\s*\|?\s*:?-{3,}/.test(l))
            : item.text === "bullets" || item.text === "ranking"
              ? body.some((l) => /^\s*(?:[-*]|\d+\.)\s/.test(l))
              : true;
        return has
          ? result("covered", `the report has the ${item.text}`)
          : result("missing", `no ${item.text} in the report`);
      }
      case "language": {
        const han = (markdown.match(/\p{Script=Han}/gu) ?? []).length;
        const latin = (markdown.match(/[A-Za-z]/g) ?? []).length;
        return han * 2 > latin
          ? result("covered", "the report is written in Chinese")
          : result("missing", "the report is not written in Chinese");
      }
      case "sources": {
        const need = Number(/\d+/.exec(item.text)?.[0] ?? 0);
        return citations.size >= need
          ? result("covered", `${citations.size} sources cited`)
          : result("missing", `${citations.size} sources cited, ${need} asked for`);
      }
      default: {
        // "derived": a line the calculate tool's result produced.
        const line = body.find((l) => /calculated|计算/.test(l));
        return line ? result("covered", line.trim()) : result("missing", `no ${item.text} was calculated`);
      }
    }
  });
}
