import { expect, it } from "vitest";
import { describeOnEachDatabase } from "@/db/test-databases";
import { BuiltinModel } from "../../llm/builtin/builtin-model";
import { ServiceError } from "../errors";
import { settled, testService } from "../testing/service-harness";
import { amendGoal } from "./amend-goal";
import { answerQuestion } from "./answer-question";
import { listQuestions } from "./queries";
import { startRun } from "./start-run";

const code = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e instanceof ServiceError ? e.code : `unexpected: ${String(e)}`;
  }
  return "no error";
};

const HAN = /[\u4e00-\u9fff]{6}/u;

describeOnEachDatabase("amending a run's goal", (handle) => {
  it("queues a change for a running loop, which re-plans the rest and keeps finished work", async () => {
    const { service, store } = await testService(handle().db, {
      model: () => new BuiltinModel({ latencyMs: 15 }),
    });
    const { runId } = await startRun(service, {
      goal: "Compare Loomwork and Relaywright on task success and pricing",
    });
    // Wait until some research is done, then change the requirements.
    for (let i = 0; i < 400; i++) {
      const events = await store.events(runId);
      if (events.some((e) => e.type === "task.succeeded")) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const r = await amendGoal(service, {
      runId,
      text: "Please write the final report in Chinese.",
      by: "rita",
    });
    expect(r).toEqual({ runId, delivery: "queued" });
    const run = await settled(service, runId);
    expect(run.status).toBe("succeeded");
    const events = await store.events(runId);
    const amended = events.find((e) => e.type === "goal.amended");
    expect(amended).toMatchObject({ text: "Please write the final report in Chinese.", by: "rita" });
    const replanned = events.find((e) => e.type === "plan.replanned" && e.trigger === "requirements_changed");
    expect(replanned?.seq).toBeGreaterThan(amended?.seq ?? Infinity);
    // Nothing that had succeeded before the change ran again.
    const doneBefore = new Set(
      events.flatMap((e) => (e.type === "task.succeeded" && e.seq < (amended?.seq ?? 0) ? [e.taskId] : [])),
    );
    expect(doneBefore.size).toBeGreaterThan(0);
    const rerun = events.filter(
      (e) => e.type === "tool.called" && e.seq > (amended?.seq ?? 0) && doneBefore.has(e.taskId),
    );
    expect(rerun).toEqual([]);
    expect(String((await store.artifact(runId, "report"))?.data)).toMatch(HAN);
  });

  it("records a change for a paused run, which follows it once the question is answered", async () => {
    const { service, store } = await testService(handle().db);
    const { runId } = await startRun(service, { goal: "help me" });
    expect((await settled(service, runId)).status).toBe("waiting");
    const r = await amendGoal(service, { runId, text: "Write it in Chinese.", by: "rita" });
    expect(r).toEqual({ runId, delivery: "recorded" });
    expect((await store.run(runId))?.status).toBe("waiting");
    const q = (await listQuestions(service, { status: "pending" })).find((x) => x.runId === runId);
    if (!q) throw new Error("no pending question");
    await answerQuestion(service, {
      questionId: q.id,
      answer: "Project X pricing across vendors",
      by: "rita",
    });
    expect((await settled(service, runId)).status).toBe("succeeded");
    const events = await store.events(runId);
    expect(events.find((e) => e.type === "goal.clarified")).toMatchObject({ amendments: 1 });
    expect(String((await store.artifact(runId, "report"))?.data)).toMatch(HAN);
  });

  it("refuses an empty change, an unknown run and a run that has ended", async () => {
    const { service } = await testService(handle().db);
    const { runId } = await startRun(service, { goal: "Project X pricing across vendors" });
    expect((await settled(service, runId)).status).toBe("succeeded");
    expect(await code(amendGoal(service, { runId, text: "also cover risks", by: "rita" }))).toBe("conflict");
    expect(await code(amendGoal(service, { runId, text: "  ", by: "rita" }))).toBe("invalid_input");
    expect(await code(amendGoal(service, { runId, text: "x", by: "" }))).toBe("invalid_input");
    expect(await code(amendGoal(service, { runId: "run_missing", text: "x", by: "rita" }))).toBe(
      "run_not_found",
    );
  });
});
