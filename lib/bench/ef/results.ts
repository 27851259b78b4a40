import { z } from "zod";

/**
 * What `npm run bench` writes (results.json) and the /bench page reads. Validated on both sides:
 * a results file from another version or a hand-edited one is rejected with the field at fault.
 */

export const BaseArm = z.enum([
  "full",
  "baseline",
  "no-monitor",
  "model-only-monitor",
  "full-without-experience",
]);
export type BaseArm = z.infer<typeof BaseArm>;
/** The fixed arms (the default set is all but full-without-experience). */
export const ARMS = BaseArm.options;
/** `full` with one skill switched off: what that skill buys. */
export const SkillAblation = z.custom<`-skill:${string}`>(
  (v) => typeof v === "string" && /^-skill:[a-z][a-z0-9-]*$/.test(v),
  "an ablation arm is -skill:<skill id>",
);
export const Arm = z.union([BaseArm, SkillAblation]);
export type Arm = z.infer<typeof Arm>;

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

const TierUsage = z.object({
  tier: z.string(),
  calls: z.number().int(),
  escalated: z.number().int(),
  tokens: z.number(),
  costUsd: z.number(),
});

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
  /** Decision paths (skill firings) taken by a rule vs chosen by the model; share of code with its interval. */
  decisionPaths: z
    .object({ code: z.number().int(), model: z.number().int(), codeShare: Interval.nullable() })
    .default({ code: 0, model: 0, codeShare: null }),
  /** Model calls, tokens and cost per tier (routing). */
  tiers: z.array(TierUsage).default([]),
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
  /** Decision paths (skill firings) taken by a rule and chosen by the model. */
  codePaths: z.number().int().default(0),
  modelPaths: z.number().int().default(0),
  /** Firings per skill. */
  skillFirings: z.record(z.string(), z.number().int()).default({}),
  /** Model calls per tier. */
  tiers: z.array(TierUsage).default([]),
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
