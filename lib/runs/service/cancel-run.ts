import { z } from "zod";
import { isTerminal } from "../../agent/state";
import { invalidInput, ServiceError } from "../errors";
import { RunIdText, safeText } from "../safe-text";
import { contextFor, requireRun } from "./run-context-for";
import type { RunService } from "./run-service";

export const CancelRunInput = z.object({
  runId: RunIdText,
  by: safeText({ min: 1, max: 100 }).default("user"),
  reason: safeText({ max: 500 }).default(""),
});

/** Stop a run. Cancelling a finished run is a harmless no-op that says so. */
export async function cancelRun(
  service: RunService,
  input: unknown,
): Promise<{ changed: boolean; message: string }> {
  const parsed = CancelRunInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { runId, by, reason } = parsed.data;
  const run = await requireRun(service, runId);
  if (isTerminal(run.status))
    return { changed: false, message: `The run already ${run.status}; nothing to cancel.` };
  const why = reason ? `Cancelled by ${by}: ${reason}` : `Cancelled by ${by}.`;
  const active = service.active.get(runId);
  if (active) {
    active.abort.abort(why);
    await active.done;
  }
  // The loop records the cancellation as it stops; whether it did is read back from the store,
  // never assumed, and recorded here when it did not (a paused run, or a loop that failed).
  const after = await requireRun(service, runId);
  if (!isTerminal(after.status)) {
    const { ctx } = await contextFor(service, after);
    if (!isTerminal(ctx.state.status)) await ctx.emit({ type: "run.cancelled", reason: why, by });
  } else if (after.status !== "cancelled") {
    return { changed: false, message: `The run ${after.status} before it could be cancelled.` };
  }
  const stored = await requireRun(service, runId);
  if (stored.status !== "cancelled")
    throw new ServiceError("invalid_state", `The run could not be cancelled; it is ${stored.status}.`);
  return { changed: true, message: why };
}
