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
