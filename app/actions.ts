"use server";

import { ownRun, runIdOf } from "@/lib/auth/authorize";
import { authorizeAction, signedBy } from "@/lib/auth/next";
import { type Failure, toFailure } from "@/lib/runs/errors";
import { amendGoal } from "@/lib/runs/service/amend-goal";
import { answerQuestion } from "@/lib/runs/service/answer-question";
import { cancelRun } from "@/lib/runs/service/cancel-run";
import { forkRun } from "@/lib/runs/service/fork-run";
import { rollbackRun } from "@/lib/runs/service/rollback-run";
import { startRun } from "@/lib/runs/service/start-run";
import { getRunService } from "@/lib/runs/service-instance";

// Server actions are public POST endpoints: each checks who is asking and what their role allows
// (lib/auth), signs the input with that person (a `by` sent by the browser is overwritten), lets the
// service validate the rest with zod, and returns a typed result, never an exception.
async function act<T extends object>(fn: () => Promise<T>): Promise<({ ok: true } & T) | Failure> {
  try {
    return { ok: true, ...(await fn()) };
  } catch (e) {
    return toFailure(e);
  }
}

export async function startRunAction(input: unknown) {
  return act(async () => {
    const actor = await authorizeAction("start");
    const started = await startRun(await getRunService(), input);
    await ownRun(actor, started.runId);
    return started;
  });
}

export async function answerQuestionAction(input: unknown) {
  return act(async () =>
    answerQuestion(await getRunService(), signedBy(input, await authorizeAction("answer"))),
  );
}

export async function cancelRunAction(input: unknown) {
  return act(async () => {
    const actor = await authorizeAction("cancel", runIdOf(input));
    return cancelRun(await getRunService(), signedBy(input, actor));
  });
}

export async function rollbackRunAction(input: unknown) {
  return act(async () => {
    const actor = await authorizeAction("rollback", runIdOf(input));
    return rollbackRun(await getRunService(), signedBy(input, actor));
  });
}

export async function forkRunAction(input: unknown) {
  return act(async () => {
    const actor = await authorizeAction("fork", runIdOf(input));
    const forked = await forkRun(await getRunService(), signedBy(input, actor));
    await ownRun(actor, forked.runId);
    return forked;
  });
}

export async function amendGoalAction(input: unknown) {
  return act(async () => {
    const actor = await authorizeAction("amend", runIdOf(input));
    return amendGoal(await getRunService(), signedBy(input, actor));
  });
}
