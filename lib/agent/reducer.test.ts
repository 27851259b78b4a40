import { describe, expect, it } from "vitest";
import type { EventOf, RunEvent } from "./events";
import { answerQuestion, createRun, drive } from "./loop";
import { reduce, reduceAll, replay } from "./reducer";
import { initialState, type RunState } from "./state";
import { makeDeps, reportTask, workTask } from "./testing/harness";

const reflection = (action: string, extra: Record<string, string> = {}) => ({
  goalAlignment: "aligned",
  evidence: "thin",
  missingConditions: "a second item",
  conflicts: "none",
  nextAction: `do ${action}`,
  action: action as "retry",
  hint: "v2",
  question: "",
  conclusion: `${action} it`,
  ...extra,
});

/** Runs that touch every kind of write the reducer makes: retries, reflections, repair, replan, rollback, a question. */
async function logs(): Promise<RunEvent[][]> {
  const out: RunEvent[][] = [];
  {
    const { deps, events } = makeDeps({
      plan: [
        workTask("a"),
        workTask("b"),
        workTask("c", ["a"]),
        workTask("d", ["b", "c"]),
        reportTask(["d"]),
      ],
      behaviours: { b: { transient: 1 }, c: { items: 1 }, "c:v2": { items: 4 } },
      overrides: { reflect: () => reflection("retry") },
    });
    await drive(await createRun(deps, { runId: "retry", goal: "g" }));
    out.push(events);
  }
  {
    const { deps, events } = makeDeps({
      plan: [workTask("a"), workTask("b", ["a"]), reportTask(["b"])],
      behaviours: { b: { items: 1 }, "b:v2": { items: 3 } },
      overrides: { reflect: () => reflection("rollback") },
    });
    await drive(await createRun(deps, { runId: "rollback", goal: "g", config: { concurrency: 1 } }));
    out.push(events);
  }
  {
    const { deps, events } = makeDeps({
      plan: [workTask("a"), workTask("b", ["a"]), reportTask(["b"])],
      behaviours: { b: { permanent: true } },
      overrides: {
        repair: () => ({ action: "skip_task", task: null, reason: "try skipping" }),
        plan: (c) =>
          c.purpose === "plan" && c.mode === "replan"
            ? {
                rationale: "route around b",
                tasks: [workTask("b2", ["a"]), { ...reportTask(["b2"]), id: "r2" }],
              }
            : { rationale: "first", tasks: [workTask("a"), workTask("b", ["a"]), reportTask(["b"])] },
      },
    });
    await drive(await createRun(deps, { runId: "replan", goal: "g" }));
    out.push(events);
  }
  {
    // Asking is off, so the blocked task is planned around.
    const first = [workTask("a"), workTask("b", ["a"]), reportTask(["b"])];
    const around = [workTask("a2"), workTask("b", ["a2"]), reportTask(["b"])];
    const { deps, events } = makeDeps({
      behaviours: { a: { items: 1 } },
      overrides: {
        plan: (c) => ({
          rationale: "test",
          tasks: c.purpose === "plan" && c.mode === "replan" ? around : first,
        }),
        reflect: () => reflection("ask_user", { question: "What does a need?" }),
      },
    });
    const config = { executive: { askUser: false, replan: true } };
    await drive(await createRun(deps, { runId: "blocked", goal: "g", config }));
    out.push(events);
  }
  {
    const { deps, events } = makeDeps({
      plan: [workTask("a"), reportTask(["a"])],
      behaviours: { a: { empty: true } },
      overrides: { reflect: () => reflection("ask_user", { question: "Can you provide the figure?" }) },
    });
    const ctx = await createRun(deps, { runId: "ask", goal: "g" });
    await drive(ctx);
    const asked = events.find((e): e is EventOf<"question.asked"> => e.type === "question.asked");
    if (!asked) throw new Error("the run asked nothing");
    await answerQuestion(ctx, asked.questionId, "The figure is 42.", "dana");
    await drive(ctx);
    out.push(events);
  }
  return out;
}

const oneByOne = (state: RunState, events: RunEvent[]) => events.reduce(reduce, state);

describe("reduceAll", () => {
  it("equals reducing one event at a time, over every batch size, and never changes the state it is given", async () => {
    const all = await logs();
    const types = new Set(all.flat().map((e) => e.type));
    for (const t of [
      "reflection",
      "rollback",
      "plan.repaired",
      "plan.replanned",
      "question.answered",
    ] as const)
      expect(types, `the logs lack ${t}`).toContain(t);
    for (const events of all) {
      const runId = events[0]?.runId ?? "";
      const expected = oneByOne(initialState(runId), events);
      expect(replay(events)).toEqual(expected);
      for (const size of [2, 3, 7, 50]) {
        let state = initialState(runId);
        for (let i = 0; i < events.length; i += size) {
          const batch = events.slice(i, i + size);
          const before = JSON.stringify(state);
          const next = reduceAll(state, batch);
          expect(JSON.stringify(state), `batch at #${i} of ${runId} changed its input`).toBe(before);
          expect(next, `${runId} after #${i + batch.length - 1}`).toEqual(
            oneByOne(initialState(runId), events.slice(0, i + batch.length)),
          );
          state = next;
        }
      }
    }
  });

  it("keeps the objects of tasks the batch did not touch, so memoised views skip them", async () => {
    const [events = []] = await logs();
    const mid = Math.floor(events.length / 2);
    const before = replay(events.slice(0, mid));
    const batch = events.slice(mid, mid + 3);
    const touched = new Set(batch.map((e) => ("taskId" in e ? e.taskId : null)));
    const after = reduceAll(before, batch);
    for (const id of before.taskOrder) {
      if (!touched.has(id)) expect(after.tasks[id], id).toBe(before.tasks[id]);
    }
  });
});
