import { definitions, withDefinitions } from "../../language/abbreviations";
import { parseQuantity } from "../../tools/calculate";
import { aspectGaps } from "./aspect-gaps";
import { type ComparisonTable, comparisonTable } from "./comparison-table";
import { directAnswers } from "./direct-answer";
import { gatherEvidence } from "./evidence";
import type { ResearchFrame } from "./frame";
import { askedMeasures } from "./item-measures";
import { itemStatements } from "./item-statements";
import { figureLine, type KeyFigure, keyFigures, outvotedValues } from "./key-figures";
import { lineupsOf } from "./lineups";
import { DEFAULT_FINDINGS, requestFindings } from "./request-coverage";
import { factsPerSection, selectFacts } from "./summarise";
import { isChineseText, joinList, matchTerms, normalise } from "./text";
import type { ReadDoc, Upstream } from "./upstream";

/**
 * The report both the draft (draft.md) and the final compose_report call are made from, so the
 * two never differ in what they say or cite.
 */
export interface ReportContent {
  title: string;
  summary: string;
  /** `figures` sections are lists of "name: value" lines; the draft renders them as bullets. */
  sections: {
    heading: string;
    kind: "facet" | "figures";
    paragraphs: { text: string; citations: string[] }[];
  }[];
  table: ComparisonTable | null;
  /** The read documents the report cites, in order of first citation. */
  sources: { docId: string; title: string }[];
  zh: boolean;
}

