import { describe, expect, it } from "vitest";
import type { EventOf, RunEvent, RunEventType } from "./events";
import { answerQuestion, createRun, drive } from "./loop";
import type { Mailbox } from "./runtime";
import { makeDeps, reportTask, workTask } from "./testing/harness";

const of = <T extends RunEventType>(events: RunEvent[], type: T) =>
  events.filter((e): e is EventOf<T> => e.type === type);

/** A three-step run with one question asked aside before it starts (as the gate asks one mid-run). */
async function asideRun(opts: { deadlineIn?: number; mailbox?: Mailbox } = {}) {
  const made = makeDeps({ plan: [workTask("a"), workTask("b"), reportTask(["a", "b"])] });
  if (opts.mailbox) made.deps.mailbox = opts.mailbox;
  const ctx = await createRun(made.deps, { runId: "t", goal: "g" });
  await ctx.emit({
    type: "question.asked",
    questionId: "q:a:0:0",
    prompt: "Nothing read gives the 2023 share. The run goes on without waiting.",
    choices: ["none"],
    taskId: "a",
    origin: "gate",
    deadline: opts.deadlineIn === undefined ? null : made.clock.now() + opts.deadlineIn,
    onDeadline: "none",
    blocking: false,
  });
  return { ...made, ctx };
}

describe("questions asked aside (non-blocking)", () => {
  it("do not hold the run or its task: the run goes on to its report while the question is open", async () => {
    const { ctx, events } = await asideRun();
    expect(ctx.state.status).not.toBe("waiting");
    const state = await drive(ctx);
    expect(state.status, state.outcome?.reason).toBe("succeeded");
    expect(state.questions["q:a:0:0"]).toMatchObject({ status: "pending", blocking: false });
    expect(state.tasks.a?.status).toBe("succeeded");
    expect(state.counters.questions).toBe(1);
    expect(of(events, "goal.amended")).toHaveLength(0);
  });

  it("an answer given while the run runs becomes an amendment of its goal, once, and the spec takes it in", async () => {
    const { ctx, events } = await asideRun();
    await answerQuestion(ctx, "q:a:0:0", "Use 12% for 2023 (our analyst's figure).", "dana");
    expect(ctx.state.status).not.toBe("waiting");
    const state = await drive(ctx);
    const amended = of(events, "goal.amended");
    expect(amended).toHaveLength(1);
    expect(amended[0]).toMatchObject({
      text: "Use 12% for 2023 (our analyst's figure).",
      by: "dana",
      questionId: "q:a:0:0",
    });
    expect(state.amendmentsApplied).toBe(1);
    expect(state.status, state.outcome?.reason).toBe("succeeded");
  });

  it("the reviewer's answer can come through the mailbox between steps", async () => {
    let given = 0;
    const mailbox: Mailbox = {
      take: () => [],
      answers: (s) =>
        Object.values(s.questions).flatMap((q) =>
          q.status === "pending" && q.blocking === false && given++ === 0
            ? [{ questionId: q.id, answer: "The 2023 share was 12%.", by: "reviewer" }]
            : [],
        ),
    };
    const { ctx, events } = await asideRun({ mailbox });
    const state = await drive(ctx);
    expect(of(events, "question.answered")).toMatchObject([{ questionId: "q:a:0:0", by: "reviewer" }]);
    expect(of(events, "goal.amended")).toMatchObject([
      { text: "The 2023 share was 12%.", questionId: "q:a:0:0" },
    ]);
    expect(state.status).toBe("succeeded");
  });

  it.each(["None.", "retry", "stop", "没有", "不知道"])(
    'an answer of "%s" leaves the gap and amends nothing',
    async (answer) => {
      const { ctx, events } = await asideRun();
      await answerQuestion(ctx, "q:a:0:0", answer, "dana");
      const state = await drive(ctx);
      expect(of(events, "goal.amended")).toHaveLength(0);
      expect(state.status).toBe("succeeded");
    },
  );

  it("takes no answer once the run has ended: it would change nothing", async () => {
    const { ctx } = await asideRun();
    expect((await drive(ctx)).status).toBe("succeeded");
    await expect(answerQuestion(ctx, "q:a:0:0", "Use 12% for 2023.", "dana")).rejects.toThrow(/closed/);
  });

  it("at its deadline it closes with its default, and the run neither waits nor fails", async () => {
    const { ctx, events, clock } = await asideRun({ deadlineIn: 1_000 });
    clock.advance(5_000);
    const state = await drive(ctx);
    expect(of(events, "question.answered")).toMatchObject([
      { questionId: "q:a:0:0", answer: "none", by: "deadline" },
    ]);
    expect(of(events, "goal.amended")).toHaveLength(0);
    expect(state.status, state.outcome?.reason).toBe("succeeded");
  });
});
