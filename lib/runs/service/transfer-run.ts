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

/** Import an exported run as a new, read-only run: shown in full, never executed. */
export async function importRun(
  service: RunService,
  jsonl: string,
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
  const runId = newRunId().replace(/^run_/, "imp_");
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
