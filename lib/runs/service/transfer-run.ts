import type { RunEvent } from "../../agent/events";
import { reduce, replay } from "../../agent/reducer";
import { ServiceError } from "../errors";
import { InvalidRunLog, parseJsonl } from "../jsonl-run-log";
import { requireRun } from "./run-context-for";
import type { RunService } from "./run-service";
import { newRunId } from "./start-run";

/** A run as JSON Lines, one event per line: attach it to a bug report, open it elsewhere. */
export async function exportRun(service: RunService, runId: string): Promise<string> {
  await requireRun(service, runId);
  const events = await service.store.events(runId);
  return events.map((e) => JSON.stringify(e)).join("\n") + (events.length ? "\n" : "");
}

const MAX_IMPORT_BYTES = 200 * 1024 * 1024;
const IMPORT_ID = /^[A-Za-z0-9_-]{1,80}$/;

// Imports under a chosen id still in progress in this process: a second request for the same id
// waits for the first instead of finding its half-written run or racing it to insert the row.
const importing = new Map<string, Promise<{ runId: string; events: number }>>();

/**
 * Import an exported run as a new, read-only run: shown in full, never executed. With `runId`, the
 * import is idempotent: a run already stored under that id is returned as it is, not imported again.
 */
export async function importRun(
  service: RunService,
  jsonl: string,
  runId?: string,
): Promise<{ runId: string; events: number }> {
  if (runId === undefined) return insertImported(service, jsonl, newRunId().replace(/^run_/, "imp_"));
  if (!IMPORT_ID.test(runId))
    throw new ServiceError("invalid_input", "runId: use 1 to 80 letters, digits, '_' or '-'.");
  let pending = importing.get(runId);
  if (!pending) {
    const existing = await service.store.run(runId);
    if (existing) return { runId, events: existing.lastSeq + 1 };
    // Looked up again: another request may have started this import while the store answered.
    pending =
      importing.get(runId) ?? insertImported(service, jsonl, runId).finally(() => importing.delete(runId));
    importing.set(runId, pending);
  }
  return pending;
}

async function insertImported(
  service: RunService,
  jsonl: string,
  runId: string,
): Promise<{ runId: string; events: number }> {
  if (jsonl.length > MAX_IMPORT_BYTES)
    throw new ServiceError("invalid_input", "The file is larger than 200 MB.");
  let events: RunEvent[];
  try {
    events = parseJsonl(jsonl);
  } catch (e) {
    if (e instanceof InvalidRunLog) throw new ServiceError("invalid_input", `Not a run export: ${e.message}`);
    throw e;
  }
  const first = events[0];
  if (first?.type !== "run.started")
    throw new ServiceError("invalid_input", "Not a run export: it does not start with run.started.");
  await service.store.insertRun({
    id: runId,
    goal: first.goal,
    model: first.model,
    config: first.config,
    parentRunId: null,
    forkSeq: null,
    readOnly: true,
  });
  let state = replay([], runId);
  for (const e of events) {
    const copy = { ...e, runId };
    state = reduce(state, copy);
    await service.store.append(copy, state);
  }
  return { runId, events: events.length };
}
