import { z } from "zod";
import { answerQuestion as recordAnswer } from "../../agent/loop";
import { isTerminal } from "../../agent/state";
import { invalidInput, ServiceError } from "../errors";
import { IdText, safeText } from "../safe-text";
import { contextFor, requireRun } from "./run-context-for";
import type { RunService } from "./run-service";

export const AnswerQuestionInput = z
  .object({
    questionId: IdText,
    answer: safeText({ max: 4_000 }).optional(),
    /** Gate questions only: approve = go on as the agent proposed (retry); reject = skip the task. */
    decision: z.enum(["approve", "reject"]).optional(),
    by: safeText({ min: 1, max: 100, tooShort: "Say who is answering." }),
  })
  .refine((v) => !!v.answer || !!v.decision, {
    message: "Give an answer, or approve or reject.",
    path: ["answer"],
  });
export type AnswerQuestionInput = z.input<typeof AnswerQuestionInput>;

/** Record a reviewer's answer (first answer wins) and resume the run. */
export async function answerQuestion(service: RunService, input: unknown): Promise<{ runId: string }> {
  const parsed = AnswerQuestionInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { questionId, decision, by } = parsed.data;
  const answer = parsed.data.answer || (decision === "approve" ? "retry" : "skip");
  const q = await service.store.question(questionId);
  if (!q) throw new ServiceError("question_not_found", `No question ${questionId}.`);
  // A verdict means retry/skip, which only a gate acts on; sent to a clarify or task question it
  // would be read as the answer itself ("…shortlisted retry" becoming the goal).
  // A question asked aside takes information or "none"; "retry" or "skip" would amend the goal.
  if (decision && !parsed.data.answer && q.blocking === false)
    throw new ServiceError(
      "verdict_not_accepted",
      'This question was asked without stopping the run: answer with the information, or "none".',
    );
  if (decision && !parsed.data.answer && q.origin !== "gate")
    throw new ServiceError(
      "verdict_not_accepted",
      `This ${q.origin === "clarify" ? "clarifying" : "task"} question takes an answer, not approve or reject.`,
    );
  const run = await requireRun(service, q.runId);
  if (run.readOnly) throw new ServiceError("read_only", `Run ${run.id} was imported and is read-only.`);
  if (isTerminal(run.status)) {
    throw new ServiceError("conflict", `The run already ${run.status}; its questions are closed.`);
  }
  if (q.status === "answered") throw alreadyAnswered(q);
  const { ctx, abort, running } = await contextFor(service, run);
  try {
    // The claim (first answer wins) happens in the transaction that stores the event.
    await recordAnswer(ctx, q.questionId, answer, by);
  } catch (e) {
    const race = lostRace(e);
    if (race && (e as Error).name === "QuestionAlreadyAnsweredError") {
      const current = await service.store.question(questionId);
      if (current) throw alreadyAnswered(current);
    }
    throw race ?? e;
  }
  if (!running) void service.launch(ctx, abort);
  return { runId: run.id };
}

/** Says what the winning answer was, so the person who lost the race knows what happened. */
function alreadyAnswered(q: { decidedBy?: string | null; answer?: string | null }): ServiceError {
  return new ServiceError(
    "conflict",
    `This question was already answered by ${q.decidedBy ?? "someone"}${q.answer ? `: “${q.answer}”` : ""}.`,
  );
}

/** Another answer, or another change to the run, got there first: a conflict, not a fault. */
function lostRace(e: unknown): ServiceError | null {
  const name = e instanceof Error ? e.name : "";
  if (name === "QuestionAlreadyAnsweredError" || name === "InvalidRunInput")
    return new ServiceError("conflict", (e as Error).message);
  if (name === "DuplicateEventError")
    return new ServiceError("conflict", "The run changed while answering; reload and try again.");
  return null;
}
