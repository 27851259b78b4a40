import { z } from "zod";

/**
 * A lesson is built only from the structured facts of a run (tool names, failure codes, triggers,
 * decision kinds, the user's own goal terms), never from tool output, documents or model prose, so
 * nothing a document says can become a lesson. Its sentence is rendered from these fields.
 */
const Identifier = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,47}$/, "a lower-case identifier (letters, digits, _), at most 48 characters");

/** A goal term: one word of letters or digits (any script), no spaces or punctuation. */
const Term = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[\p{L}\p{N}]+$/u);

export const LessonLanguage = z.enum(["en", "zh"]);
export type LessonLanguage = z.infer<typeof LessonLanguage>;

/** When a lesson applies. Empty strings mean "any". */
export const LessonSignature = z.object({
  goalTerms: z.array(Term).max(12),
  tool: z.union([Identifier, z.literal("")]),
  trigger: z.union([Identifier, z.literal("")]),
  failureCode: z.union([Identifier, z.literal("")]),
  language: LessonLanguage,
});
export type LessonSignature = z.infer<typeof LessonSignature>;

/**
 * What was done. Deliberately a closed list of the monitor's own moves: a lesson can tilt the
 * monitor between them, never approve a result, answer a question or change the goal.
 */
export const LessonAction = z.enum(["retry", "reflect", "repair", "ask_user"]);
export type LessonAction = z.infer<typeof LessonAction>;

export const LessonOutcome = z.enum(["helped", "did_not_help"]);
export type LessonOutcome = z.infer<typeof LessonOutcome>;

/** The events a lesson was learned from: a run and the seqs that show it. No lesson without it. */
export const LessonEvidence = z.object({
  runId: z.string().min(1).max(200),
  seqs: z.array(z.number().int().min(0)).min(1).max(20),
});
export type LessonEvidence = z.infer<typeof LessonEvidence>;

/** How a rule (or the model) distilled it. */
export const LessonRule = z.enum([
  "reflection_raised",
  "repair_succeeded",
  "retry_failed_same",
  "answer_unblocked",
  "model",
]);
export type LessonRule = z.infer<typeof LessonRule>;

export const NewLesson = z.object({
  signature: LessonSignature,
  action: LessonAction,
  outcome: LessonOutcome,
  rule: LessonRule,
  evidence: LessonEvidence,
});
export type NewLesson = z.infer<typeof NewLesson>;

export const Lesson = NewLesson.extend({
  id: z.string().min(1).max(100),
  /** Latest evidence first, at most 5 runs. */
  evidence: z.array(LessonEvidence).min(1).max(5),
  /** How often the same lesson was distilled (from different runs). */
  createdCount: z.number().int().min(1),
  usedCount: z.number().int().min(0),
  helpedCount: z.number().int().min(0),
  /** 0..1: starts at 0.6, rises when learned again or when it helped, decays when used without helping. */
  confidence: z.number().min(0).max(1),
  disabled: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Lesson = z.infer<typeof Lesson>;

/** The situation at a decision point, in the lesson signature's terms. */
export interface Situation {
  goalTerms: string[];
  tool: string;
  trigger: string;
  failureCode: string;
  language: LessonLanguage;
}

/** Same situation, action and outcome: the same lesson learned again, not a new one. */
export const lessonKey = (l: Pick<NewLesson, "signature" | "action" | "outcome">): string =>
  [
    l.signature.tool,
    l.signature.trigger,
    l.signature.failureCode,
    l.signature.language,
    l.action,
    l.outcome,
    [...l.signature.goalTerms].sort().join(" "),
  ].join("|");

const actionText: Record<LessonAction, string> = {
  retry: "retrying the same call",
  reflect: "reflecting on the result",
  repair: "repairing the plan around the task",
  ask_user: "asking a person",
};

/** The lesson as one sentence, rendered from its fields only (a stored text could be tampered with). */
export function describeLesson(l: Pick<NewLesson, "signature" | "action" | "outcome">): string {
  const s = l.signature;
  const where = [
    s.tool ? `${s.tool}` : "a task",
    s.failureCode ? `failed with ${s.failureCode}` : "",
    s.trigger ? `(${s.trigger.replaceAll("_", " ")})` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const verdict = l.outcome === "helped" ? "helped" : "did not help";
  return `When ${where}, ${actionText[l.action]} ${verdict}.`;
}
