import type { GoalSpec } from "../../planner/plan-schema";
import { type GoalOptions, parseGoalOptions, readConstraints } from "./goal-options";
import { parseGoalTerms } from "./goal-terms";
import { joinList, normalise, tokens, truncate } from "./text";

/** One part of the report: searched, read and extracted on its own, and one section of the draft. */
export interface Facet {
  /** The section heading. */
  label: string;
  /** The entities or aspects this facet covers (more than one when facets were merged). */
  names: string[];
  query: string;
  /** The extract topic: the facet's own words. */
  topic: string;
}

/**
 * How the report is organised, derived from the spec alone, so the planner, the executor and
 * the reflector all agree on the facets without passing anything between them.
 */
export interface ResearchFrame {
  compare: boolean;
  /** What is compared, in order; empty unless comparing two or more. */
  entities: string[];
  /** The main name of a non-comparison goal ("Project X"): prefixed to every query. */
  subject: string | null;
  aspects: string[];
  facets: Facet[];
  zh: boolean;
  audience: string;
  options: GoalOptions;
  title: string;
  /** The request as the person wrote it (the goal): what a direct answer answers. */
  request: string;
}

export const MAX_FACETS = 3;
const MAX_QUERY_WORDS = 8;

export function researchFrame(spec: GoalSpec, goal: string, maxFacets = MAX_FACETS): ResearchFrame {
  const options = readConstraints(goal, spec.constraints);
  const zh = options.language === "zh";
  let topics = dedupe(spec.topics);
  if (topics.length === 0) {
    const terms = parseGoalTerms(parseGoalOptions(goal).rest);
    topics = dedupe([...terms.names, ...terms.aspects]);
  }
  const named = namedInCriteria(spec.acceptanceCriteria) ?? topics.filter((t) => /\p{Lu}/u.test(t));
  const base = { zh, options, compare: spec.compare, audience: spec.audience, request: goal };

  if (spec.compare && named.length >= 2) {
    const entities = named;
    const aspects = without(topics, entities);
    const facets = group(entities, maxFacets).map((names) => facet(names, [...names, ...aspects], zh));
    const title = zh
      ? `${entities.join(" 与 ")} 对比${aspects.length ? `：${aspects.join("、")}` : ""}`
      : `${entities.join(" vs ")}${aspects.length ? `: ${joinList(aspects, false)}` : ""}`;
    return { ...base, entities, subject: null, aspects, facets, title };
  }

  const subject = named[0] ?? null;
  const others = subject ? without(topics, [subject]) : topics;
  let facets: Facet[];
  if (others.length > 0) {
    facets = group(others, maxFacets).map((names) =>
      facet(names, [...(subject ? [subject] : []), ...names], zh),
    );
  } else if (subject) {
    facets = [facet([subject], [subject], zh)];
  } else {
    const words = contentWords(goal);
    facets = [{ label: truncate(goal, 60), names: [truncate(goal, 60)], query: words, topic: words }];
  }
  const title = subject
    ? others.length
      ? `${subject}${zh ? "：" : ": "}${zh ? others.join("、") : joinList(others, false)}`
      : subject
    : capitalise(truncate(zh ? others.join("、") : joinList(others, false), 120) || truncate(goal, 120));
  return { ...base, compare: false, entities: [], subject, aspects: others, facets, title };
}

/** The facet a task works on, found by its query, topic or title. */
export function facetOfTask(frame: ResearchFrame, text: string): Facet | null {
  const t = normalise(text);
  return (
    frame.facets.find((f) => normalise(f.query) === t || normalise(f.topic) === t) ??
    frame.facets.find((f) => f.names.some((n) => t.includes(normalise(n)))) ??
    null
  );
}

/**
 * The query carries the goal's context (the subject, or the aspects compared) so search finds
 * the right documents; the extract topic is the facet alone, because within documents already
 * about the subject, context words would outscore the sentences on the facet itself.
 */
function facet(names: string[], queryParts: string[], zh: boolean): Facet {
  const query = capWords(queryParts.join(" "));
  const label = capitalise(zh ? names.join("、") : joinList(names, false));
  return { label, names, query, topic: capWords(names.join(" ")) };
}

/** Up to `max` groups: the first ones alone, the rest merged into the last. */
function group(items: string[], max: number): string[][] {
  const k = Math.max(1, max);
  if (items.length <= k) return items.map((i) => [i]);
  return [...items.slice(0, k - 1).map((i) => [i]), items.slice(k - 1)];
}

/** "Names Loomwork and Relaywright" / "报告提及：A、B": the clarifier's record of what is compared. */
function namedInCriteria(criteria: readonly string[]): string[] | null {
  for (const c of criteria) {
    const en = /^Names\s+(.+?)\.?$/i.exec(c.trim());
    const zh = /^报告提及[：:]\s*(.+)$/.exec(c.trim());
    const list = en?.[1]?.split(/,\s*|\s+and\s+/) ?? zh?.[1]?.split(/[、，,]|\s*和\s*/);
    const names = list?.map((x) => x.trim()).filter((x) => x.length > 0);
    if (names && names.length >= 2) return names;
  }
  return null;
}

function capWords(text: string): string {
  const words = text.split(/\s+/).filter(Boolean);
  return words.slice(0, MAX_QUERY_WORDS).join(" ");
}

/** A goal with no recognisable terms still gets a query: its own words, grammar words dropped. */
function contentWords(goal: string): string {
  const rest = parseGoalOptions(goal).rest;
  const terms = parseGoalTerms(rest);
  const picked = [...terms.names, ...terms.aspects];
  const words = tokens(rest).flatMap((t) => (t.kind === "word" ? [t.text] : []));
  return capWords(picked.length ? picked.join(" ") : words.join(" ")) || goal.slice(0, 100);
}

const capitalise = (s: string): string => (s ? s[0]?.toUpperCase() + s.slice(1) : s);

function dedupe(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items
    .map((i) => i.trim())
    .filter((i) => {
      const key = normalise(i);
      if (!key || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const without = (items: string[], remove: string[]): string[] => {
  const r = new Set(remove.map(normalise));
  return items.filter((i) => !r.has(normalise(i)));
};
