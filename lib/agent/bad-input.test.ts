import { describe, expect, it } from "vitest";
import { ModelError } from "../llm/chat-model";
import { ScriptedModel } from "../llm/scripted-model";
import { askUserTool } from "../tools/ask-user";
import { writeTool } from "../tools/write";
import type { EventOf } from "./events";
import { createRun, drive, InvalidRunInput } from "./loop";
import { makeDeps, policy, reportTask, reportTool, spec, workTask, workTool } from "./testing/harness";

const good = [workTask("a"), reportTask(["a"])];
const rejections = (events: { type: string }[]) =>
  events.filter((e): e is EventOf<"plan.rejected"> => e.type === "plan.rejected");

describe("bad input never crashes the loop", () => {
  it("refuses an empty or oversized goal before anything is recorded", async () => {
    const { deps, events } = makeDeps({ plan: good });
    await expect(createRun(deps, { runId: "r", goal: "   " })).rejects.toThrow(InvalidRunInput);
    await expect(createRun(deps, { runId: "r", goal: "x".repeat(4_001) })).rejects.toThrow(
      /4,000 characters/,
    );
    await expect(createRun(deps, { runId: "r", goal: "ok", config: { concurrency: 0 } })).rejects.toThrow(
      /concurrency/,
    );
    expect(events).toEqual([]);
  });

  it.each([
    [
      "not JSON",
      { purpose: "plan" as const, error: new ModelError("invalid_json", "Unexpected token") },
      "valid_reply",
    ],
    ["a schema violation", { purpose: "plan" as const, output: { tasks: [{ id: "a" }] } }, "valid_reply"],
    [
      "a cycle",
      {
        purpose: "plan" as const,
        output: { tasks: [workTask("a", ["b"]), workTask("b", ["a"]), reportTask(["b"])] },
      },
      "acyclic",
    ],
    [
      "an unknown tool",
      {
        purpose: "plan" as const,
        output: { tasks: [{ ...workTask("a"), tool: "rm_rf" }, reportTask(["a"])] },
      },
      "known_tool",
    ],
    [
      "no criteria",
      {
        purpose: "plan" as const,
        output: { tasks: [{ ...workTask("a"), successCriteria: [] }, reportTask(["a"])] },
      },
      "criteria",
    ],
    [
      "a huge plan",
      {
        purpose: "plan" as const,
        // Every task feeds the report, so only the model can shorten it (tasks that lead nowhere
        // would be dropped by rule without asking).
        output: {
          tasks: [
            ...Array.from({ length: 40 }, (_, i) => workTask(`t${i}`)),
            reportTask(Array.from({ length: 40 }, (_, i) => `t${i}`)),
          ],
        },
      },
      "max_tasks",
    ],
    ["no deliverable", { purpose: "plan" as const, output: { tasks: [workTask("a")] } }, "deliverable"],
  ])("rejects a plan reply with %s, sends the violations back, and recovers", async (_name, reply, rule) => {
    const scripted = new ScriptedModel(
      [{ purpose: "clarify", output: { spec, question: null } }, reply],
      policy(good),
    );
    const { deps, events } = makeDeps({ model: scripted });
    const state = await drive(await createRun(deps, { runId: "r", goal: "something" }));
    expect(state.status).toBe("succeeded");
    const [first] = rejections(events);
    expect(first?.violations.map((v) => v.rule)).toContain(rule);
    const fix = scripted.prompts.filter((p) => p.purpose === "plan")[1];
    expect(fix?.request.context).toMatchObject({ mode: "fix_violations" });
    const prompt = fix?.request.messages.map((m) => m.content).join("\n") ?? "";
    expect(prompt).toContain(first?.violations[0]?.message);
  });

  it("fails the run with a clear reason when every plan stays invalid within the repair bound", async () => {
    const { deps, events } = makeDeps({ plan: [workTask("a")] });
    const state = await drive(
      await createRun(deps, { runId: "r", goal: "g", config: { maxPlanRepairs: 2 } }),
    );
    expect(state.status).toBe("failed");
    expect(state.outcome?.code).toBe("plan_invalid");
    expect(state.outcome?.reason).toMatch(/deliverable/);
    expect(rejections(events)).toHaveLength(3);
  });

  it("records a tool that throws as a failed result and repairs around it", async () => {
    const { deps, events } = makeDeps({
      plan: [workTask("a"), workTask("b"), reportTask(["a", "b"])],
      behaviours: { b: { throws: true } },
    });
    const state = await drive(await createRun(deps, { runId: "r", goal: "g" }));
    const failed = events.find(
      (e): e is EventOf<"tool.returned"> => e.type === "tool.returned" && e.taskId === "b" && !e.result.ok,
    );
    expect(failed?.result.code).toBe("failed");
    expect(failed?.result.summary).toMatch(/boom in b/);
    expect(state.tasks.a?.status).toBe("succeeded");
    expect(state.status).toBe("succeeded");
  });

  it("refuses a write outside the run's workspace", async () => {
    const plan = [
      {
        ...workTask("w"),
        tool: "write",
        input: { path: "../escape.md", content: "x" },
        successCriteria: [{ kind: "non_empty" as const, field: "path" }],
      },
      reportTask(["w"]),
    ];
    const { deps, events } = makeDeps({ plan, tools: [writeTool, reportTool, askUserTool, workTool().tool] });
    await drive(await createRun(deps, { runId: "r", goal: "g" }));
    const refused = events.find(
      (e): e is EventOf<"tool.returned"> => e.type === "tool.returned" && e.taskId === "w",
    );
    expect(refused?.result.ok).toBe(false);
    expect(refused?.result.code).toBe("forbidden");
  });
});
