import { z } from "zod";
import { isCommonWord } from "../../language/english";
import { splitSentences } from "../../tools/sentences";
import type { TaskInput } from "../model-context";
import type { Superseded } from "./superseded";
import { ruledOutBy } from "./text";

/**
 * Upstream tool outputs as this model uses them. They arrive as `unknown`, so each shape is
 * parsed leniently: an output that does not fit is ignored, never trusted half-way.
 */

const Hit = z.object({
  docId: z.string(),
  title: z.string().default(""),
  source: z.string().default(""),
  lang: z.string().default(""),
  score: z.number().default(0),
});
const SearchData = z.object({ query: z.string().default(""), results: z.array(Hit) });
const Figure = z.object({ name: z.string(), value: z.string() });
const ReadDoc = z.object({
  docId: z.string(),
  title: z.string().default(""),
  source: z.string().default(""),
  published: z.string().default(""),
  text: z.string().default(""),
  figures: z.array(Figure).default([]),
});
const ReadData = z.object({ documents: z.array(ReadDoc) });
const ExtractData = z.object({
  topic: z.string().default(""),
  facts: z.array(z.object({ text: z.string(), docId: z.string(), title: z.string().default("") })),
  figures: z.array(z.object({ docId: z.string(), name: z.string(), value: z.string() })).default([]),
});

const CalculateData = z.object({
  label: z.string(),
  operation: z.string().optional(),
  /** The result unrounded: what a later calculation takes, so rounding does not compound. */
  value: z.number().optional(),
  formatted: z.string(),
  formula: z.string(),
  docIds: z.array(z.string()).default([]),
  /** The calculation task that made it (set when read upstream). */
  taskId: z.string().optional(),
  /** The figures it used, as given: the first is what a rate or an extra adjusted. */
  inputs: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
  /** A calculation made for each item of a list: one row per item. */
  rows: z
    .array(
      z.object({
        label: z.string(),
        value: z.number(),
        formatted: z.string(),
        formula: z.string(),
        docIds: z.array(z.string()).default([]),
      }),
    )
    .optional(),
});
export type Derivation = z.infer<typeof CalculateData>;

/** A task a person answered instead of a tool: its output is the answer. */
const PersonAnswer = z.object({ answer: z.string().min(1) });

export type SearchData = z.infer<typeof SearchData> & { taskId: string };
export type ReadDoc = z.infer<typeof ReadDoc>;

export interface Fact {
  text: string;
  docId: string;
  title: string;
  /** The extract topic it answered ("" when taken straight from a read document). */
  topic: string;
  /** Position across all upstream facts: the tie-breaker that keeps selection deterministic. */
  order: number;
}

export interface FigureClaim {
  name: string;
  value: string;
  docId: string;
}

/** What a person supplied when asked (the library did not have it). */
export interface Answer {
  taskId: string;
  by: string;
  text: string;
}

export interface Upstream {
  searches: SearchData[];
  answers: Answer[];
  /** Documents read upstream, first read first, each once. */
  reads: ReadDoc[];
  /** Every read of every document, a document read twice twice: what settles a garbled read. */
  readings?: ReadDoc[];
  facts: Fact[];
  /** Key figures matched to an extract topic (the tools' claims). */
  figures: FigureClaim[];
  /** Figures the calculate tool derived, with their formulas. */
  derived: Derivation[];
  /** Forecasts a later document overtook (`withoutSuperseded`): no longer among the figures. */
  superseded?: Superseded[];
}

export function readUpstream(inputs: readonly TaskInput[]): Upstream {
  const up: Upstream = {
    searches: [],
    answers: [],
    reads: [],
    readings: [],
    facts: [],
    figures: [],
    derived: [],
  };
  const readIds = new Set<string>();
  for (const input of inputs) {
    const answered = PersonAnswer.safeParse(input.data);
    if (answered.success) {
      const m = /^Answered by (.+?): ([\s\S]*)$/.exec(answered.data.answer);
      up.answers.push({
        taskId: input.taskId,
        by: m?.[1] ?? "a reviewer",
        text: (m?.[2] ?? answered.data.answer).trim(),
      });
      continue;
    }
    if (input.tool === "search") {
      const data = SearchData.safeParse(input.data);
      if (data.success) up.searches.push({ ...data.data, taskId: input.taskId });
    } else if (input.tool === "read") {
      const data = ReadData.safeParse(input.data);
      for (const doc of data.success ? data.data.documents : []) {
        up.readings?.push(doc);
        if (readIds.has(doc.docId)) continue;
        readIds.add(doc.docId);
        up.reads.push(doc);
      }
    } else if (input.tool === "calculate") {
      const data = CalculateData.safeParse(input.data);
      if (data.success) up.derived.push({ ...data.data, taskId: input.taskId });
    } else if (input.tool === "extract") {
      const data = ExtractData.safeParse(input.data);
      if (!data.success) continue;
      for (const fact of data.data.facts) {
        up.facts.push({ ...fact, topic: data.data.topic, order: up.facts.length });
      }
      up.figures.push(...data.data.figures);
    }
  }
  return up;
}

