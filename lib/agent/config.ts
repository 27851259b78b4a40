import { z } from "zod";
import { RoutingPolicy } from "../llm/routing";
import { skillsConfigProblem } from "../skills/registry";
import { SkillsConfig } from "../skills/skill";
import { ToolFault } from "../tools/faults";

/**
 * Which executive functions are switched on. All of them by default; switching some off is for
 * ablation studies (EF-Bench's arms) and for seeing in the debugger what each one buys.
 */
export const ExecutiveConfig = z.object({
  /** Off: prompts carry the whole history (every earlier result) instead of working memory. */
  workingMemory: z.boolean().default(true),
  /** Off: the first proposed task graph is installed as it is, cycles and all. */
  planValidation: z.boolean().default(true),
  /**
   * `rules`: rules first, the model only when they cannot decide. `model`: no rules, the model
   * judges every result itself. `off`: a result that returned is accepted, a failure is retried
   * unchanged until maxTaskFailures, then given up.
   */
  monitor: z.enum(["rules", "model", "off"]).default("rules"),
  /** Off: never asks a person (a goal too vague to plan fails instead). */
  askUser: z.boolean().default(true),
  /** Off: never re-plans (blocked runs fail, amended goals leave the plan as it is). */
  replan: z.boolean().default(true),
  /**
   * Off: no lessons from earlier runs are recalled (nothing is injected into working memory and the
   * monitor decides as if it had no experience). Lessons are still learned from the run.
   */
  experience: z.boolean().default(true),
});
export type ExecutiveConfig = z.infer<typeof ExecutiveConfig>;

/** Every knob of a run, validated at the edge; defaults follow DESIGN.md. */
export const RunConfig = z.object({
  concurrency: z.number().int().min(1).max(8).default(3),
  memoryCapacity: z.number().int().min(10).max(500).default(50),
  decay: z.number().min(0.5).max(1).default(0.95),
  contradictionPenalty: z.number().min(0.1).max(1).default(0.7),
  confidenceThreshold: z.number().min(0.3).max(0.95).default(0.65),
  /** Width below the threshold in which rules are undecided and the model assesses. */
  grayZone: z.number().min(0).max(0.3).default(0.15),
  /** After this many failed attempts a task is repaired instead of retried. */
  maxTaskFailures: z.number().int().min(1).max(5).default(2),
  toolRetries: z.number().int().min(0).max(5).default(2),
  toolBackoffMs: z.number().int().min(0).max(10_000).default(250),
  globalRetryCap: z.number().int().min(1).max(100).default(10),
  maxTasks: z.number().int().min(1).max(1_000).default(15),
  /**
   * Tasks a local repair may add beyond `maxTasks`: a plan fills its budget, and a calculation
   * whose input no read brought needs a search and a read before it can run again.
   */
  repairAllowance: z.number().int().min(0).max(10).default(2),
  maxPlanRepairs: z.number().int().min(0).max(10).default(3),
  maxReflectionsPerTask: z.number().int().min(1).max(10).default(2),
  reflectionRounds: z.number().int().min(1).max(10).default(3),
  stagnationIterations: z.number().int().min(2).max(100).default(5),
  /**
   * How long a question waits for a person (ms of the run's clock), or null to wait without end.
   * At the deadline the question's stated default applies: the run goes on without the step, or,
   * when nothing safe can be assumed, it ends honestly with what it has (`unanswered`).
   */
  questionDeadlineMs: z
    .number()
    .int()
    .min(1_000)
    .max(30 * 86_400_000)
    .nullable()
    .default(86_400_000),
  promptBudgetChars: z.number().int().min(500).max(100_000).default(6_000),
  /** Faults injected into tools by the environment (chaos testing); the agent never reads them. */
  faults: z.array(ToolFault).max(20).default([]),
  executive: ExecutiveConfig.prefault({}),
  /** Skills switched off (ablations) and prompt skills added for this run (lib/skills). */
  skills: SkillsConfig.prefault({}).superRefine((c, ctx) => {
    const problem = skillsConfigProblem(c);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  /** Which model tier each purpose asks, and how far a failing purpose escalates (lib/llm/routing). */
  routing: RoutingPolicy.prefault({}),
  /**
   * Record each model call's rendered prompt and raw reply in its model.called event, cut to
   * `maxChars` (prompt and reply together). The service turns it off by default on a shared
   * PostgreSQL (prompts quote private documents and multiply the log); local runs keep it on.
   */
  prompts: z
    .object({
      record: z.boolean().default(true),
      maxChars: z.number().int().min(1_000).max(200_000).default(20_000),
    })
    .prefault({}),
  budgets: z
    .object({
      iterations: z.number().int().min(1).max(10_000).default(60),
      toolCalls: z.number().int().min(1).max(100_000).default(300),
      tokens: z.number().int().min(1).max(100_000_000).default(2_000_000),
      wallMs: z
        .number()
        .int()
        .min(1_000)
        .max(24 * 3_600_000)
        .default(30 * 60_000),
    })
    .prefault({}),
});
export type RunConfig = z.infer<typeof RunConfig>;
export type RunConfigInput = z.input<typeof RunConfig>;

export const defaultRunConfig = (): RunConfig => RunConfig.parse({});

/** The goal as a user types it: trimmed, 1..4,000 characters. */
export const Goal = z
  .string()
  .trim()
  .min(1, "The goal is empty: say what the agent should research or produce.")
  .max(4_000, "The goal is longer than 4,000 characters: shorten it or attach the detail as a document.");

const allOn = ExecutiveConfig.parse({});
/** The run's executive switches; runs recorded before the switches existed had them all on. */
export const executiveOf = (config: RunConfig): ExecutiveConfig => config.executive ?? allOn;
