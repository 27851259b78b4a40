import { expect, it } from "vitest";
import { describeOnEachDatabase } from "@/db/test-databases";
import { isServiceError } from "../errors";
import { settled, testService } from "../testing/service-harness";
import { answerQuestion } from "./answer-question";
import { listQuestions } from "./queries";
import { startRun } from "./start-run";

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (isServiceError(e)) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error("expected a refusal");
};

describeOnEachDatabase("answering a question", (handle) => {
  it("refuses a verdict on a clarify question and records nothing", async () => {
    const { service, store } = await testService(handle().db);
    const { runId } = await startRun(service, { goal: "help me" });
    expect((await settled(service, runId)).status).toBe("waiting");
    const [q] = (await listQuestions(service, { status: "pending" })).filter((x) => x.runId === runId);
    expect(q?.origin).toBe("clarify");
    const lastSeq = (await store.events(runId)).length;
    for (const decision of ["approve", "reject"]) {
      const refused = await failure(answerQuestion(service, { questionId: q?.id, decision, by: "vera" }));
      expect(refused.code).toBe("verdict_not_accepted");
    }
    expect((await store.question(q?.id ?? ""))?.status).toBe("pending");
    expect((await store.events(runId)).length).toBe(lastSeq);
  });

  it("tells the second reviewer what the first one answered", async () => {
    const { service } = await testService(handle().db);
    const { runId } = await startRun(service, { goal: "help me" });
    await settled(service, runId);
    const [q] = (await listQuestions(service, { status: "pending" })).filter((x) => x.runId === runId);
    await answerQuestion(service, {
      questionId: q?.id,
      answer: "Project X pricing across vendors",
      by: "rita",
    });
    const refused = await failure(answerQuestion(service, { questionId: q?.id, answer: "other", by: "sam" }));
    expect(refused.code).toBe("conflict");
    expect(refused.message).toContain("rita");
    expect(refused.message).toContain("Project X pricing across vendors");
    await settled(service, runId);
  });
});
