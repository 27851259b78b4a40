import { expect, it } from "vitest";
import { describeOnEachDatabase } from "@/db/test-databases";
import { ServiceError } from "../errors";
import { settled, testService } from "../testing/service-harness";
import { answerQuestion } from "./answer-question";
import { forkRun } from "./fork-run";
import { startRun } from "./start-run";
import { exportRun, importRun } from "./transfer-run";

const errorCode = (p: Promise<unknown>) =>
  p.then(
    () => "no error",
    (e) => (e instanceof ServiceError ? e.code : String(e)),
  );

const strip = ({ runId: _r, at: _a, ...rest }: { runId: string; at: number }) => rest;

describeOnEachDatabase("fork, export and import", (handle) => {
  it("forks from a past step: the parent's prefix, linked, finishing with replayed calls marked", async () => {
    const { service, store } = await testService(handle().db);
    const parent = await startRun(service, { goal: "Compare Loomwork and Relaywright for enterprise use" });
    await settled(service, parent.runId);
    const parentEvents = await store.events(parent.runId);
    const forkAt = parentEvents.findIndex((e) => e.type === "iteration.finished");
    const child = await forkRun(service, { runId: parent.runId, seq: forkAt, by: "dev" });
    const run = await settled(service, child.runId);
    expect(run.parentRunId).toBe(parent.runId);
    expect(run.forkSeq).toBe(forkAt);
    expect(run.status).toBe("succeeded");
    const childEvents = await store.events(child.runId);
    const prefix = childEvents.slice(0, forkAt + 1);
    expect(prefix.slice(1).map(strip)).toEqual(parentEvents.slice(1, forkAt + 1).map(strip));
    expect(prefix[0]).toMatchObject({ type: "run.started", parentRunId: parent.runId, forkSeq: forkAt });
    const after = childEvents.slice(forkAt + 1);
    const replayedModel = after.filter((e) => e.type === "model.called" && e.replayed);
    const replayedTools = after.filter((e) => e.type === "tool.returned" && e.replayed);
    expect(replayedModel.length).toBeGreaterThan(0);
    expect(replayedTools.length).toBeGreaterThan(0);
    expect(after.filter((e) => e.type === "tool.called")).toHaveLength(0);
  });

  it("forks with an edited answer, and refuses a seq that does not exist", async () => {
    const { service, store } = await testService(handle().db);
    const parent = await startRun(service, { goal: "help me" });
    await settled(service, parent.runId);
    const events = await store.events(parent.runId);
    const asked = events.find((e) => e.type === "question.asked");
    if (asked?.type !== "question.asked") throw new Error("expected a question");
    const child = await forkRun(service, {
      runId: parent.runId,
      seq: asked.seq,
      by: "dev",
      answer: { questionId: asked.questionId, answer: "Project X pricing across vendors" },
    });
    expect((await settled(service, child.runId)).status).toBe("succeeded");
    expect((await store.run(parent.runId))?.status).toBe("waiting");
    expect(await errorCode(forkRun(service, { runId: parent.runId, seq: events.length + 3 }))).toBe(
      "seq_out_of_range",
    );
    expect(await errorCode(forkRun(service, { runId: "run_nope", seq: 0 }))).toBe("run_not_found");
    expect(
      await errorCode(
        forkRun(service, { runId: parent.runId, seq: 1, memory: [{ id: "missing", patch: {} }] }),
      ),
    ).toBe("invalid_input");
  });

  it("exports a run as JSON Lines and imports it as a read-only run", async () => {
    const { service, store } = await testService(handle().db);
    const { runId } = await startRun(service, { goal: "help me" });
    await settled(service, runId);
    const jsonl = await exportRun(service, runId);
    const lines = jsonl.trim().split("\n");
    expect(lines.length).toBe((await store.events(runId)).length);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ seq: 0, type: "run.started" });
    const imported = await importRun(service, jsonl);
    const run = await store.run(imported.runId);
    expect(run).toMatchObject({ readOnly: true, goal: "help me", status: "waiting" });
    expect((await store.events(imported.runId)).map(strip)).toEqual((await store.events(runId)).map(strip));
    const q = (await store.questions({ runId: imported.runId }))[0];
    expect(await errorCode(answerQuestion(service, { questionId: q?.id ?? "", answer: "x", by: "r" }))).toBe(
      "read_only",
    );
    expect(await store.unfinishedRuns()).not.toContain(imported.runId);
    expect(await errorCode(importRun(service, "{not json\n"))).toBe("invalid_input");
    expect(await errorCode(importRun(service, `${lines[1]}\n`))).toBe("invalid_input");
  });
});
