import { contextFor } from "./run-context-for";
import type { RunService } from "./run-service";

/**
 * At start: every run left running (the process died or was killed) continues from its events.
 * A task whose tool result was recorded is not executed again.
 */
export async function resumeInterruptedRuns(service: RunService): Promise<string[]> {
  const resumed: string[] = [];
  for (const id of await service.store.unfinishedRuns()) {
    if (service.active.has(id)) continue;
    const run = await service.store.run(id);
    if (!run) continue;
    try {
      const { ctx, abort } = await contextFor(service, run);
      void service.launch(ctx, abort);
      resumed.push(id);
    } catch (e) {
      service.log(`could not resume run ${id}:`, e);
    }
  }
  return resumed;
}

/**
 * At start: every question still open with a deadline gets its timer again, so a run that waited
 * through a restart still takes its default when the deadline comes (at once if it has passed).
 */
export async function armQuestionDeadlines(service: RunService): Promise<number> {
  const earliest = new Map<string, number>();
  for (const q of await service.store.questions({ status: "pending" })) {
    if (!q.deadline) continue;
    const at = q.deadline.getTime();
    earliest.set(q.runId, Math.min(at, earliest.get(q.runId) ?? at));
  }
  for (const [runId, at] of earliest) if (!service.active.has(runId)) service.armDeadline(runId, at);
  return earliest.size;
}
