import { z } from "zod";

/**
 * A skill is one executive behaviour with a name: what fires it (a typed condition over the step's
 * signals), what the model contributes (the schema of its reply, if any), which code acts, and its
 * parameters. *prompt*: a template inserted into the model's context; *code*: deterministic logic;
 * *hybrid*: the model judges, code acts.
 */
export const SkillKind = z.enum(["prompt", "code", "hybrid"]);
export type SkillKind = z.infer<typeof SkillKind>;

/** The model calls a prompt skill can be inserted into. */
export const SkillPurpose = z.enum(["clarify", "plan", "repair", "execute", "assess", "reflect"]);
export type SkillPurpose = z.infer<typeof SkillPurpose>;

/** The tool's outcome at this step: none yet, ok, failed for good, or failed in a way that may pass. */
export const ToolStatus = z.enum(["none", "ok", "failed", "transient"]);
export type ToolStatus = z.infer<typeof ToolStatus>;

/** What a trigger can look at: the step's signals, recorded with every firing. */
export const SkillSignals = z.object({
  toolStatus: ToolStatus,
  /** The task's calibrated confidence; null before its first assessment (or for run-level steps). */
  confidence: z.number().min(0).max(1).nullable(),
  /** The task's attempt (1-based); null for run-level steps. */
  attempt: z.number().int().min(0).nullable(),
  /** Same call, same result 3 times. */
  repeating: z.boolean(),
  /** Iterations since a task last succeeded. */
  stagnation: z.number().int().min(0),
  /** The run's iteration. */
  step: z.number().int().min(0),
});
export type SkillSignals = z.infer<typeof SkillSignals>;

/**
 * A typed condition: every field given must hold (AND); absent fields do not constrain. Builtin
 * skills also name the gate signals (`on`) their rule answers to; prompt skills name the model calls
 * (`purposes`) and tools they apply to.
 */
export const SkillTrigger = z
  .object({
    on: z.array(z.string().min(1).max(60)).max(20).optional(),
    purposes: z.array(SkillPurpose).min(1).max(6).optional(),
    tools: z.array(z.string().min(1).max(60)).min(1).max(20).optional(),
    toolStatus: z.array(ToolStatus).min(1).max(4).optional(),
    confidenceBelow: z.number().min(0).max(1).optional(),
    confidenceAtLeast: z.number().min(0).max(1).optional(),
    attemptAtLeast: z.number().int().min(1).max(100).optional(),
    attemptAtMost: z.number().int().min(1).max(100).optional(),
    repeating: z.boolean().optional(),
    stagnationAtLeast: z.number().int().min(0).max(1_000).optional(),
    stepAtLeast: z.number().int().min(0).max(10_000).optional(),
    stepAtMost: z.number().int().min(0).max(10_000).optional(),
  })
  .strict();
export type SkillTrigger = z.infer<typeof SkillTrigger>;

export const SkillParameters = z.record(
  z.string().regex(/^[a-z][a-z0-9_]*$/),
  z.union([z.number(), z.boolean(), z.string().max(200)]),
);
export type SkillParameters = z.infer<typeof SkillParameters>;

const SkillId = z
  .string()
  .min(2)
  .max(60)
  .regex(/^[a-z][a-z0-9-]*$/, "Use lowercase letters, digits and dashes (e.g. check-figures).");

/** A skill as it is shown, stored and recorded: data only. */
export const SkillDeclaration = z.object({
  id: SkillId,
  name: z.string().trim().min(1).max(80),
  kind: SkillKind,
  description: z.string().max(500),
  trigger: SkillTrigger,
  /** What the model returns when the skill asks it (a schema's name and its fields), or null. */
  modelRole: z.object({ schema: z.string(), fields: z.array(z.string()) }).nullable(),
  /** Which code acts on the firing (a handler's name), or null for a prompt skill. */
  codeRole: z.string().nullable(),
  parameters: SkillParameters,
  /** Who decides the path the skill takes: code (rules) or the model (its reply picks the action). */
  decides: z.enum(["code", "model"]),
  builtin: z.boolean(),
});
export type SkillDeclaration = z.infer<typeof SkillDeclaration>;

/** A prompt skill a person adds (UI or JSON file): a template inserted into matching model calls. */
export const PromptSkillInput = z
  .object({
    id: SkillId,
    name: z.string().trim().min(1).max(80),
    description: z.string().trim().max(500).default(""),
    template: z.string().trim().min(1).max(2_000),
    trigger: SkillTrigger.refine(
      (t) => !t.on,
      "A prompt skill fires on its purposes, not on gate signals.",
    ).refine((t) => !!t.purposes, "Say which model calls the skill applies to (purposes)."),
  })
  .strict();
export type PromptSkillInput = z.input<typeof PromptSkillInput>;
export type PromptSkill = z.infer<typeof PromptSkillInput>;

/** Per run: which skills are off, and the prompt skills the run carries. */
export const SkillsConfig = z.object({
  disabled: z.array(SkillId).max(50).default([]),
  prompt: z.array(PromptSkillInput).max(20).default([]),
});
export type SkillsConfig = z.infer<typeof SkillsConfig>;

/** Does the trigger hold for these signals? (`on` is matched by the caller against the gate's signal.) */
export function triggerHolds(
  t: SkillTrigger,
  s: SkillSignals,
  call?: { purpose: SkillPurpose; tool: string | null },
): boolean {
  if (t.purposes && (!call || !t.purposes.includes(call.purpose))) return false;
  if (t.tools && (!call?.tool || !t.tools.includes(call.tool))) return false;
  if (t.toolStatus && !t.toolStatus.includes(s.toolStatus)) return false;
  if (t.confidenceBelow !== undefined && !(s.confidence !== null && s.confidence < t.confidenceBelow))
    return false;
  if (t.confidenceAtLeast !== undefined && !(s.confidence !== null && s.confidence >= t.confidenceAtLeast))
    return false;
  if (t.attemptAtLeast !== undefined && !(s.attempt !== null && s.attempt >= t.attemptAtLeast)) return false;
  if (t.attemptAtMost !== undefined && !(s.attempt !== null && s.attempt <= t.attemptAtMost)) return false;
  if (t.repeating !== undefined && t.repeating !== s.repeating) return false;
  if (t.stagnationAtLeast !== undefined && s.stagnation < t.stagnationAtLeast) return false;
  if (t.stepAtLeast !== undefined && s.step < t.stepAtLeast) return false;
  if (t.stepAtMost !== undefined && s.step > t.stepAtMost) return false;
  return true;
}
