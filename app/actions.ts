"use server";

import { type Failure, toFailure } from "@/lib/runs/errors";
import { amendGoal } from "@/lib/runs/service/amend-goal";
import { answerQuestion } from "@/lib/runs/service/answer-question";
import { cancelRun } from "@/lib/runs/service/cancel-run";
import { forkRun } from "@/lib/runs/service/fork-run";
import { rollbackRun } from "@/lib/runs/service/rollback-run";
import { startRun } from "@/lib/runs/service/start-run";
import { getRunService } from "@/lib/runs/service-instance";

// Server actions are public POST endpoints: each validates its input with zod inside the service
// function and returns a typed result, never an exception or an internal message.
async function act<T extends object>(fn: () => Promise<T>): Promise<({ ok: true } & T) | Failure> {
  try {
    return { ok: true, ...(await fn()) };
  } catch (e) {
    return toFailure(e);
  }
}

export async function startRunAction(input: unknown) {
  return act(async () => startRun(await getRunService(), input));
}

export async function answerQuestionAction(input: unknown) {
  return act(async () => answerQuestion(await getRunService(), input));
}

export async function cancelRunAction(input: unknown) {
  return act(async () => cancelRun(await getRunService(), input));
}

export async function rollbackRunAction(input: unknown) {
  return act(async () => rollbackRun(await getRunService(), input));
}

export async function forkRunAction(input: unknown) {
  return act(async () => forkRun(await getRunService(), input));
}

export async function amendGoalAction(input: unknown) {
  return act(async () => amendGoal(await getRunService(), input));
}
