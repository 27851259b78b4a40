import { z } from "zod";
import type { ModelContext } from "../model-context";

/** The model's verdict on a result the rules could not decide (criteria met, confidence in the gray zone). */
export const AssessOutput = z.object({
  accept: z.boolean(),
  confidence: z.number().min(0).max(1),
  reason: z.string(),
});
export type AssessOutput = z.infer<typeof AssessOutput>;

type AssessContext = Extract<ModelContext, { purpose: "assess" }>;

/**
 * The builtin model has no judgement beyond the rules: it accepts exactly when every criterion
 * is met and keeps the rules' confidence, saying which criteria decided it.
 */
export function assess(ctx: AssessContext): AssessOutput {
  const unmet = ctx.criteria.filter((c) => !c.met);
  const confidence = Math.min(1, Math.max(0, ctx.ruleConfidence));
  if (unmet.length === 0) {
    return {
      accept: true,
      confidence,
      reason: `All ${ctx.criteria.length} criteria of ${ctx.task.id} are met (${ctx.criteria.map((c) => `${c.description}: ${c.detail}`).join("; ") || "none listed"}); confidence stays at the rules' ${confidence.toFixed(2)}.`,
    };
  }
  return {
    accept: false,
    confidence,
    reason: `${unmet.length} of ${ctx.criteria.length} criteria of ${ctx.task.id} are not met: ${unmet.map((c) => `${c.description} (${c.detail})`).join("; ")}.`,
  };
}
