import { expect, it } from "vitest";
import { describeOnEachDatabase } from "@/db/test-databases";
import { settled, testService } from "../testing/service-harness";
import { listQuestions } from "./queries";
import { armQuestionDeadlines } from "./resume-runs";
import { startRun } from "./start-run";

const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
};

describeOnEachDatabase("question deadlines in the service", (handle) => {
  it("ends a run whose question nobody answers by its deadline, with no one visiting it", async () => {
    const { service, store } = await testService(handle().db);
    const { runId } = await startRun(service, { goal: "help me", config: { questionDeadlineMs: 1_000 } });
    expect((await settled(service, runId)).status).toBe("waiting");
    const [q] = (await listQuestions(service, { status: "pending" })).filter((x) => x.runId === runId);
    expect(q?.onDeadline).toBeNull();
    expect(q?.deadline && new Date(q.deadline).getTime() - new Date(q.askedAt).getTime()).toBe(1_000);
    // The service's own timer drives the run at the deadline.
    expect(await until(async () => (await store.run(runId))?.status === "failed")).toBe(true);
    await settled(service, runId);
    const run = await store.run(runId);
    expect(run?.status).toBe("failed");
    const answered = await store.question(q?.id ?? "");
    expect(answered).toMatchObject({ status: "answered", decidedBy: "deadline" });
    const events = await store.events(runId);
    expect(events.at(-1)).toMatchObject({ type: "run.failed", code: "unanswered" });
    expect(events.some((e) => e.type === "artifact.written")).toBe(false);
  });

  it("re-arms deadlines at start: a question that expired while the server was down takes effect at once", async () => {
    const first = await testService(handle().db);
    const { runId } = await startRun(first.service, {
      goal: "help me",
      config: { questionDeadlineMs: 1_000 },
    });
    expect((await settled(first.service, runId)).status).toBe("waiting");
    // The first server stops before its timer fires (no timers survive a restart).
    first.service.armDeadline(runId, null);
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await first.store.run(runId))?.status).toBe("waiting");
    const second = await testService(handle().db);
    expect(await armQuestionDeadlines(second.service)).toBeGreaterThanOrEqual(1);
    expect(await until(async () => (await second.store.run(runId))?.status === "failed")).toBe(true);
    await settled(second.service, runId);
  });
});
