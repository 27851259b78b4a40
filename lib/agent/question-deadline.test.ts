import { describe, expect, it } from "vitest";
import type { EventOf, RunEvent, RunEventType } from "./events";
import { answerQuestion, createRun, drive } from "./loop";
import { makeDeps, reportTask, workTask } from "./testing/harness";

const of = <T extends RunEventType>(events: RunEvent[], type: T) =>
  events.filter((e): e is EventOf<T> => e.type === type);

const DAY = 86_400_000;

/** A plan whose step `a` exhausts the run's retries, so the monitor hands it to a person. */
const retryCapRun = (config: Record<string, unknown> = {}) => {
  const made = makeDeps({
    plan: [workTask("a"), workTask("b"), workTask("c"), reportTask(["a", "b", "c"])],
    behaviours: { a: { transient: 9 }, b: { transient: 9 }, c: { transient: 1 } },
  });
  const started = createRun(made.deps, {
    runId: "t",
    goal: "g",
    config: { globalRetryCap: 2, toolRetries: 0, ...config },
  });
  return { ...made, started };
};

describe("question deadlines", () => {
  it("a gate question on a step the report can do without is skipped at its deadline, and the run goes on", async () => {
    const { started, events, clock } = retryCapRun({ budgets: { wallMs: 60_000 } });
    const ctx = await started;
    let state = await drive(ctx);
    expect(state.status).toBe("waiting");
    const asked = of(events, "question.asked")[0] as EventOf<"question.asked">;
    expect(asked.origin).toBe("gate");
    expect(asked.onDeadline).toBe("skip");
    expect(asked.deadline).toBe(asked.at + DAY);
    expect(asked.prompt).toMatch(/Without an answer by the deadline, the run goes on without this step/);

    // Before the deadline nothing happens, however often the loop is driven.
    clock.advance(DAY - 1_000);
    const before = events.length;
    state = await drive(ctx);
    expect(state.status).toBe("waiting");
    expect(events.length).toBe(before);

    // At the deadline the default applies: the step is skipped and the run goes on.
    clock.advance(1_000);
    state = await drive(ctx);
    const answered = of(events, "question.answered")[0] as EventOf<"question.answered">;
    expect(answered).toMatchObject({ questionId: asked.questionId, answer: "skip", by: "deadline" });
    expect(state.tasks.a?.status).toBe("skipped");
    expect(of(events, "task.skipped")[0]?.reason).toMatch(/nobody answered its question by the deadline/);
    // The next step to exhaust the cap asks in turn; its deadline skips it too, and the run ends with
    // its report. Days of waiting do not count against the one-minute wall-clock budget.
    for (let n = 0; state.status === "waiting" && n < 5; n++) {
      clock.advance(DAY);
      state = await drive(ctx);
    }
    expect(of(events, "budget.exceeded")).toHaveLength(0);
    expect(of(events, "question.answered").every((e) => e.by === "deadline" && e.answer === "skip")).toBe(
      true,
    );
    expect(state.status, state.outcome?.reason).toBe("succeeded");
    expect(state.waitedMs).toBeGreaterThanOrEqual(2 * DAY);
  });

  it("a person who answers before the deadline wins, and the deadline then does nothing", async () => {
    const { started, events, clock } = retryCapRun();
    const ctx = await started;
    await drive(ctx);
    const asked = of(events, "question.asked")[0] as EventOf<"question.asked">;
    await answerQuestion(ctx, asked.questionId, "skip", "dana");
    clock.advance(2 * DAY);
    await drive(ctx);
    const answers = of(events, "question.answered").filter((e) => e.questionId === asked.questionId);
    expect(answers.map((e) => e.by)).toEqual(["dana"]);
  });

  it("a question with no safe default ends the run honestly at its deadline, with no report", async () => {
    const { deps, events, clock } = makeDeps({
      plan: [
        workTask("q", [], { tool: "ask_user", input: { question: "Which region is ours?" } }),
        reportTask(["q"]),
      ],
    });
    const ctx = await createRun(deps, { runId: "t", goal: "g", config: { questionDeadlineMs: 3_600_000 } });
    let state = await drive(ctx);
    expect(state.status).toBe("waiting");
    const asked = of(events, "question.asked")[0] as EventOf<"question.asked">;
    expect(asked).toMatchObject({ origin: "task", onDeadline: null, deadline: asked.at + 3_600_000 });
    clock.advance(3_600_000);
    state = await drive(ctx);
    expect(state.status).toBe("failed");
    expect(state.outcome?.code).toBe("unanswered");
    expect(state.outcome?.reason).toMatch(/Nobody answered “Which region is ours\?” by its deadline/);
    expect(of(events, "artifact.written")).toHaveLength(0);
    await expect(answerQuestion(ctx, asked.questionId, "EMEA", "late")).rejects.toThrow(
      /already answered by deadline/,
    );
  });

  it("with questionDeadlineMs null a question waits for as long as it takes", async () => {
    const { started, events, clock } = retryCapRun({ questionDeadlineMs: null });
    const ctx = await started;
    await drive(ctx);
    expect((of(events, "question.asked")[0] as EventOf<"question.asked">).deadline).toBeNull();
    clock.advance(365 * DAY);
    expect((await drive(ctx)).status).toBe("waiting");
  });

  it("after a run that ended unanswered is rolled back, the step asks again: the deadline answered nothing", async () => {
    const { deps, events, clock } = makeDeps({
      plan: [
        workTask("q", [], { tool: "ask_user", input: { question: "Which region is ours?" } }),
        reportTask(["q"]),
      ],
    });
    const ctx = await createRun(deps, { runId: "t", goal: "g", config: { questionDeadlineMs: 1_000 } });
    await drive(ctx);
    clock.advance(1_000);
    expect((await drive(ctx)).status).toBe("failed");
    const snapshot = Object.keys(ctx.state.snapshots)[0] as string;
    await ctx.emit({
      type: "rollback",
      snapshotId: snapshot,
      taskIds: ["q"],
      by: "dana",
      reason: "try again",
      hint: "",
      memory: ctx.state.memory,
    });
    const state = await drive(ctx);
    expect(state.status).toBe("waiting");
    const asked = of(events, "question.asked");
    expect(asked).toHaveLength(2);
    expect(asked[1]?.questionId).not.toBe(asked[0]?.questionId);
    expect(of(events, "tool.returned").some((e) => e.taskId === "q" && e.result.ok)).toBe(false);
  });
});
