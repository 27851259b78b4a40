import { expect, it } from "vitest";
import type { ChatModel } from "../llm/chat-model";
import { createRun, drive } from "./loop";
import type { RunContext } from "./run-context";
import { makeDeps, reportTask, workTask } from "./testing/harness";

const plan = [workTask("a"), workTask("b", ["a"]), reportTask(["b"])];

/** The model answers after `ms` of real time; `during` sees the run while it waits. */
function slow(model: ChatModel, ms: number, during: () => void): ChatModel {
  const wait = async <T>(p: Promise<T>) => {
    await new Promise((r) => setTimeout(r, ms));
    during();
    return p;
  };
  return {
    name: model.name,
    generateObject: ((a) => wait(model.generateObject(a))) as ChatModel["generateObject"],
    callTools: (a) => wait(model.callTools(a)),
  };
}

it("stores the run so far while a slow model call waits, and commits in batches otherwise", async () => {
  const { deps } = makeDeps({ plan });
  const stored: number[] = [];
  let batches = 0;
  deps.sink = {
    append: () => {
      throw new Error("batches only");
    },
    appendBatch: (entries) => {
      batches++;
      for (const e of entries) stored.push(e.event.seq);
    },
  };
  let ctx: RunContext | undefined;
  const seen: { emitted: number; stored: number }[] = [];
  deps.model = slow(deps.model, 60, () => {
    if (ctx) seen.push({ emitted: ctx.state.seq + 1, stored: stored.length });
  });
  ctx = await createRun(deps, { runId: "slow", goal: "Compare a and b" });
  const state = await drive(ctx);
  expect(state.status).toBe("succeeded");
  expect(stored).toEqual(stored.map((_, i) => i));
  expect(stored).toHaveLength(state.seq + 1);
  // During every model call all events emitted before it were already stored.
  expect(seen.length).toBeGreaterThan(3);
  for (const s of seen) expect(s.stored).toBe(s.emitted);
  expect(batches).toBeLessThan(stored.length / 3);
});

it("leaves nothing unstored when the loop stops on a failed write, and emits nothing after it", async () => {
  const { deps } = makeDeps({ plan });
  const stored: number[] = [];
  let calls = 0;
  deps.sink = {
    append: () => {},
    appendBatch: (entries) => {
      if (++calls === 3) throw new Error("disk full");
      for (const e of entries) stored.push(e.event.seq);
    },
  };
  const ctx = await createRun(deps, { runId: "fail", goal: "Compare a and b" });
  await expect(drive(ctx)).rejects.toThrow("disk full");
  // A prefix, and no batch after the failed one.
  expect(stored).toEqual(stored.map((_, i) => i));
  expect(calls).toBe(3);
  await expect(ctx.emit({ type: "task.ready", taskId: "a" })).rejects.toThrow("disk full");
});
