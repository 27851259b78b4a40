/**
 * Whole runs through a real llama-server, counting HTTP requests per run stage and whether the
 * server accepted them. The stage is carried to the request by AsyncLocalStorage: a wrapper
 * around the model tags each call, a wrapper around fetch counts it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RunConfigInput } from "../agent/config";
import type { RunEvent } from "../agent/events";
import { answerQuestion, createRun, drive } from "../agent/loop";
import type { ChatModel } from "../llm/chat-model";
import type { ModelContext } from "../llm/model-context";
import { createModel, runDeps } from "../runs/run-environment";

export const stages = [
  "clarify",
  "plan",
  "repair",
  "execute",
  "assess",
  "reflect",
  "report",
  "distill",
] as const;
export type Stage = (typeof stages)[number];
export type StageCounts = Record<Stage, { accepted: number; rejected: number; failed: number }>;

const stageOf = (context: ModelContext): Stage =>
  context.purpose === "execute" && context.task.deliverable ? "report" : context.purpose;

const current = new AsyncLocalStorage<Stage>();

export function tagged(model: ChatModel): ChatModel {
  return {
    name: model.name,
    promptBudgetChars: (tier) => model.promptBudgetChars?.(tier) ?? Promise.resolve(null),
    generateObject: (r) => current.run(stageOf(r.context), () => model.generateObject(r)),
    callTools: (r) => current.run(stageOf(r.context), () => model.callTools(r)),
  };
}

/** Replaces globalThis.fetch (the SDK picks it up when the model is built) with a counting one. */
export function countRequests(): { counts: StageCounts; restore: () => void } {
  const counts = Object.fromEntries(
    stages.map((s) => [s, { accepted: 0, rejected: 0, failed: 0 }]),
  ) as StageCounts;
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const stage = current.getStore();
    try {
      const res = await original(input, init);
      if (stage) counts[stage][res.ok ? "accepted" : "rejected"] += 1;
      return res;
    } catch (e) {
      if (stage) counts[stage].failed += 1;
      throw e;
    }
  };
  return { counts, restore: () => (globalThis.fetch = original) };
}

export interface RunSummary {
  goal: string;
  status: string;
  reason: string;
  modelCalls: number;
  wallMs: number;
}

/** One whole run with the OpenAI adapter pointed at `baseURL`; bounded by a wall budget. */
export async function runThrough(
  baseURL: string,
  goal: string,
  env: Record<string, string> = {},
  wrap: (model: ChatModel) => ChatModel = (m) => m,
  config: RunConfigInput = {},
): Promise<{ summary: RunSummary; events: RunEvent[] }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "prefrontal-llm-run-"));
  const events: RunEvent[] = [];
  try {
    const model = tagged(
      wrap(
        createModel("openai", {
          OPENAI_BASE_URL: baseURL,
          OPENAI_MODEL: "stories",
          ...env,
        } as unknown as NodeJS.ProcessEnv),
      ),
    );
    const deps = await runDeps({ runDir: dir, model, sink: { append: (e) => void events.push(e) } });
    const started = Date.now();
    const ctx = await createRun(deps, {
      runId: `llm-${Date.now()}`,
      goal,
      config: { budgets: { wallMs: 120_000, iterations: 30 }, ...config },
    });
    let state = await drive(ctx);
    // A person answers up to five questions: clarifying ones with detail, the gate's with "skip".
    for (let round = 0; round < 5 && state.status === "waiting"; round++) {
      for (const q of Object.values(state.questions).filter((x) => x.status === "pending")) {
        const answer = q.origin === "clarify" ? "A one-page memo for a general reader." : "skip";
        await answerQuestion(ctx, q.id, answer, "bench");
      }
      state = await drive(ctx);
    }
    return {
      events,
      summary: {
        goal,
        status: state.status,
        reason: state.outcome?.reason ?? "",
        modelCalls: state.counters.modelCalls,
        wallMs: Date.now() - started,
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
