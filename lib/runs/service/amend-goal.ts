import { z } from "zod";
import { isTerminal } from "../../agent/state";
import { invalidInput, ServiceError } from "../errors";
import { RunIdText, safeText } from "../safe-text";
import { contextFor, requireRun } from "./run-context-for";
import type { RunService } from "./run-service";

export const AmendGoalInput = z.object({
  runId: RunIdText,
  text: safeText({
    min: 1,
    max: 4_000,
    tooShort: "Say what should change.",
    tooLong: "Keep the change under 4,000 characters.",
  }),
  by: safeText({ min: 1, max: 100, tooShort: "Say who is asking." }),
});
export type AmendGoalInput = z.input<typeof AmendGoalInput>;

/**
 * Change a run's requirements while it runs ("also cover pricing", "write it in Chinese"). A
 * running loop takes the change before its next step; a paused run records it now and follows it
 * once it goes on. Either way the goal is re-clarified and the remaining work re-planned; finished
 * work is kept. An ended run cannot change: fork it instead.
 */
export async function amendGoal(
  service: RunService,
  input: unknown,
): Promise<{ runId: string; delivery: "queued" | "recorded" }> {
  const parsed = AmendGoalInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { runId, text, by } = parsed.data;
  const run = await requireRun(service, runId);
  if (run.readOnly) throw new ServiceError("read_only", `Run ${run.id} was imported and is read-only.`);
  if (isTerminal(run.status)) {
    throw new ServiceError(
      "conflict",
      `The run already ${run.status}; fork it from a step to change its requirements.`,
    );
  }
  if (service.active.has(runId)) {
    service.mailbox(runId).push({ text, by });
    return { runId, delivery: "queued" };
  }
  const { ctx, abort } = await contextFor(service, run);
  if (isTerminal(ctx.state.status))
    throw new ServiceError("conflict", `The run already ${ctx.state.status}; fork it instead.`);
  await ctx.emit({ type: "goal.amended", text, by });
  if (ctx.state.status === "running") void service.launch(ctx, abort);
  return { runId, delivery: "recorded" };
}
