import { z } from "zod";

/**
 * What `npm run bench` writes (results.json) and the /bench page reads. Validated on both sides:
 * a results file from another version or a hand-edited one is rejected with the field at fault.
 */

export const Arm = z.enum([
  "full",
  "baseline",
  "no-monitor",
  "model-only-monitor",
  "full-without-experience",
]);
export type Arm = z.infer<typeof Arm>;
export const ARMS = Arm.options;

export const Category = z.enum(["missing_info", "tool_failure", "goal_drift", "dependent_steps"]);
export type Category = z.infer<typeof Category>;
export const CATEGORIES = Category.options;

/** A point estimate with its 95% interval (Wilson for rates, percentile bootstrap for means). */
export const Interval = z.object({
  value: z.number(),
  low: z.number(),
  high: z.number(),
  /** How many observations it rests on. */
  n: z.number().int().min(0),
});
export type Interval = z.infer<typeof Interval>;

export const Summary = z.object({
  arm: Arm,
  /** "all" or one category. */
  category: z.union([Category, z.literal("all")]),
  runs: z.number().int(),
  successes: z.number().int(),
  success: Interval,
  /** τ-bench's pass^k: the chance that k runs of the same scenario (different seeds) all succeed. */
  passK: z.array(z.object({ k: z.number().int(), value: z.number() })),
  toolCalls: Interval,
  modelCalls: Interval,
  tokens: Interval,
  /** Reflections per run; justified = a fault or a real defect was present at the reflected task. */
  reflections: z.object({
    perRun: Interval,
    justified: z.number().int(),
    spurious: z.number().int(),
    /** Share of runs with at least one reflection. */
    triggerRate: Interval,
    justifiedRate: Interval.nullable(),
  }),
  /** Share of reflections and repairs after which the task (or its replacement) succeeded. */
  repairEffectiveness: Interval.nullable(),
  /** Share of scored decisions that matched the scenario's correct decision. */
  gateAccuracy: Interval.nullable(),
  askUser: z.object({ precision: Interval.nullable(), recall: Interval.nullable() }),
  /** Executions of a task that had already succeeded (must be 0 in `full`). */
  reruns: z.number().int(),
  /** Simulated wall time / critical-path lower bound of the final plan, over runs that finished. */
  wallRatio: Interval.nullable(),
});
export type Summary = z.infer<typeof Summary>;

export const CaseResult = z.object({
  scenarioId: z.string(),
  category: Category,
  arm: Arm,
  seed: z.number().int(),
  success: z.boolean(),
  /** Every milestone missed, minefield hit and check failed, one line each; empty on success. */
  failures: z.array(z.string()),
  runId: z.string(),
  status: z.string(),
  toolCalls: z.number().int(),
  modelCalls: z.number().int(),
  tokens: z.number().int(),
  reflections: z.number().int(),
  justifiedReflections: z.number().int(),
  spuriousReflections: z.number().int(),
  /** Reflections and repairs, and how many were followed by success of the task (or the run). */
  interventions: z.number().int(),
  effectiveInterventions: z.number().int(),
  /** Decisions scored against the scenario's expected decision after a fault, and how many matched. */
  gateScored: z.number().int(),
  gateCorrect: z.number().int(),
  reruns: z.number().int(),
  askedUser: z.number().int(),
  /** The scenario needs a person's input to succeed. */
  needsUser: z.boolean(),
  wallMs: z.number(),
  criticalPathMs: z.number().nullable(),
  /** The scenario's faults that never fired in this run (`#index kind on tool (match)`): untested. */
  unfiredFaults: z.array(z.string()).default([]),
  /** The run's events as JSON Lines, relative to the results folder; kept for failed cases. */
  eventsFile: z.string().nullable(),
});
export type CaseResult = z.infer<typeof CaseResult>;

export const Target = z.object({
  name: z.string(),
  target: z.string(),
  measured: z.string(),
  met: z.boolean(),
});
export type Target = z.infer<typeof Target>;

export const BenchResults = z.object({
  version: z.literal(1),
  startedAt: z.string(),
  finishedAt: z.string(),
  durationMs: z.number(),
  settings: z.object({
    seeds: z.number().int(),
    arms: z.array(Arm),
    workers: z.number().int(),
    /** The model measured: `builtin` (with persona noise) or `openai:<model>`; older files: builtin. */
    model: z.string().default("builtin"),
    scenarioSources: z.array(z.string()),
  }),
  scenarios: z.array(z.object({ id: z.string(), category: Category, title: z.string() })),
  summaries: z.array(Summary),
  targets: z.array(Target),
  cases: z.array(CaseResult),
});
export type BenchResults = z.infer<typeof BenchResults>;