/** Ids of the documents read upstream: the only ones a citation may name. */
export const readIds = (up: Upstream): Set<string> => new Set(up.reads.map((d) => d.docId));

/**
 * Search hits merged across searches, rank by rank (scores are comparable only within one
 * query), each document once; hits whose title or source marks them weak go last.
 */
export function rankedHits(
  up: Upstream,
  lang: string,
  isWeak: (text: string) => boolean,
  /** A search whose hits come before all others (in their own order). */
  preferred: string | null = null,
): string[] {
  const tiers: [string[], string[], string[]] = [[], [], []];
  const seen = new Set<string>();
  const first = preferred ? (up.searches.find((s) => s.taskId === preferred)?.results ?? []) : [];
  const lead = first.map((h) => h.docId).filter((id) => !seen.has(id) && seen.add(id));
  const longest = Math.max(0, ...up.searches.map((s) => s.results.length));
  for (let rank = 0; rank < longest; rank++) {
    for (const s of up.searches) {
      const hit = s.results[rank];
      if (!hit || seen.has(hit.docId)) continue;
      seen.add(hit.docId);
      tiers[isWeak(`${hit.title} ${hit.source}`) ? 2 : hit.lang && hit.lang !== lang ? 1 : 0].push(hit.docId);
    }
  }
  // The report's language first, then the other language; weak sources (vendor blogs, archived releases) last.
  return [...lead, ...tiers.flat()];
}

/**
 * The upstream results within the request's scope: what it rules out ("leave Asia-Pacific out")
 * is dropped from facts, figures and the read texts' sentences, so no later step — a section, a
 * table, a calculation — presents it as a finding.
 */
export function inScope(up: Upstream, excluded: readonly string[]): Upstream {
  if (excluded.length === 0) return up;
  const out = ruledOutBy(excluded);
  const offTopic = new Set(up.reads.filter((d) => out(d.title)).map((d) => d.docId));
  // "Cortexa uses the BSL … It has 21,000 stars": a sentence that goes with its paragraph's subject.
  const carried = new Set(up.reads.flatMap((d) => carriedOut(d.text, out)));
  return {
    ...up,
    facts: up.facts.flatMap((f) => {
      const text = offTopic.has(f.docId) || carried.has(f.text.trim()) ? null : listWithout(f.text, out);
      return text ? [{ ...f, text }] : [];
    }),
    figures: up.figures.filter((f) => !out(f.name) && !offTopic.has(f.docId)),
    // A document about what is ruled out ("Project X Asia-Pacific outlook") says nothing in scope.
    reads: up.reads.map((d) =>
      out(d.title)
        ? { ...d, figures: [], text: "" }
        : {
            ...d,
            figures: d.figures.filter((f) => !out(f.name)),
            text: d.text
              .split(/\n\s*\n/)
              .map((p) =>
                splitSentences(p)
                  .flatMap((s) => {
                    const kept = carried.has(s.trim()) ? null : listWithout(s, out);
                    return kept ? [kept] : [];
                  })
                  .join(" "),
              )
              .join("\n\n"),
          },
    ),
  };
}

/**
 * Sentences after one that opens on what is ruled out ("Cortexa uses the BSL …"), in the same
 * paragraph, that name nothing else ("Several legal teams have blocked it. It has 21,000 stars …"):
 * they are about it too.
 */
function carriedOut(text: string, out: (text: string) => boolean): string[] {
  const carried: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    let subjectOut = false;
    for (const sentence of splitSentences(paragraph)) {
      const words = sentence.trim().split(/\s+/);
      if (out(words.slice(0, 3).join(" "))) subjectOut = true;
      // One naming it again keeps the paragraph on it (and goes as a sentence that names it).
      else if (subjectOut && out(sentence)) continue;
      else if (subjectOut && !namesSomething(words)) carried.push(sentence.trim());
      else subjectOut = false;
    }
  }
  return carried;
}

/** A capitalised word past the first, or a first word that is no common word: a name. */
const namesSomething = (words: readonly string[]): boolean =>
  words.some((w, i) => /^\p{Lu}/u.test(w) && (i > 0 || !isCommonWord(w.replace(/[^\p{L}]/gu, ""))));

/**
 * A sentence without what is ruled out. A list ("USD 0.47 for Braidline, USD 0.52 for Loomwork and
 * USD 0.80 for Cortexa") keeps its other items; a sentence whose main clause names what is ruled
 * out, or that has nothing else left, goes.
 */
function listWithout(sentence: string, out: (text: string) => boolean): string | null {
  if (!out(sentence)) return sentence;
  const parts = sentence.replace(/[.;]\s*$/, "").split(/,\s+(?:and\s+|or\s+)?|\s+and\s+/);
  const kept = parts.filter((p) => !out(p));
  if (kept.length < 2 || kept[0] !== parts[0]) return null;
  return `${kept.join(", ")}.`;
}
