import { z } from "zod";
import { isTerminal } from "../../agent/state";
import { invalidInput } from "../errors";
import { contextFor, requireRun } from "./run-context-for";
import type { RunService } from "./run-service";

export const CancelRunInput = z.object({
  runId: z.string().min(1).max(200),
  by: z.string().trim().min(1).max(100).default("user"),
  reason: z.string().trim().max(500).default(""),
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
  } else {
    const { ctx } = await contextFor(service, run);
    if (!isTerminal(ctx.state.status)) await ctx.emit({ type: "run.cancelled", reason: why, by });
  }
  return { changed: true, message: why };
}
