import "server-only";
import { getDb } from "@/db/client";
import { DbLibrary, seedLibraryIfEmpty } from "@/db/library";
import { DbLessonStore } from "@/db/queries/lessons";
import { PgRunClaims } from "@/db/run-claims";
import { DbRunStore } from "@/db/run-store";
import { BuiltinModel } from "../llm/builtin/builtin-model";
import { openAIModelFromEnv } from "../llm/openai-model";
import { dataDir } from "./data-dir";
import { ServiceError } from "./errors";
import { untilSuccess } from "./lifecycle";
import { RunBus } from "./run-bus";
import { createModel } from "./run-environment";
import { armQuestionDeadlines, resumeInterruptedRuns } from "./service/resume-runs";
import { RunService } from "./service/run-service";

function modelFor(name: string) {
  if (name === "builtin") {
    const latency = Number(process.env.PREFRONTAL_BUILTIN_LATENCY_MS ?? 0);
    return new BuiltinModel({ latencyMs: Number.isFinite(latency) ? latency : 0 });
  }
  if (name === "openai" || name.startsWith("openai:")) {
    try {
      return openAIModelFromEnv();
    } catch (e) {
      throw new ServiceError(
        "model_unavailable",
        e instanceof Error ? e.message : "The OpenAI endpoint is not configured.",
      );
    }
  }
  if (name === "local" || name.startsWith("local:")) {
    try {
      return createModel("local");
    } catch (e) {
      throw new ServiceError(
        "model_unavailable",
        e instanceof Error ? e.message : "PREFRONTAL_GGUF is not set.",
      );
    }
  }
  throw new ServiceError("model_unavailable", `Unknown model "${name}".`);
}

async function create(): Promise<RunService> {
  const handle = await getDb();
  const { db } = handle;
  // Not one writer per process on PostgreSQL: the database says which server drives each run.
  const claims = handle.pool ? new PgRunClaims(handle.pool) : undefined;
  // Half-written imports of a process that died; on a shared database, only ones left for long.
  await new DbRunStore(db).discardHiddenRuns(handle.pool ? 15 * 60_000 : 0);
  const library = new DbLibrary(db);
  // Loading the demo library can fail (a full disk at first start); it is tried again when a run
  // next needs the library, so the server recovers once the cause is gone.
  const seeded = untilSuccess(() => seedLibraryIfEmpty(db));
  seeded().catch((e) => console.error("prefrontal: the demo library is not loaded yet; will retry:", e));
  const service = new RunService({
    store: new DbRunStore(db),
    bus: new RunBus(),
    library: async () => {
      await seeded();
      return library;
    },
    model: modelFor,
    dataDir: dataDir(),
    claims,
    // A shared PostgreSQL serves many people: prompts quote their documents, so they are opt-in there.
    recordPrompts: !handle.pool,
    lessons: new DbLessonStore(db),
  });
  const resumed = await resumeInterruptedRuns(service);
  await armQuestionDeadlines(service);
  if (resumed.length > 0)
    console.log(`prefrontal: resumed ${resumed.length} interrupted run(s): ${resumed.join(", ")}`);
  return service;
}

const g = globalThis as unknown as { __prefrontalService?: Promise<RunService> };

/** The process's one run service (cached across dev reloads, like the database client). */
export function getRunService(): Promise<RunService> {
  g.__prefrontalService ??= create().catch((e) => {
    g.__prefrontalService = undefined;
    throw e;
  });
  return g.__prefrontalService;
}