export function buildReport(asked: ResearchFrame, up: Upstream): ReportContent {
  // "TCO" asks what the documents call "total cost of ownership": their own definitions expand it.
  const frame = {
    ...asked,
    request: withDefinitions(asked.request, definitions(up.reads.map((d) => d.text))),
  };
  const ev = gatherEvidence(up, frame);
  const figures = keyFigures(frame, up, ev);
  // A sentence stating a figure that better-supported sources contradict is not quoted as fact;
  // the Key figures list still names it, marked as the weaker claim.
  // An overtaken forecast's value is no finding either ("will reach USD 11.0 billion in 2025").
  const outvoted = [
    ...outvotedValues(figures),
    ...(up.superseded ?? []).map((s) => normalise(s.value)).filter((v) => v.length >= 5 && /\p{L}/u.test(v)),
  ];
  const picked = selectFacts(frame, {
    ...ev,
    facts: ev.facts.filter((f) => !outvoted.some((v) => normalise(f.text).includes(v))),
  });
  // A table was asked for and nothing is compared side by side: the figures found, as a table.
  const table =
    comparisonTable(frame, ev, figures) ??
    (frame.options.formats.includes("table")
      ? (lineupTable(up.reads, frame.zh) ?? figuresTable(figures, frame.zh))
      : null);
  const zh = frame.zh;

  const answers = directAnswers(frame, up.reads, up.derived);
  // What the request asks for beyond its facets' best sentences: figures that match its words.
  const findings = requestFindings(
    frame,
    ev,
    {
      facts: picked.flatMap((s) => s.facts),
      text: [...answers.map((a) => a.text), ...figures.map((f) => figureLine(f, frame.zh))],
    },
    findingsBudget(frame),
  );
  const extra: ReportContent["sections"][number]["paragraphs"] = [];
  for (const { fact } of findings) {
    const home = picked.find(({ facet }) => facet.names.some((n) => mentionsAll(fact.text, n)));
    if (home) home.facts.push(fact);
    else extra.push({ text: inReportLanguage(fact.text, frame.zh), citations: [fact.docId] });
  }
  const sections: ReportContent["sections"] = picked.map(({ facet, facts }) => ({
    heading: facet.label,
    kind: "facet",
    paragraphs:
      facts.length > 0
        ? facts.map((f) => ({ text: inReportLanguage(f.text, zh), citations: [f.docId] }))
        : [{ text: gapSentence(facet.label, zh), citations: [] }],
  }));
  if (extra.length > 0) {
    sections.push({
      heading: zh ? "其他相关数据" : "Other figures on the request",
      kind: "facet",
      paragraphs: extra,
    });
  }
  if (answers.length > 0) {
    // The question the person asked, answered first.
    sections.unshift({ heading: zh ? "结论" : "Answer", kind: "figures", paragraphs: answers });
  }
  const supplied = [
    ...frame.options.given.map((text) => ({ text, by: zh ? "请求方" : "the requester" })),
    ...up.answers,
  ];
  if (supplied.length > 0) {
    // Facts only a person could give: kept apart from the library's, and said to be so.
    sections.push({
      heading: zh ? "审阅人提供的信息" : "Supplied by a reviewer",
      kind: "facet",
      paragraphs: supplied.map((a) => ({
        text: zh
          ? `${a.text}（由 ${a.by} 在询问时提供，非库中文档）`
          : `${a.text} (supplied by ${a.by} when asked; not from the library)`,
        citations: [],
      })),
    });
  }
  if (up.derived.length > 0) {
    // Worked out by code from the cited figures: the formula shows how.
    sections.push({
      heading: zh ? "推算数据" : "Derived figures",
      kind: "figures",
      // A calculation made for each item is one line per item, in the order the calculation ranked them.
      // In the order they were made (calc1, calc2, …): an adjusted price, then the totals, then the gap.
      paragraphs: [...up.derived]
        .sort((a, b) => (a.taskId ?? "").localeCompare(b.taskId ?? "", "en", { numeric: true }))
        .flatMap((d) =>
          (d.rows ?? [d]).map((r) => {
            const label = d.rows ? `${d.label} — ${r.label}` : d.label;
            return {
              text: zh
                ? `${label}：${inChineseUnits(r.formatted)}（计算：${r.formula}）`
                : `${label}: ${r.formatted} (calculated: ${r.formula})`,
              citations: r.docIds,
            };
          }),
        ),
    });
  }
  // What the documents say of each item on the request's aspects that are no number.
  const statements = itemStatements(frame, up.reads, [
    ...sections.flatMap((x) => x.paragraphs.map((p) => p.text)),
  ]);
  if (statements.length > 0) {
    sections.push({
      heading: zh ? "各项说明" : "Item by item",
      kind: "facet",
      paragraphs: statements.map((st) => ({
        text: inReportLanguage(`${st.item} — ${st.aspect}: ${st.sentence}`, zh),
        citations: [st.docId],
      })),
    });
  }
  // The measures the request asks about, for every item the documents give them for.
  const measures = askedMeasures(frame, up.reads);
  for (const m of measures) {
    sections.push({
      heading: zh ? `各项对比：${m.measure}` : `${capitalise(m.measure)}, by item`,
      kind: "figures",
      paragraphs: m.rows.map((r) => ({ text: `${r.label}: ${r.value}`, citations: [r.docId] })),
    });
  }
  const byItem = new Set(measures.flatMap((m) => m.rows.map((r) => normalise(r.label))));
  const listed = figures.filter((f) => !byItem.has(normalise(f.name)));
  if (listed.length > 0) {
    sections.push({
      heading: zh ? "关键数据" : "Key figures",
      kind: "figures",
      paragraphs: listed.map((f) => ({
        text: figureLine(f, zh),
        citations: [...f.docIds, ...f.conflicts.flatMap((c) => c.docIds)],
      })),
    });
  }

  // What the request asks of its items that no document read states: said to be missing, with the searches.
  // A name the library has no document on (the run searched for it before planning) is said to be
  // missing, so the reader does not take its absence from the report for an oversight.
  const absent = frame.options.absent.map((name) =>
    zh
      ? `库中没有任何文档提及 ${name}，本报告没有它的数据。`
      : `No document in the library mentions ${name}: the report has no figures for it.`,
  );
  const gaps = [...absent, ...aspectGaps(frame, up.reads, up.searches.map((x) => x.query).filter(Boolean))];
  if (gaps.length > 0) {
    sections.push({
      heading: zh ? "资料中未找到" : "Not found in the sources read",
      kind: "facet",
      paragraphs: gaps.map((text) => ({ text, citations: [] })),
    });
  }

  const cited = [
    ...sections.flatMap((s) => s.paragraphs.flatMap((p) => p.citations)),
    ...(table?.rows.flatMap((r) => r.citations) ?? []),
  ];
  const titles = new Map(up.reads.map((d) => [d.docId, d.title]));
  const sources = [...new Set(cited)]
    .filter((id) => titles.has(id))
    .map((docId) => ({ docId, title: titles.get(docId) ?? docId }));
  const missing = picked.filter((s) => s.facts.length === 0).map((s) => s.facet.label);
  return {
    title: frame.title,
    summary: summary(frame, sources.length, missing, figures),
    sections,
    table,
    sources,
    zh,
  };
}

