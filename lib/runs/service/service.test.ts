import { expect, it } from "vitest";
import { describeOnEachDatabase } from "@/db/test-databases";
import { replay } from "../../agent/reducer";
import { ServiceError } from "../errors";
import { seqs, settled, testService } from "../testing/service-harness";
import { answerQuestion } from "./answer-question";
import { cancelRun } from "./cancel-run";
import { listQuestions, runStateAt } from "./queries";
import { startRun } from "./start-run";

const code = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e instanceof ServiceError ? e.code : `unexpected: ${String(e)}`;
  }
  return "no error";
};

describeOnEachDatabase("run service", (handle) => {
  it("starts a run, returns its id at once, and stores every event in order", async () => {
    const { service, store } = await testService(handle().db);
    const { runId } = await startRun(service, { goal: "Project X pricing across vendors" });
    expect(runId).toMatch(/^run_/);
    const run = await settled(service, runId);
    expect(run.status).toBe("succeeded");
    const events = await store.events(runId);
    expect(seqs(events)).toEqual(events.map((_, i) => i));
    expect(run.lastSeq).toBe(events.length - 1);
    expect(run.toolCalls).toBeGreaterThan(3);
    expect(run.reportArtifactId).toBe("report");
    expect(String((await store.artifact(runId, "report"))?.data)).toContain("## Sources");
  });

  it("refuses invalid input with typed errors before anything is stored", async () => {
    const { service, store } = await testService(handle().db);
    const before = (await store.runs()).length;
    expect(await code(startRun(service, { goal: "" }))).toBe("invalid_input");
    expect(await code(startRun(service, { goal: "x".repeat(4_001) }))).toBe("invalid_input");
    expect(await code(startRun(service, { goal: "ok", model: "gpt-9" }))).toBe("invalid_input");
    expect(await code(startRun(service, { goal: "ok", config: { concurrency: 99 } }))).toBe("invalid_input");
    expect(await code(startRun(service, "not an object"))).toBe("invalid_input");
    expect((await store.runs()).length).toBe(before);
  });

  it("pauses on a question, lists it for reviewers, resumes on the answer, and refuses a second answer", async () => {
    const { service } = await testService(handle().db);
    const { runId } = await startRun(service, { goal: "help me" });
    expect((await settled(service, runId)).status).toBe("waiting");
    const pending = (await listQuestions(service, { status: "pending" })).filter((q) => q.runId === runId);
    expect(pending).toHaveLength(1);
    const q = pending[0] as (typeof pending)[number];
    expect(q.goal).toBe("help me");
    await answerQuestion(service, {
      questionId: q.id,
      answer: "Compare Loomwork and Relaywright for enterprise use",
      by: "rita",
    });
    const run = await settled(service, runId);
    expect(run.status).toBe("succeeded");
    expect(await code(answerQuestion(service, { questionId: q.id, answer: "again", by: "sam" }))).toBe(
      "conflict",
    );
    expect(await code(answerQuestion(service, { questionId: "nope", answer: "x", by: "sam" }))).toBe(
      "question_not_found",
    );
    expect(await code(answerQuestion(service, { questionId: q.id, by: "sam" }))).toBe("invalid_input");
  });

  it("cancels a waiting run, and treats cancelling a finished run as a harmless no-op", async () => {
    const { service } = await testService(handle().db);
    const waiting = await startRun(service, { goal: "help me" });
    await settled(service, waiting.runId);
    const r1 = await cancelRun(service, { runId: waiting.runId, by: "rita", reason: "wrong goal" });
    expect(r1.changed).toBe(true);
    expect((await service.store.run(waiting.runId))?.status).toBe("cancelled");
    const r2 = await cancelRun(service, { runId: waiting.runId });
    expect(r2).toEqual({ changed: false, message: "The run already cancelled; nothing to cancel." });
    expect(await code(cancelRun(service, { runId: "run_missing" }))).toBe("run_not_found");
  });

  it("rebuilds the state at any step from the nearest snapshot plus later events", async () => {
    const { service, store } = await testService(handle().db);
    const { runId } = await startRun(service, { goal: "Project X market size and growth by region" });
    await settled(service, runId);
    const events = await store.events(runId);
    for (const seq of [0, 7, 25, 26, 60, events.length - 1]) {
      const at = await runStateAt(service, runId, seq);
      expect(at, `state at ${seq}`).toEqual(replay(events.slice(0, seq + 1)));
    }
    expect(await code(runStateAt(service, runId, events.length + 5))).toBe("seq_out_of_range");
  });
});

describeOnEachDatabase("run service with injected tool faults", (handle) => {
  it("repairs the plan around a permanent tool failure and still delivers the report", async () => {
    const { service, store } = await testService(handle().db);
    const { runId } = await startRun(service, {
      goal: "Compare Loomwork and Relaywright for enterprise use",
      config: { faults: [{ tool: "read", taskId: "r1", kind: "permanent" }] },
    });
    const run = await settled(service, runId);
    expect(run.status).toBe("succeeded");
    const events = await store.events(runId);
    const failed = events.find((e) => e.type === "tool.returned" && e.taskId === "r1" && !e.result.ok);
    expect(failed).toMatchObject({ result: { code: "unavailable" } });
    const repaired = events.find((e) => e.type === "plan.repaired");
    expect(repaired).toMatchObject({ trigger: "permanent_error" });
  });
});
