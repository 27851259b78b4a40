import { createHash } from "node:crypto";
import { Goal } from "../../agent/config";
import { RunEvent } from "../../agent/events";
import { reduce, replay } from "../../agent/reducer";
import type { RunState } from "../../agent/state";
import { ServiceError } from "../errors";
import { findUnsafeText, RUN_ID } from "../safe-text";
import type { RunService } from "./run-service";

/** An import is at most this big, counted while it streams in. */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;
/** One event line: a tool's full output (a 1 MB document) fits with room to spare. */
const MAX_LINE_CHARS = 8_000_000;
/** The caps a live run's people-written text has, applied to what a file claims they wrote. */
const TEXT_CAPS: Record<string, Record<string, number>> = {
  "run.started": { goal: 4_000 },
  "goal.amended": { text: 4_000, by: 100 },
  "run.forked": { goal: 4_000, by: 100 },
  "question.answered": { answer: 4_000, by: 100 },
  "question.asked": { prompt: 8_000 },
  "run.cancelled": { reason: 1_000, by: 100 },
};

const invalid = (line: number, message: string) =>
  new ServiceError("invalid_input", `Not a run export: line ${line}: ${message}`);

/** Lines of a text stream, split as the bytes arrive; the source is hashed on the way through. */
async function* linesOf(
  source: string | AsyncIterable<Uint8Array | string>,
  hash: ReturnType<typeof createHash>,
) {
  if (typeof source === "string") {
    if (source.length > MAX_IMPORT_BYTES)
      throw new ServiceError("too_large", "The file is larger than 200 MB.");
    hash.update(source);
    yield* source.split("\n");
    return;
  }
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let carry = "";
  for await (const chunk of source) {
    hash.update(chunk);
    let text: string;
    try {
      text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    } catch {
      throw new ServiceError("invalid_input", "Not a run export: the file is not UTF-8 text.");
    }
    const parts = (carry + text).split("\n");
    carry = parts.pop() ?? "";
    if (carry.length > MAX_LINE_CHARS) throw invalid(-1, "a line is longer than 8 million characters");
    yield* parts;
  }
  yield carry;
}

/** Parse and check every line before anything is stored: JSON, the event schema, order, caps, storable text. */
async function parseExport(source: string | AsyncIterable<Uint8Array | string>) {
  const hash = createHash("sha256");
  const events: RunEvent[] = [];
  let n = 0;
  for await (const line of linesOf(source, hash)) {
    n++;
    // Long files are parsed in slices: other requests answer in between.
    if (n % 500 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    if (!line.trim()) continue;
    if (line.length > MAX_LINE_CHARS) throw invalid(n, "longer than 8 million characters");
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      throw invalid(n, "not JSON");
    }
    const [unsafe] = findUnsafeText(raw);
    if (unsafe) throw invalid(n, `${unsafe.path}: ${unsafe.reason}`);
    const parsed = RunEvent.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalid(n, `${issue?.path.join(".") || "event"}: ${issue?.message}`);
    }
    const event = parsed.data;
    if (event.seq !== events.length) throw invalid(n, `seq ${event.seq} where ${events.length} was expected`);
    if (events.length === 0 && event.type !== "run.started")
      throw invalid(n, "it does not start with run.started");
    const caps = TEXT_CAPS[event.type] ?? {};
    for (const [field, max] of Object.entries(caps)) {
      const value = (event as Record<string, unknown>)[field];
      if (typeof value === "string" && value.length > max)
        throw invalid(n, `${event.type}.${field} is longer than ${max.toLocaleString("en")} characters`);
    }
    if (event.type === "run.started") {
      const goal = Goal.safeParse(event.goal);
      if (!goal.success) throw invalid(n, `goal: ${goal.error.issues[0]?.message}`);
    }
    events.push(event);
  }
  if (events.length === 0)
    throw new ServiceError("invalid_input", "Not a run export: the file has no events.");
  return { events, digest: hash.digest("hex") };
}

// Imports under an id still in progress in this process: a second request for the same id waits
// for the first instead of racing it to insert the row.
const importing = new Map<string, Promise<ImportResult>>();

export interface ImportResult {
  runId: string;
  events: number;
  /** The same content (or the same chosen id) was imported before: that run is returned. */
  duplicate: boolean;
}

/**
 * Import an exported run as a new, read-only run: evidence, shown in full, never executed, its
 * questions never in the inbox. The file is checked whole (the live caps, storable text) before
 * anything is stored, then stored in batches, visible only once complete. Without `runId`, the id
 * comes from the content's hash, so importing the same file again returns the first import.
 */
export async function importRun(
  service: RunService,
  source: string | AsyncIterable<Uint8Array | string>,
  runId?: string,
): Promise<ImportResult> {
  if (runId !== undefined && !RUN_ID.test(runId))
    throw new ServiceError("invalid_input", "runId: use 1 to 80 letters, digits, '_' or '-'.");
  if (runId !== undefined) {
    const existing = await service.store.run(runId);
    if (existing) return { runId, events: existing.lastSeq + 1, duplicate: true };
  }
  const { events, digest } = await parseExport(source);
  const id = runId ?? `imp_${digest.slice(0, 32)}`;
  let pending = importing.get(id);
  if (!pending) {
    const existing = await service.store.run(id);
    if (existing) return { runId: id, events: existing.lastSeq + 1, duplicate: true };
    pending = importing.get(id) ?? store(service, events, id).finally(() => importing.delete(id));
    importing.set(id, pending);
  }
  return pending;
}

async function store(service: RunService, events: RunEvent[], runId: string): Promise<ImportResult> {
  const first = events[0] as Extract<RunEvent, { type: "run.started" }>;
  let state: RunState = replay([], runId);
  function* reduced() {
    for (const e of events) {
      const event = { ...e, runId };
      state = reduce(state, event);
      yield { event, state };
    }
  }
  try {
    await service.store.insertRunWithEvents(
      {
        id: runId,
        goal: first.goal,
        model: first.model,
        config: first.config,
        parentRunId: null,
        forkSeq: null,
        readOnly: true,
      },
      reduced(),
    );
  } catch (e) {
    if (e instanceof ServiceError) throw e;
    service.log(`import ${runId} refused by the database:`, e);
    throw new ServiceError(
      "invalid_input",
      "The database refused an event of this file; nothing was imported (the server logged why).",
    );
  }
  return { runId, events: events.length, duplicate: false };
}
