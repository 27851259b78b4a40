import type { RunConfigInput } from "../../agent/config";
import { builtinSkill } from "../../skills/builtin";
import { switchableSkills } from "../../skills/registry";
import type { Arm, BaseArm } from "./results";

/**
 * What each arm switches off. The model persona, tools, faults and seeds are the same for all; only
 * the agent's executive functions differ.
 */
export const ARM_CONFIG: Record<BaseArm, RunConfigInput> = {
  full: {},
  // A plain LLM + tools loop: one step at a time, the whole history in every prompt, the first plan
  // as proposed, every returned result accepted, failures retried unchanged, never asks or re-plans.
  baseline: {
    concurrency: 1,
    maxTaskFailures: 3,
    executive: {
      workingMemory: false,
      planValidation: false,
      monitor: "off",
      askUser: false,
      replan: false,
    },
  },
  "no-monitor": { executive: { monitor: "off" } },
  "model-only-monitor": { executive: { monitor: "model" } },
  // Everything on but lessons from earlier runs (only differs from `full` in sequence mode).
  "full-without-experience": { executive: { experience: false } },
};

export const ARM_DESCRIPTIONS: Record<BaseArm, string> = {
  full: "working memory, validated plans with local repair and re-planning, rules-first monitor",
  baseline: "plain LLM + tools loop: whole history in context, no plan validation, no monitor, never asks",
  "no-monitor": "working memory and planner, no monitor (results accepted, failures retried unchanged)",
  "model-only-monitor": "working memory and planner; no rules, the model judges every result itself",
  "full-without-experience": "full, but recalls no lessons from earlier runs (sequence mode's control)",
};

const PREFIX = "-skill:";
/** The skill an ablation arm switches off, or null for a fixed arm. */
export const ablatedSkill = (arm: Arm): string | null =>
  arm.startsWith(PREFIX) ? arm.slice(PREFIX.length) : null;

/** Why an arm name is unusable (an ablation of a skill that cannot be switched off), or null. */
export function armProblem(arm: string): string | null {
  if ((Object.keys(ARM_CONFIG) as string[]).includes(arm)) return null;
  if (!arm.startsWith(PREFIX)) return `Unknown arm ${arm}.`;
  const id = arm.slice(PREFIX.length);
  const known = switchableSkills();
  return known.includes(id) ? null : `No skill "${id}" to ablate: use one of ${known.join(", ")}.`;
}

/** The run config of an arm: a fixed arm's, or `full` with one skill switched off. */
export function armConfig(arm: Arm): RunConfigInput {
  const skill = ablatedSkill(arm);
  return skill ? { skills: { disabled: [skill] } } : ARM_CONFIG[arm as BaseArm];
}

export function armDescription(arm: Arm): string {
  const skill = ablatedSkill(arm);
  if (!skill) return ARM_DESCRIPTIONS[arm as BaseArm];
  return `full without the skill "${builtinSkill(skill)?.name ?? skill}" (${skill}): its rule is skipped and the next one decides`;
}
