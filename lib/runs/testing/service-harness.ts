import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Db } from "@/db/client";
import { DbLibrary, seedLibraryIfEmpty } from "@/db/library";
import { DbRunStore } from "@/db/run-store";
import type { RunEvent } from "../../agent/events";
import { BuiltinModel } from "../../llm/builtin/builtin-model";
import type { ChatModel } from "../../llm/chat-model";
import { RunBus } from "../run-bus";
import { RunService, type RunServiceOptions } from "../service/run-service";

/** A run service on a real database with the builtin model and the seeded demo library. */
export async function testService(
  db: Db,
  opts: Pick<RunServiceOptions, "claims" | "retryDelayMs" | "recordPrompts" | "lessons"> & {
    model?: (name: string) => ChatModel;
  } = {},
) {
  const library = new DbLibrary(db);
  await seedLibraryIfEmpty(db);
  const store = new DbRunStore(db);
  const errors: unknown[] = [];
  const service = new RunService({
    store,
    bus: new RunBus(),
    library: async () => library,
    model: opts.model ?? (() => new BuiltinModel()),
    dataDir: mkdtempSync(path.join(tmpdir(), "prefrontal-service-")),
    log: (...args) => errors.push(args),
    claims: opts.claims,
    retryDelayMs: opts.retryDelayMs,
    recordPrompts: opts.recordPrompts,
    lessons: opts.lessons,
  });
  return { service, store, errors };
}

/** Wait until the run's loop pauses or ends. */
export async function settled(service: RunService, runId: string) {
  await service.idle();
  const run = await service.store.run(runId);
  if (!run) throw new Error(`no run ${runId}`);
  return run;
}

export const seqs = (events: RunEvent[]) => events.map((e) => e.seq);
