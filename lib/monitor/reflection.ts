import { z } from "zod";
import type { Reflection } from "../agent/state";

/** Structured reflection: five fixed answers, one action, and a conclusion to compare rounds by. */
export const ReflectionOutput = z.object({
  goalAlignment: z.string().min(1).describe("Does the task's result still serve the goal? How?"),
  evidence: z.string().min(1).describe("What evidence supports the result, and how strong is it?"),
  missingConditions: z.string().min(1).describe("What is missing for the task to meet its criteria?"),
  conflicts: z.string().min(1).describe("Which results or constraints disagree?"),
  nextAction: z.string().min(1).describe("One concrete next action."),
  action: z.enum(["accept", "retry", "repair", "replan", "rollback", "ask_user", "abort"]),
  /** For retry: what the next attempt must do differently (e.g. a new query). */
  hint: z.string().default(""),
  /** For ask_user: the question for a person. */
  question: z.string().default(""),
  conclusion: z.string().min(1).max(500).describe("The diagnosis in one sentence."),
});
export type ReflectionOutput = z.infer<typeof ReflectionOutput>;

const normalise = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** The same diagnosis reached before for this task: a sign the agent is going round in circles. */
export function isRepeatedConclusion(
  conclusion: string,
  previous: readonly Reflection[],
  taskId: string,
): boolean {
  const c = normalise(conclusion);
  return previous.some((r) => r.taskId === taskId && normalise(r.conclusion) === c);
}

/**
 * A repeated conclusion must not lead to the same move again: retry or accept become a repair,
 * and a task that was already repaired goes to a person.
 */
export function changeDirection(
  action: ReflectionOutput["action"],
  repairs: number,
): ReflectionOutput["action"] {
  if (action === "ask_user" || action === "abort" || action === "replan") return action;
  if (action === "repair" || action === "rollback") return repairs >= 1 ? "ask_user" : "replan";
  return repairs >= 1 ? "ask_user" : "repair";
}
