import type { RunConfig } from "../agent/config";
import type { SkillDeclaration } from "./skill";

type Builtin = Omit<SkillDeclaration, "builtin" | "parameters"> & {
  parameters: (c: RunConfig) => SkillDeclaration["parameters"];
};

const none = () => ({});
const reflection = {
  schema: "reflection",
  fields: ["five answers", "action", "hint", "question", "conclusion"],
};

/**
 * The monitor's behaviours, named. Each gate rule, reflection, repair and re-plan path answers to one
 * skill, in the order the gate tries them; switching a skill off (an ablation) skips its rule and
 * lets the next one decide. Parameters are read from the run's config, so the registry shows the
 * values a run actually used.
 */
const BUILTIN: Builtin[] = [
  {
    id: "repetition-guard",
    name: "Repetition guard",
    kind: "code",
    description: "The same call returned the same result 3 times: repeating it will not help, so repair.",
    trigger: { on: ["repetition"], repeating: true },
    modelRole: null,
    codeRole: "gate.repetition",
    parameters: () => ({ repeat_threshold: 3 }),
    decides: "code",
  },
  {
    id: "rejected-call-guard",
    name: "Rejected-call guard",
    kind: "code",
    description: "The model proposed the call just rejected: it is not executed, the task is reflected on.",
    trigger: { on: ["repeated_call"], toolStatus: ["failed"] },
    modelRole: null,
    codeRole: "gate.repeated_call",
    parameters: (c) => ({ max_reflect_loops: c.maxReflectionsPerTask }),
    decides: "code",
  },
  {
    id: "tool-retry-backoff",
    name: "Tool retry with backoff",
    kind: "code",
    description: "A transient tool error is tried again inside the attempt, after an exponential backoff.",
    trigger: { on: ["tool_transient"], toolStatus: ["transient"] },
    modelRole: null,
    codeRole: "executor.retry",
    parameters: (c) => ({ tool_retries: c.toolRetries, backoff_ms: c.toolBackoffMs }),
    decides: "code",
  },
  {
    id: "retry",
    name: "Retry the task",
    kind: "code",
    description:
      "A transient or schema-invalid failure gets a new attempt (bounded per task and per run); garbled figures are fetched again.",
    trigger: {
      on: ["transient_error", "schema_invalid", "inconsistent_source", "global_retry_cap"],
      toolStatus: ["transient", "failed", "ok"],
    },
    modelRole: null,
    codeRole: "gate.retry",
    parameters: (c) => ({ max_task_failures: c.maxTaskFailures, global_retry_cap: c.globalRetryCap }),
    decides: "code",
  },
  {
    id: "escalation-limit",
    name: "Escalation limit",
    kind: "code",
    description: "A task that was already repaired once is not repaired again: a person decides.",
    trigger: { on: ["escalation_limit"] },
    modelRole: null,
    codeRole: "gate.escalate",
    parameters: () => ({ max_repairs_per_task: 1 }),
    decides: "code",
  },
  {
    id: "plan-repair",
    name: "Local plan repair",
    kind: "hybrid",
    description:
      "A permanent or repeated failure: the model proposes a local repair (rewrite, insert a fix task, skip), the planner's rules validate it; no valid repair means a re-plan.",
    trigger: { on: ["permanent_error", "repeated_failure", "reflection_limit", "repair_failed"] },
    modelRole: { schema: "repair_proposal", fields: ["action", "task", "reason"] },
    codeRole: "planner.applyRepair",
    parameters: (c) => ({ max_plan_repairs: c.maxPlanRepairs }),
    decides: "code",
  },
  {
    id: "contradiction-check",
    name: "Contradiction check",
    kind: "hybrid",
    description:
      "The result disagrees with earlier results: reflect on it before going on; later steps see the value more sources give (a figure's sources settled, a garbled quote re-quoted).",
    trigger: { on: ["contradiction"], toolStatus: ["ok"] },
    modelRole: reflection,
    codeRole: "memory.findContradictions, monitor.settleFigures",
    parameters: (c) => ({ contradiction_penalty: c.contradictionPenalty }),
    decides: "code",
  },
  {
    id: "criteria-accept",
    name: "Accept on criteria",
    kind: "code",
    description: "Every success criterion is met at a confidence at or above the threshold: go on.",
    trigger: { on: ["criteria_met"], toolStatus: ["ok"] },
    modelRole: null,
    codeRole: "gate.criteria_met",
    parameters: (c) => ({ confidence_threshold: c.confidenceThreshold }),
    decides: "code",
  },
  {
    id: "model-assess",
    name: "Model assessment",
    kind: "hybrid",
    description:
      "The rules are undecided (criteria met, confidence just under the threshold): the model accepts or not, its confidence capped by the rules'.",
    trigger: { on: ["model_assessment"], toolStatus: ["ok"] },
    modelRole: { schema: "assessment", fields: ["accept", "confidence", "reason"] },
    codeRole: "gate.gray_zone",
    parameters: (c) => ({ gray_zone: c.grayZone, confidence_threshold: c.confidenceThreshold }),
    decides: "model",
  },
  {
    id: "reflect",
    name: "Structured reflection",
    kind: "hybrid",
    description:
      "Criteria unmet or confidence low: the model answers five fixed questions and picks one action, which the gate then applies.",
    trigger: {
      on: ["criteria_unmet", "low_confidence", "reflection", "reflection_failed"],
    },
    modelRole: reflection,
    codeRole: "gate.reflect",
    parameters: (c) => ({
      max_reflect_loops: c.maxReflectionsPerTask,
      rounds_kept: c.reflectionRounds,
    }),
    decides: "model",
  },
  {
    id: "change-direction",
    name: "Change direction",
    kind: "code",
    description:
      "A reflection reached a conclusion already reached for this task: retry or accept become a repair, a repaired task goes to a person.",
    trigger: { on: ["repeated_conclusion"] },
    modelRole: null,
    codeRole: "reflection.changeDirection",
    parameters: none,
    decides: "code",
  },
  {
    id: "stagnation-replan",
    name: "Stagnation re-plan",
    kind: "hybrid",
    description: "No task succeeded for several iterations: re-plan what remains (done tasks are kept).",
    trigger: { on: ["stagnation"] },
    modelRole: { schema: "task_graph", fields: ["tasks"] },
    codeRole: "planner.mergeReplan",
    parameters: (c) => ({ stagnation_iterations: c.stagnationIterations }),
    decides: "code",
  },
  {
    id: "blocked-replan",
    name: "Blocked re-plan",
    kind: "hybrid",
    description:
      "Nothing can run and failed tasks block the deliverable: re-plan around them (at most twice).",
    trigger: { on: ["blocked"] },
    modelRole: { schema: "task_graph", fields: ["tasks"] },
    codeRole: "planner.mergeReplan",
    parameters: () => ({ max_replans: 2 }),
    decides: "code",
  },
  {
    id: "ask-pricing",
    name: "Priced question",
    kind: "code",
    description:
      "Before asking a person: block only when the deliverable cannot be written without the answer; otherwise skip the gap and state it.",
    trigger: { on: ["question_priced"] },
    modelRole: null,
    codeRole: "monitor.priceQuestion",
    parameters: none,
    decides: "code",
  },
  {
    id: "user-answer",
    name: "Take a person's answer",
    kind: "code",
    description: "A person supplied what the task needed: the task is done.",
    trigger: { on: ["user_answer"] },
    modelRole: null,
    codeRole: "gate.user_answer",
    parameters: none,
    decides: "code",
  },
  {
    id: "plain-loop",
    name: "Plain loop (no monitor)",
    kind: "code",
    description: "With the monitor off: accept what returned, retry failures unchanged, then give up.",
    trigger: { on: ["no_monitor"] },
    modelRole: null,
    codeRole: "settle.unmonitored",
    parameters: (c) => ({ max_task_failures: c.maxTaskFailures }),
    decides: "code",
  },
];