/**
 * An extractive report quotes its sources as written; a quote in the other language is marked as
 * such, so a reader of an English report knows why a sentence is in Chinese (and vice versa).
 */
function inReportLanguage(text: string, zh: boolean): string {
  const chinese = isChineseText(text);
  if (chinese === zh) return text;
  return zh ? `${text}（引自英文资料）` : `${text} (quoted from a Chinese source)`;
}

/** Room for further findings: a word limit leaves what the facets did not use. */
function findingsBudget(frame: ResearchFrame): number {
  const max = frame.options.maxWords;
  if (!max) return DEFAULT_FINDINGS;
  const used = 60 + frame.facets.length * factsPerSection(frame) * 30;
  return Math.max(0, Math.min(DEFAULT_FINDINGS, Math.floor((max - used) / 30)));
}

/** Every word of the facet's name appears in the sentence. */
function mentionsAll(text: string, name: string): boolean {
  const have = matchTerms(text);
  const want = matchTerms(name);
  return want.size > 0 && [...want].every((t) => have.has(t));
}

function gapSentence(label: string, zh: boolean): string {
  return zh
    ? `已阅读的文档中没有关于「${label}」的陈述；本节留待补充来源。`
    : `None of the documents read says anything specific about ${label}; this section needs another source.`;
}

/** What the report covers, from how many sources, and what it could not cover: no claims of its own. */
function summary(frame: ResearchFrame, sourceCount: number, missing: string[], figures: KeyFigure[]): string {
  const zh = frame.zh;
  // The spec's default audience is English; a Chinese report names it in Chinese.
  const audience = zh && frame.audience === "analysts" ? "分析师" : frame.audience;
  const labels = frame.facets.map((f) => f.label);
  const contested = figures.filter((f) => f.conflicts.length > 0).map((f) => f.name);
  if (zh) {
    const scope =
      frame.entities.length >= 2
        ? `本报告对比 ${joinList(frame.entities, true)}${frame.aspects.length ? `（${frame.aspects.join("、")}）` : ""}`
        : `本报告研究${frame.subject ? ` ${frame.subject} 的` : ""}${labels.join("、")}`;
    return [
      `${scope}，面向${audience}，依据库中已阅读的 ${sourceCount} 份文档；每句均注明出处。`,
      missing.length ? `已读文档未涉及：${missing.join("、")}。` : "",
      contested.length
        ? `来源在以下数据上不一致：${contested.join("、")}；报告采用多数来源支持的数值并注明分歧。`
        : "",
    ].join("");
  }
  const scope =
    frame.entities.length >= 2
      ? `Compares ${joinList(frame.entities, false)}${frame.aspects.length ? ` on ${joinList(frame.aspects, false)}` : ""}`
      : `Covers ${joinList(
          frame.facets.flatMap((f) => f.names),
          false,
        )}${frame.subject && !labels.includes(frame.subject) ? ` for ${frame.subject}` : ""}`;
  return [
    `${scope} for ${audience}, drawing on ${sourceCount} document${sourceCount === 1 ? "" : "s"} read from the library; every sentence cites its source.`,
    missing.length ? ` The documents read say nothing specific about ${joinList(missing, false)}.` : "",
    contested.length
      ? ` Sources disagree on ${joinList(contested, false)}; the better-supported value is given first and the other is noted.`
      : "",
  ].join("");
}

