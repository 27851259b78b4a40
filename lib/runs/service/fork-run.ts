import { z } from "zod";
import { Goal } from "../../agent/config";
import type { NewEvent, RunEvent } from "../../agent/events";
import { reduce } from "../../agent/reducer";
import { RunContext } from "../../agent/run-context";
import type { ReplayCache } from "../../agent/runtime";
import type { RunState } from "../../agent/state";
import { MemoryPatch } from "../../memory/entry";
import { invalidInput, ServiceError } from "../errors";
import type { InheritedQuestion, RunStore } from "../run-store";
import { deepSafeTextCheck, IdText, RunIdText, safeText } from "../safe-text";
import { slimStateAt, stateAt } from "./queries";
import { requireRun } from "./run-context-for";
import type { RunService } from "./run-service";
import { newRunId } from "./start-run";

/** Budgets a fork may change (the rest of the run's settings stay the parent's). */
export const ForkBudgets = z
  .object({
    iterations: z.number().int().min(1).max(10_000),
    toolCalls: z.number().int().min(1).max(100_000),
    tokens: z.number().int().min(1).max(100_000_000),
    wallMs: z
      .number()
      .int()
      .min(1_000)
      .max(24 * 3_600_000),
  })
  .partial()
  .strict();
export type ForkBudgets = z.infer<typeof ForkBudgets>;

export const ForkRunInput = z
  .object({
    runId: RunIdText,
    /** The last event of the parent that the fork keeps. */
    seq: z.number().int().min(0),
    by: safeText({ min: 1, max: 100 }).default("user"),
    /** Edited working-memory entries, applied right after the fork point. */
    memory: z
      .array(z.object({ id: IdText, patch: MemoryPatch }))
      .max(100)
      .default([]),
    /** The answer to a question still open at the fork point. */
    answer: z.object({ questionId: IdText, answer: safeText({ min: 1, max: 4_000 }) }).optional(),
    /** A new goal text: the fork re-clarifies and re-plans what remains, keeping what is done. */
    goal: Goal.optional(),
    budgets: ForkBudgets.optional(),
  })
  // Memory patches hold free text too (their schema lives in the core).
  .check(deepSafeTextCheck);
export type ForkRunInput = z.input<typeof ForkRunInput>;

/** A replay cache being filled. */
type FillableCache = {
  [K in keyof ReplayCache]: ReplayCache[K] extends ReadonlyMap<infer Key, infer Value>
    ? Map<Key, Value>
    : never;
};

/** What the parent recorded after the fork point, reusable by identical requests in the child. */
export function replayCacheOf(events: readonly RunEvent[], into: FillableCache = emptyCache()): ReplayCache {
  const { model, tools } = into;
  for (const e of events) {
    if (e.type === "model.called" && !e.error && e.requestHash && !model.has(e.requestHash)) {
      model.set(e.requestHash, { output: e.output, model: e.model });
    }
    if (
      e.type === "tool.returned" &&
      e.result.ok &&
      !e.cached &&
      e.output !== null &&
      !tools.has(e.idempotencyKey)
    ) {
      tools.set(e.idempotencyKey, { result: e.result, output: e.output });
    }
  }
  return into;
}

const emptyCache = (): FillableCache => ({ model: new Map(), tools: new Map() });

/**
 * A new run whose history is the parent's events up to `seq` — read in place, never copied, so a
 * fork costs the same after 10 events or 10,000 — linked to its parent, with optional edits; it
 * continues from there, reusing the parent's recorded replies for identical requests.
 */