/** The builtin skills with the parameters this config gives them. */
export function builtinSkills(config: RunConfig): SkillDeclaration[] {
  return BUILTIN.map((b) => ({ ...b, parameters: b.parameters(config), builtin: true }));
}

export const BUILTIN_SKILL_IDS: readonly string[] = BUILTIN.map((b) => b.id);

const bySignal = new Map<string, string>();
for (const b of BUILTIN) for (const s of b.trigger.on ?? []) bySignal.set(s, b.id);

/** The builtin skill whose rule answers to a decision's trigger; null for a trigger no skill owns. */
export function skillForSignal(trigger: string): string | null {
  return bySignal.get(trigger) ?? null;
}

/** The builtin declaration (for the kind of a firing). */
export function builtinSkill(id: string): Builtin | undefined {
  return BUILTIN.find((b) => b.id === id);
}

/** Signals whose decision the model's reply chose; every other decision was taken by a rule. */
const MODEL_DECIDED = new Set(["model_assessment", "reflection"]);
export const decidedBy = (trigger: string): "code" | "model" =>
  MODEL_DECIDED.has(trigger) ? "model" : "code";

/** Skills a run cannot switch off: they stand for a person's answer and for the monitor being off. */
export const FIXED_SKILLS: readonly string[] = ["user-answer", "plain-loop"];
