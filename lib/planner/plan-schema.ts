import { z } from "zod";

/**
 * A success criterion that a rule can check against a tool's output, without a model.
 * `field` is a dotted path into the output (`results`, `facts`, `report.markdown`).
 */
export const Criterion = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("min_count"),
    field: z.string().min(1),
    min: z.number().int().min(1),
    description: z.string().optional(),
  }),
  z.object({ kind: z.literal("non_empty"), field: z.string().min(1), description: z.string().optional() }),
  z.object({
    kind: z.literal("matches"),
    field: z.string().min(1),
    pattern: z.string().min(1).max(200),
    description: z.string().optional(),
  }),
  z.object({
    kind: z.literal("includes_all"),
    field: z.string().min(1),
    values: z.array(z.string().min(1)).min(1),
    description: z.string().optional(),
  }),
]);
export type Criterion = z.infer<typeof Criterion>;

export const TaskSpec = z.object({
  id: z.string().min(1).max(64),
  title: z.string().min(1).max(200),
  tool: z.string().min(1),
  /** Tool input fixed by the planner; the executor completes it from upstream results. */
  input: z.record(z.string(), z.unknown()).default({}),
  dependencies: z.array(z.string()).default([]),
  successCriteria: z.array(Criterion),
  expectedOutput: z.string().max(500).default(""),
  /** The task whose output is the run's deliverable. */
  deliverable: z.boolean().default(false),
});
export type TaskSpec = z.infer<typeof TaskSpec>;

export const TaskGraph = z.object({
  rationale: z.string().max(2000).default(""),
  tasks: z.array(TaskSpec),
});
export type TaskGraph = z.infer<typeof TaskGraph>;

/**
 * The constraint line the run adds after checking the request's names against the library: the
 * names no document mentions ("Not in the library: LatAm; Brazil"). Whatever model writes the
 * report reads it there, and says so instead of leaving the name out in silence.
 */
export const NOT_IN_LIBRARY = "Not in the library:";

/** The names a spec's constraint line records as in no document; null when the spec records no check. */
export function absentNames(constraints: readonly string[]): string[] | null {
  const line = constraints.find((c) => c.startsWith(NOT_IN_LIBRARY));
  if (!line) return null;
  return line
    .slice(NOT_IN_LIBRARY.length)
    .split(";")
    .map((x) => x.trim())
    .filter(Boolean);
}

/**
 * The constraint line for the request's topics of ordinary words that no document in the index
 * holds ("mining" beside "oil and gas"): left out of the plan, and said in the report to be
 * missing rather than dropped in silence.
 */
export const NOT_INDEXED = "Not in the library index:";

/** The topics a spec records as in no document's words. */
export function unindexedTopics(constraints: readonly string[]): string[] {
  const line = constraints.find((c) => c.startsWith(NOT_INDEXED));
  return line
    ? line
        .slice(NOT_INDEXED.length)
        .split(";")
        .map((x) => x.trim())
        .filter(Boolean)
    : [];
}

/** The clarified goal: what to deliver, to whom, under which constraints, judged how. */
export const GoalSpec = z.object({
  deliverable: z.string().min(1),
  audience: z.string().min(1),
  constraints: z.array(z.string()).default([]),
  acceptanceCriteria: z.array(z.string()).default([]),
  /** Terms the research must cover (entities, facets). */
  topics: z.array(z.string()).default([]),
  compare: z.boolean().default(false),
});
export type GoalSpec = z.infer<typeof GoalSpec>;

const ClarifyingQuestion = z.object({ prompt: z.string().min(1), choices: z.array(z.string()).default([]) });

/**
 * Exactly one of `spec` (the goal can be planned) and `question` (it is too vague: ask). Two
 * alternatives rather than two nullable fields, so a grammar-constrained model cannot answer
 * neither (both null was the path a weak model took every time).
 */
export const Clarification = z.union([
  z.object({ spec: GoalSpec, question: z.null().default(null), reason: z.string().default("") }),
  z.object({ spec: z.null(), question: ClarifyingQuestion, reason: z.string().default("") }),
]);
export type Clarification = z.infer<typeof Clarification>;

export const taskGraphJsonSchema = () => z.toJSONSchema(TaskGraph, { io: "input" });
