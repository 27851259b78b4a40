import { requireRun } from "./run-context-for";
import type { RunService } from "./run-service";

/** A run as JSON Lines, one event per line: attach it to a bug report, open it elsewhere. */
export async function exportRun(service: RunService, runId: string): Promise<string> {
  await requireRun(service, runId);
  const events = await service.store.events(runId);
  return events.map((e) => JSON.stringify(e)).join("\n") + (events.length ? "\n" : "");
}

export { type ImportResult, importRun, MAX_IMPORT_BYTES } from "./import-run";
