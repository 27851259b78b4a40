import type { RunConfigInput } from "../../agent/config";
import type { Arm } from "./results";

/**
 * What each arm switches off. The model persona, tools, faults and seeds are the same for all; only
 * the agent's executive functions differ.
 */
export const ARM_CONFIG: Record<Arm, RunConfigInput> = {
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

export const ARM_DESCRIPTIONS: Record<Arm, string> = {
  full: "working memory, validated plans with local repair and re-planning, rules-first monitor",
  baseline: "plain LLM + tools loop: whole history in context, no plan validation, no monitor, never asks",
  "no-monitor": "working memory and planner, no monitor (results accepted, failures retried unchanged)",
  "model-only-monitor": "working memory and planner; no rules, the model judges every result itself",
  "full-without-experience": "full, but recalls no lessons from earlier runs (sequence mode's control)",
};
