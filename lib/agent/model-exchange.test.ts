import { describe, expect, it } from "vitest";
import type { EventOf } from "./events";
import { createRun, drive } from "./loop";
import { recordExchange } from "./model-exchange";
import { makeDeps, reportTask, workTask } from "./testing/harness";

const calls = (events: { type: string }[]) =>
  events.filter((e): e is EventOf<"model.called"> => e.type === "model.called");

describe("what a model call sent and got back", () => {
  it("records each call's rendered prompt, raw reply and the task attempt it served, and keeps them out of the state", async () => {
    const { deps, events } = makeDeps({ plan: [workTask("a"), reportTask(["a"])] });
    const state = await drive(await createRun(deps, { runId: "r1", goal: "Research the zebra market" }));
    expect(state.status).toBe("succeeded");
    const all = calls(events);
    const clarify = all.find((c) => c.purpose === "clarify");
    expect(clarify?.exchange?.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(clarify?.exchange?.messages[1]?.content).toContain("Research the zebra market");
    expect(JSON.parse(clarify?.exchange?.reply ?? "")).toEqual(clarify?.output);
    expect(clarify?.exchange?.truncated).toBe(false);
    expect(clarify?.attempt).toBeNull();
    const execute = all.find((c) => c.purpose === "execute" && c.taskId === "a");
    expect(execute?.attempt).toBe(1);
    expect(execute?.exchange?.chars).toBe(
      (execute?.promptChars ?? 0) + (execute?.exchange?.reply.length ?? 0),
    );
    expect(all.every((c) => c.repairRounds === 0)).toBe(true);
    // The reduced state keeps replies for resume, never the prompts.
    for (const record of Object.values(state.modelCalls))
      expect(Object.keys(record).sort()).toEqual(["callId", "error", "output"]);
  });

  it("records nothing when the run is configured not to", async () => {
    const { deps, events } = makeDeps({ plan: [workTask("a"), reportTask(["a"])] });
    await drive(
      await createRun(deps, { runId: "r2", goal: "Research x", config: { prompts: { record: false } } }),
    );
    expect(calls(events).length).toBeGreaterThan(3);
    expect(calls(events).every((c) => c.exchange === null)).toBe(true);
  });

  it("cuts a long prompt to the cap, keeps room for the reply, and says how much was left out", () => {
    const long = "x".repeat(5_000);
    const r = recordExchange(
      { prompts: { record: true, maxChars: 1_000 } },
      [
        { role: "system", content: "be brief" },
        { role: "user", content: long },
      ],
      "y".repeat(400),
    );
    expect(r?.truncated).toBe(true);
    expect(r?.chars).toBe(8 + 5_000 + 400);
    expect(r?.reply).toBe("y".repeat(400));
    expect(r?.messages[0]?.content).toBe("be brief");
    expect(r?.messages[1]?.content).toMatch(/^x{592}\n… \[4,408 characters not recorded\]$/);
    const longReply = recordExchange({ prompts: { record: true, maxChars: 1_000 } }, [], "z".repeat(3_000));
    expect(longReply?.reply).toMatch(/^z{1000}\n… \[2,000 characters not recorded\]$/);
    const stored = (r?.messages ?? []).reduce((n, m) => n + m.content.length, 0) + (r?.reply.length ?? 0);
    expect(stored).toBeLessThan(1_000 + 60);
  });
});
