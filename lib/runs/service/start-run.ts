import { randomUUID } from "node:crypto";
import { z } from "zod";
import { Goal, RunConfig } from "../../agent/config";
import { createRun } from "../../agent/loop";
import { invalidInput } from "../errors";
import { deepSafeTextCheck, safeTextCheck } from "../safe-text";
import type { RunService } from "./run-service";

export const StartRunInput = z
  .object({
    goal: Goal.check(safeTextCheck),
    model: z.enum(["builtin", "openai", "local"]).default("builtin"),
    config: RunConfig.partial().optional(),
  })
  .check(deepSafeTextCheck);
export type StartRunInput = z.input<typeof StartRunInput>;

export const newRunId = () => `run_${Date.now().toString(36)}_${randomUUID().slice(0, 8)}`;

/** Validate, record the run, and start its loop detached: the id comes back at once. */
export async function startRun(service: RunService, input: unknown): Promise<{ runId: string }> {
  const parsed = StartRunInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { goal, model, config } = parsed.data;
  const runId = newRunId();
  const fullConfig = RunConfig.parse({ prompts: { record: service.o.recordPrompts ?? true }, ...config });
  const deps = await service.deps(runId, model, undefined, fullConfig.faults);
  // No separate insertRun: storing run.started creates the row in the same transaction, so a goal
  // the database refuses leaves no row behind to be executed at the next start.
  const ctx = await createRun(deps, { runId, goal, config: fullConfig });
  void service.launch(ctx, deps.abort);
  return { runId };
}