export async function forkRun(service: RunService, input: unknown): Promise<{ runId: string }> {
  const parsed = ForkRunInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { runId, seq, by, memory, answer, budgets } = parsed.data;
  const parent = await requireRun(service, runId);
  if (seq > parent.lastSeq) {
    throw new ServiceError(
      "seq_out_of_range",
      `Run ${runId} has events 0…${parent.lastSeq}; there is no seq ${seq}.`,
    );
  }
  const childId = newRunId();
  // What the edits are checked against and the row is projected from: the state at the fork
  // without its history (the parent's nearest snapshot and the few events after it, leaving out
  // every reply, output and decision), so creating a fork costs the same after 10 events or
  // 10,000. The child's whole state is read once it is active, before its first step.
  const at = await slimStateAt(service.store, runId, seq);
  const state0: RunState = { ...at, runId: childId, parentRunId: runId };
  for (const m of memory) {
    if (!state0.memory.entries[m.id])
      throw new ServiceError("invalid_input", `memory: no entry ${m.id} at seq ${seq}.`);
  }
  const asked = answer ? state0.questions[answer.questionId] : undefined;
  if (answer && !asked) {
    throw new ServiceError("invalid_input", `answer: no question ${answer.questionId} at seq ${seq}.`);
  }
  if (answer && asked?.status === "answered") {
    throw new ServiceError(
      "invalid_input",
      `answer: ${answer.questionId} was already answered at or before #${seq} (“${asked.answer ?? ""}”); ` +
        "fork from before its answer to answer it differently.",
    );
  }
  // Only a question the run waits on; one asked aside holds nothing up.
  const open = Object.values(state0.questions).filter((q) => q.status === "pending" && q.blocking !== false);
  const unanswered = open.find((q) => q.id !== answer?.questionId);
  if (unanswered) {
    // The parent still waits on it: a fork without an answer would only wait on it a second time.
    throw new ServiceError(
      "answer_required",
      `At #${seq} the run waits for an answer to ${unanswered.id} (“${unanswered.prompt}”): answer it in the fork.`,
    );
  }
  const goal = parsed.data.goal !== undefined && parsed.data.goal !== state0.goal ? parsed.data.goal : null;
  const changedBudgets =
    budgets && Object.keys(budgets).length > 0 ? { ...state0.config.budgets, ...budgets } : null;
  const cache = emptyCache();
  const deps = await service.deps(childId, parent.model, cache, parent.config.faults);

  const edits: NewEvent[] = [];
  if (goal !== null) edits.push({ type: "goal.amended", text: goal, by });
  for (const m of memory)
    edits.push({ type: "memory.updated", id: m.id, patch: m.patch, reason: `edited by ${by} when forking` });
  if (answer)
    edits.push({ type: "question.answered", questionId: answer.questionId, answer: answer.answer, by });
  const forked: NewEvent = {
    type: "run.forked",
    parentRunId: runId,
    forkSeq: seq,
    by,
    goal,
    budgets: budgets && Object.keys(budgets).length > 0 ? budgets : null,
    edits: edits.length,
  };
  const now = deps.clock.now();
  let state = state0;
  const entries = [forked, ...edits].map((e, i) => {
    const event = { ...e, runId: childId, seq: seq + 1 + i, at: now } as RunEvent;
    state = reduce(state, event);
    return { event, state };
  });
  const inherited = await inheritedQuestions(service.store, runId, open);
  await service.store.insertFork(
    {
      id: childId,
      goal: goal ?? state0.goal,
      model: parent.model,
      config: changedBudgets ? { ...parent.config, budgets: changedBudgets } : parent.config,
      parentRunId: runId,
      forkSeq: seq,
      prefixRunId: runId,
      readOnly: false,
    },
    inherited,
    entries,
  );
  const lastSeq = entries.at(-1)?.event.seq ?? seq;
  const build = async () => new RunContext(await stateAt(service.store, childId, lastSeq), deps);
  // The parent's later replies are read after the fork exists (their number is not the fork's
  // cost), before the child's first step.
  const ready = service.store
    .events(runId, seq)
    .then((after) => void replayCacheOf(after, cache))
    .catch((e) =>
      service.log(`fork ${childId}: the parent's replies could not be read; calls are made anew:`, e),
    );
  void service.launchBuilt(childId, build, deps.abort, ready);
  return { runId: childId };
}

/** The questions open at the fork, with when they were asked (their own event, one row each). */
async function inheritedQuestions(
  store: RunStore,
  runId: string,
  open: RunState["questions"][string][],
): Promise<InheritedQuestion[]> {
  return Promise.all(
    open.map(async (q) => {
      const [asked] = await store.events(runId, q.askedSeq - 1, 1);
      return {
        questionId: q.id,
        prompt: q.prompt,
        choices: q.choices,
        taskId: q.taskId,
        origin: q.origin,
        askedAt: new Date(asked?.at ?? Date.now()),
      };
    }),
  );
}
