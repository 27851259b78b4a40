import { z } from "zod";
import { answerQuestion as recordAnswer } from "../../agent/loop";
import { invalidInput, ServiceError } from "../errors";
import { contextFor, requireRun } from "./run-context-for";
import type { RunService } from "./run-service";

export const AnswerQuestionInput = z
  .object({
    questionId: z.string().min(1).max(300),
    answer: z.string().trim().max(4_000).optional(),
    /** Gate questions only: approve = go on as the agent proposed (retry); reject = skip the task. */
    decision: z.enum(["approve", "reject"]).optional(),
    by: z.string().trim().min(1, "Say who is answering.").max(100),
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
  if (decision && !parsed.data.answer && q.origin !== "gate")
    throw new ServiceError(
      "verdict_not_accepted",
      `This ${q.origin === "clarify" ? "clarifying" : "task"} question takes an answer, not approve or reject.`,
    );
  const run = await requireRun(service, q.runId);
  if (run.readOnly) throw new ServiceError("read_only", `Run ${run.id} was imported and is read-only.`);
  const claim = await service.store.claimQuestion(questionId, answer, by);
  if (claim === "not_found") throw new ServiceError("question_not_found", `No question ${questionId}.`);
  if (claim === "already_answered") {
    const current = await service.store.question(questionId);
    throw new ServiceError(
      "conflict",
      `This question was already answered by ${current?.decidedBy ?? "someone"}${
        current?.answer ? `: “${current.answer}”` : ""
      }.`,
    );
  }
  const { ctx, abort, running } = await contextFor(service, run);
  await recordAnswer(ctx, q.questionId, answer, by);
  if (!running) void service.launch(ctx, abort);
  return { runId: run.id };
}
