import { expect, it } from "vitest";
import { describeOnEachDatabase } from "@/db/test-databases";
import { ServiceError } from "../errors";
import { settled, testService } from "../testing/service-harness";
import { amendGoal } from "./amend-goal";
import { answerQuestion } from "./answer-question";
import { cancelRun } from "./cancel-run";
import { forkRun } from "./fork-run";
import { getRun, listQuestions } from "./queries";
import { rollbackRun } from "./rollback-run";
import { startRun } from "./start-run";

const code = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e instanceof ServiceError ? e.code : `unexpected: ${String(e)}`;
  }
  return "no error";
};

const NUL = "before\u0000after";
const LONE = "before\ud800after";

// Each wedge of issue 11: text the database refuses used to be acted on first and refused after.
describeOnEachDatabase("bad text never wedges a run", (handle) => {
  it("refuses a goal with a NUL or a lone surrogate before any row exists", async () => {
    const { service, store } = await testService(handle().db);
    const before = (await store.runs({ limit: 500 })).length;
    for (const goal of [NUL, LONE, "\udc00 alone"]) {
      expect(await code(startRun(service, { goal }))).toBe("invalid_input");
    }
    const faults = [{ tool: "read", taskId: `r${NUL}`, kind: "permanent" }];
    expect(await code(startRun(service, { goal: "ok", config: { faults } }))).toBe("invalid_input");
    expect((await store.runs({ limit: 500 })).length).toBe(before);
    expect(await store.unfinishedRuns()).toEqual([]);
  });

  it("refuses a bad answer and leaves the question open; the right answer then goes through", async () => {
    const { service } = await testService(handle().db);
    const { runId } = await startRun(service, { goal: "help me" });
    await settled(service, runId);
    const [q] = (await listQuestions(service, { status: "pending" })).filter((x) => x.runId === runId);
    if (!q) throw new Error("no question");
    expect(await code(answerQuestion(service, { questionId: q.id, answer: NUL, by: "rita" }))).toBe(
      "invalid_input",
    );
    expect(await code(answerQuestion(service, { questionId: q.id, answer: LONE, by: "rita" }))).toBe(
      "invalid_input",
    );
    expect(await code(answerQuestion(service, { questionId: q.id, answer: "ok", by: NUL }))).toBe(
      "invalid_input",
    );
    expect((await service.store.question(q.id))?.status).toBe("pending");
    await answerQuestion(service, {
      questionId: q.id,
      answer: "Compare Loomwork and Relaywright for enterprise use",
      by: "rita",
    });
    expect((await settled(service, runId)).status).toBe("succeeded");
  });

  it("keeps the question open when the database refuses the answer's event (claim and event are one change)", async () => {
    const { service, store } = await testService(handle().db);
    const { runId } = await startRun(service, { goal: "help me" });
    await settled(service, runId);
    const [q] = await store.questions({ runId });
    if (!q) throw new Error("no question");
    // Past validation, the database itself refuses the event (a NUL slipped into it).
    const appendBatch = store.appendBatch.bind(store);
    store.appendBatch = (entries) =>
      appendBatch(
        entries.map(({ event, state }) => ({
          event: event.type === "question.answered" ? { ...event, answer: NUL } : event,
          state,
        })),
      );
    expect(await code(answerQuestion(service, { questionId: q.id, answer: "first", by: "rita" }))).toMatch(
      /^unexpected/,
    );
    store.appendBatch = appendBatch;
    expect((await store.question(q.id))?.status).toBe("pending");
    await answerQuestion(service, {
      questionId: q.id,
      answer: "Compare Loomwork and Relaywright for enterprise use",
      by: "rita",
    });
    expect((await settled(service, runId)).status).toBe("succeeded");
  });

  it("refuses a bad cancel reason; a cancel then stops the run, closes its question and refuses late answers", async () => {
    const { service } = await testService(handle().db);
    const { runId } = await startRun(service, { goal: "help me" });
    await settled(service, runId);
    const [q] = (await listQuestions(service, { status: "pending" })).filter((x) => x.runId === runId);
    if (!q) throw new Error("no question");
    expect(await code(cancelRun(service, { runId, reason: NUL }))).toBe("invalid_input");
    expect(await code(cancelRun(service, { runId, by: LONE }))).toBe("invalid_input");
    expect((await getRun(service, runId)).status).toBe("waiting");
    expect(await cancelRun(service, { runId, by: "rita", reason: "wrong goal" })).toMatchObject({
      changed: true,
    });
    expect((await settled(service, runId)).status).toBe("cancelled");
    const pending = await listQuestions(service, { status: "pending" });
    expect(pending.map((x) => x.id)).not.toContain(q.id);
    expect(await code(answerQuestion(service, { questionId: q.id, answer: "too late", by: "sam" }))).toBe(
      "conflict",
    );
    expect((await settled(service, runId)).status).toBe("cancelled");
  });

  it("cancels a running loop and reads the outcome back from the store", async () => {
    const { service } = await testService(handle().db);
    const { runId } = await startRun(service, { goal: "Project X pricing across vendors" });
    const result = await cancelRun(service, { runId, by: "rita" });
    const run = await settled(service, runId);
    // Either the cancel landed, or the run had already ended and the answer says so.
    if (result.changed) expect(run.status).toBe("cancelled");
    else expect(run.status).not.toBe("cancelled");
    expect(await service.store.unfinishedRuns()).not.toContain(runId);
  });

  it("refuses a bad amendment instead of queueing it to be dropped", async () => {
    const { service, store } = await testService(handle().db);
    const { runId } = await startRun(service, { goal: "help me" });
    await settled(service, runId);
    const lastSeq = (await store.run(runId))?.lastSeq;
    expect(await code(amendGoal(service, { runId, text: NUL, by: "rita" }))).toBe("invalid_input");
    expect(await code(amendGoal(service, { runId, text: LONE, by: "rita" }))).toBe("invalid_input");
    expect(await code(amendGoal(service, { runId, text: "x".repeat(4_001), by: "rita" }))).toBe(
      "invalid_input",
    );
    expect((await store.run(runId))?.lastSeq).toBe(lastSeq);
    expect(await amendGoal(service, { runId, text: "also cover pricing", by: "rita" })).toMatchObject({
      delivery: "recorded",
    });
  });

  it("answers malformed ids with 400 and unknown ones with 404, never a database error", async () => {
    const { service } = await testService(handle().db);
    for (const runId of ["run\u0000x", "%00", "run_\ud800", "../etc", "x".repeat(81), "", "a b"]) {
      expect(await code(getRun(service, runId)), JSON.stringify(runId)).toBe("invalid_input");
      expect(await code(cancelRun(service, { runId }))).toBe("invalid_input");
      expect(await code(amendGoal(service, { runId, text: "x", by: "y" }))).toBe("invalid_input");
      expect(await code(forkRun(service, { runId, seq: 0 }))).toBe("invalid_input");
      expect(await code(rollbackRun(service, { runId, snapshotId: "s1", by: "y", reason: "z" }))).toBe(
        "invalid_input",
      );
    }
    for (const questionId of ["q\u0000", "q\ud800", "a b", "x".repeat(301)]) {
      expect(await code(answerQuestion(service, { questionId, answer: "x", by: "y" }))).toBe("invalid_input");
    }
    expect(await code(getRun(service, "run_unknown"))).toBe("run_not_found");
    expect(await code(answerQuestion(service, { questionId: "run_x~q:1", answer: "x", by: "y" }))).toBe(
      "question_not_found",
    );
  });

  it("refuses a fork whose edits the database could not store, leaving no orphan run", async () => {
    const { service, store } = await testService(handle().db);
    const { runId } = await startRun(service, { goal: "help me" });
    await settled(service, runId);
    const before = (await store.runs({ limit: 500 })).length;
    expect(await code(forkRun(service, { runId, seq: 1, by: NUL }))).toBe("invalid_input");
    const patch = { text: NUL };
    expect(await code(forkRun(service, { runId, seq: 1, memory: [{ id: "m1", patch }] }))).toBe(
      "invalid_input",
    );
    expect((await store.runs({ limit: 500 })).length).toBe(before);
  });
});

describeOnEachDatabase("long goals the builtin planner must fit", (handle) => {
  it("plans a 20-vendor comparison within the 200-character task titles", async () => {
    const { service, store } = await testService(handle().db);
    const names = Array.from({ length: 20 }, (_, i) => `Vendorname${String.fromCharCode(65 + i)}corp`);
    // Made-up names no document mentions would be asked about first; this test is about planning.
    const { runId } = await startRun(service, {
      goal: `Compare ${names.join(", ")} on pricing for enterprise use`,
      config: { executive: { askUser: false } },
    });
    const run = await settled(service, runId);
    expect(run.outcomeCode).not.toBe("plan_invalid");
    expect((await store.events(runId)).some((e) => e.type === "plan.validated")).toBe(true);
  }, 60_000);
});