/** Items side by side when a table is asked for: in at least this many of the documents' lineups. */
const MIN_LINEUPS_PER_ITEM = 2;
const MAX_TABLE_ITEMS = 5;
const MAX_TABLE_ROWS = 8;

/**
 * "Compare the agent frameworks described in the library, with a table": the request names a kind
 * of thing, not the things. The documents name them — the items their lineups give one measure for
 * ("Loomwork GitHub stars", "Relaywright GitHub stars", …) — so the items found in most lineups are
 * the columns and each lineup with two of them a row, every cell cited.
 */
function lineupTable(reads: readonly ReadDoc[], zh: boolean): ComparisonTable | null {
  const figures = reads.flatMap((d) =>
    d.figures.flatMap((f) => {
      const q = parseQuantity(f.value);
      return q ? [{ label: f.name, value: f.value, docId: d.docId, q }] : [];
    }),
  );
  const lineups = lineupsOf(figures).filter((l) => l.items.size >= 2);
  const seen = new Map<string, number>();
  for (const l of lineups) for (const item of l.items.keys()) seen.set(item, (seen.get(item) ?? 0) + 1);
  // Items are named things ("Loomwork"), not a measure's variant ("tool failure recovery").
  const items = [...seen.entries()]
    .filter(([item, n]) => n >= MIN_LINEUPS_PER_ITEM && /^\p{Lu}|^\p{Script=Han}/u.test(item))
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_TABLE_ITEMS)
    .map(([item]) => item);
  if (items.length < 2) return null;
  const rows = lineups
    .filter((l) => items.filter((i) => l.items.has(i)).length >= 2)
    .slice(0, MAX_TABLE_ROWS)
    .map((l) => ({
      cells: [capitalise(l.shared), ...items.map((i) => l.items.get(i)?.value ?? "—")],
      citations: [...new Set(items.flatMap((i) => l.items.get(i)?.docId ?? []))],
    }));
  if (rows.length === 0) return null;
  return {
    caption: zh ? `对比：${items.join("、")}` : `Comparison: ${items.join(", ")}`,
    columns: [zh ? "指标" : "Measure", ...items],
    rows,
  };
}

const capitalise = (s: string): string => (s ? `${s[0]?.toUpperCase()}${s.slice(1)}` : s);

function figuresTable(figures: KeyFigure[], zh: boolean): ComparisonTable | null {
  if (figures.length === 0) return null;
  return {
    caption: zh ? "关键数据" : "Key figures",
    columns: zh ? ["数据", "数值"] : ["Figure", "Value"],
    rows: figures.map((f) => ({ cells: [f.name, f.value], citations: f.docIds })),
  };
}

/** Currencies a Chinese reader names in words: US dollars, yuan. */
const ZH_CURRENCY: Record<string, string> = { usd: "美元", us$: "美元", $: "美元", cny: "元", rmb: "元" };

/**
 * A large amount of money as a Chinese report writes it, its English form kept beside it: "USD 163
 * million" → "1.63 亿美元（USD 163 million）", "USD 33,840" → "3.38 万美元（USD 33,840）". Anything
 * else (a share, a small or per-unit amount) as it is.
 */
export function inChineseUnits(formatted: string): string {
  const q = parseQuantity(formatted);
  const currency = q ? ZH_CURRENCY[q.prefix.toLowerCase()] : undefined;
  if (!q || !currency || q.suffix !== "" || Math.abs(q.amount) < 1e4) return formatted;
  const [size, word] = Math.abs(q.amount) >= 1e8 ? [1e8, "亿"] : [1e4, "万"];
  const n = Number((q.amount / size).toPrecision(3));
  return `${n.toLocaleString("en-US", { maximumFractionDigits: 2 })} ${word}${currency}（${formatted}）`;
}
