import { expect, it } from "vitest";
import { describeOnEachDatabase } from "@/db/test-databases";
import type { EventOf, RunEvent } from "../../agent/events";
import { settled, testService } from "../testing/service-harness";
import { startRun } from "./start-run";

const modelCalls = (events: RunEvent[]) =>
  events.filter((e): e is EventOf<"model.called"> => e.type === "model.called");

describeOnEachDatabase("recording prompts", (handle) => {
  it("stores each call's prompt and reply with the run's events by default, through the database", async () => {
    const { service, store } = await testService(handle().db);
    const { runId } = await startRun(service, {
      goal: "Compare Loomwork and Relaywright for enterprise use",
    });
    expect((await settled(service, runId)).status).toBe("succeeded");
    const calls = modelCalls(await store.events(runId));
    expect(calls.length).toBeGreaterThan(3);
    for (const c of calls) {
      expect(c.exchange?.messages[0]?.role).toBe("system");
      expect(c.exchange?.reply.length).toBeGreaterThan(0);
    }
    expect(calls.some((c) => c.exchange?.messages.some((m) => m.content.includes("Loomwork")))).toBe(true);
  });

  it("records none where the service defaults it off (a shared database), unless the run asks", async () => {
    const { service, store } = await testService(handle().db, { recordPrompts: false });
    const off = (await startRun(service, { goal: "Compare Loomwork and Relaywright for enterprise use" }))
      .runId;
    const on = (
      await startRun(service, {
        goal: "Compare Loomwork and Relaywright for enterprise use",
        config: { prompts: { record: true, maxChars: 5_000 } },
      })
    ).runId;
    await settled(service, off);
    await settled(service, on);
    const started = (await store.events(off))[0] as EventOf<"run.started">;
    expect(started.config.prompts.record).toBe(false);
    expect(modelCalls(await store.events(off)).every((c) => c.exchange === null)).toBe(true);
    const recorded = modelCalls(await store.events(on));
    expect(recorded.every((c) => c.exchange !== null)).toBe(true);
    for (const c of recorded) {
      const stored = (c.exchange?.messages ?? []).reduce((n, m) => n + m.content.length, 0);
      expect(stored + (c.exchange?.reply.length ?? 0)).toBeLessThan(5_000 + 120);
    }
  });
});
