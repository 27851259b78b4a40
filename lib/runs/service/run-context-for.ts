import { createRun, resumeRun } from "../../agent/loop";
import type { RunContext } from "../../agent/run-context";
import { ServiceError } from "../errors";
import type { RunRow } from "../run-store";
import { RUN_ID } from "../safe-text";
import type { RunService } from "./run-service";

/** The run, or a typed error; a malformed id is refused before any query (400, never 500). */
export async function requireRun(service: RunService, runId: string): Promise<RunRow> {
  if (typeof runId !== "string" || !RUN_ID.test(runId))
    throw new ServiceError("invalid_input", "runId: not a run id (1 to 80 letters, digits, '_' or '-').");
  const run = await service.store.run(runId);
  if (!run) throw new ServiceError("run_not_found", `No run ${runId}.`);
  return run;
}

/**
 * The live context of a run: the one its loop holds when this process is driving it, otherwise
 * rebuilt from its stored events (and started if the process died before its first event).
 */
export async function contextFor(
  service: RunService,
  run: RunRow,
): Promise<{ ctx: RunContext; abort: AbortController; running: boolean }> {
  const active = service.active.get(run.id);
  if (active) return { ctx: await active.ctx, abort: active.abort, running: true };
  if (run.readOnly) throw new ServiceError("read_only", `Run ${run.id} was imported and is read-only.`);
  const deps = await service.deps(run.id, run.model, undefined, run.config.faults);
  const events = await service.store.events(run.id);
  const ctx =
    events.length > 0
      ? resumeRun(deps, events)
      : await createRun(deps, {
          runId: run.id,
          goal: run.goal,
          config: run.config,
          parentRunId: run.parentRunId,
        });
  return { ctx, abort: deps.abort, running: false };
}
