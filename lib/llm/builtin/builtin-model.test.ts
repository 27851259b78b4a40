import { describe, expect, it } from "vitest";
import { Clarification, type GoalSpec, TaskGraph } from "../../planner/plan-schema";
import { researchToolSummaries } from "../../tools";
import { ModelError } from "../chat-model";
import type { ModelContext } from "../model-context";
import { AssessOutput } from "./assess";
import { BuiltinModel } from "./builtin-model";

const GOAL = "Compare Loomwork and Relaywright on task success and cost";
const tier = "fast" as const;

function clock() {
  let t = 1_000;
  return () => (t += 7);
}

const clarifyRequest = (goal = GOAL) => ({
  tier,
  messages: [],
  context: { purpose: "clarify", goal, answers: [] } as ModelContext,
  schema: Clarification,
  schemaName: "clarification",
});

const planRequest = (spec: GoalSpec, goal = GOAL) => ({
  tier,
  messages: [],
  context: {
    purpose: "plan",
    mode: "initial",
    goal,
    spec,
    tools: researchToolSummaries(),
    maxTasks: 15,
    violations: [],
    previous: null,
    done: [],
    reason: "",
  } as ModelContext,
  schema: TaskGraph,
  schemaName: "task_graph",
});

async function errorOf(call: Promise<unknown>): Promise<ModelError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ModelError) return error;
    throw error;
  }
  throw new Error("expected a ModelError");
}

describe("BuiltinModel", () => {
  it("answers from the context, validated, with usage and timing", async () => {
    const model = new BuiltinModel({ now: clock() });
    const r = await model.generateObject(clarifyRequest());
    expect(model.name).toBe("builtin");
    expect(r.output.spec?.compare).toBe(true);
    expect(r.model).toBe("builtin");
    expect(r.latencyMs).toBe(7);
    expect(r.repaired).toBe(false);
    expect(r.usage.costUsd).toBe(0);
    expect(r.usage.promptTokens).toBeGreaterThan(0);
    expect(r.usage.totalTokens).toBe(r.usage.promptTokens + r.usage.completionTokens);
    expect(JSON.parse(r.raw)).toEqual(r.output);
  });

  it("caps the raw reply at 4,000 characters", async () => {
    const model = new BuiltinModel();
    const spec = (
      await model.generateObject(clarifyRequest("Compare Loomwork, Relaywright, Cortexa and Braidline"))
    ).output.spec as GoalSpec;
    const r = await model.generateObject(
      planRequest(spec, "Compare Loomwork, Relaywright, Cortexa and Braidline"),
    );
    expect(JSON.stringify(r.output).length).toBeGreaterThan(4_000);
    expect(r.raw.length).toBe(4_000);
  });

  it("is deterministic: the same request gives the same output", async () => {
    const a = new BuiltinModel();
    const b = new BuiltinModel();
    const spec = (await a.generateObject(clarifyRequest())).output.spec as GoalSpec;
    expect((await b.generateObject(clarifyRequest())).output.spec).toEqual(spec);
    expect((await a.generateObject(planRequest(spec))).output).toEqual(
      (await b.generateObject(planRequest(spec))).output,
    );
  });

  it("assesses by the criteria and keeps the rules' confidence", async () => {
    const model = new BuiltinModel();
    const criteria = [
      { description: "at least 2 results", met: true, detail: "3 of 2" },
      { description: "non-empty", met: true, detail: "present" },
    ];
    const ask = (met: boolean) =>
      model.generateObject({
        tier,
        messages: [],
        context: {
          purpose: "assess",
          goal: GOAL,
          task: {
            id: "s1",
            title: "s",
            tool: "search",
            input: {},
            dependencies: [],
            successCriteria: [],
            expectedOutput: "",
            deliverable: false,
          },
          summary: "3 documents",
          criteria: [...criteria, { description: "cites 2", met, detail: met ? "2 of 2" : "1 of 2" }],
          ruleConfidence: 0.58,
        },
        schema: AssessOutput,
        schemaName: "assessment",
      });
    expect((await ask(true)).output).toMatchObject({ accept: true, confidence: 0.58 });
    const rejected = (await ask(false)).output;
    expect(rejected).toMatchObject({ accept: false, confidence: 0.58 });
    expect(rejected.reason).toContain("cites 2 (1 of 2)");
  });

  it("rejects a purpose the method does not serve", async () => {
    const model = new BuiltinModel();
    const spec = (await model.generateObject(clarifyRequest())).output.spec as GoalSpec;
    const task = (await model.generateObject(planRequest(spec))).output.tasks[0];
    if (!task) throw new Error("no task");
    const execute: ModelContext = {
      purpose: "execute",
      goal: GOAL,
      spec,
      task,
      attempt: 1,
      memory: "",
      inputs: [],
      hint: "",
    };
    expect((await errorOf(model.generateObject({ ...clarifyRequest(), context: execute }))).code).toBe(
      "bad_request",
    );
    expect(
      (await errorOf(model.callTools({ tier, messages: [], context: clarifyRequest().context, tools: [] })))
        .code,
    ).toBe("bad_request");
    const wrongTool = [{ name: "read", description: "", parameters: {} }];
    expect(
      (await errorOf(model.callTools({ tier, messages: [], context: execute, tools: wrongTool }))).code,
    ).toBe("bad_request");
    const ok = await model.callTools({
      tier,
      messages: [],
      context: execute,
      tools: [{ name: "search", description: "", parameters: {} }],
    });
    expect(ok.calls).toEqual([
      { name: "search", arguments: { query: "Loomwork task success cost", limit: 5 } },
    ]);
  });

  it("surfaces output that does not fit the schema as a schema_violation", async () => {
    const error = await errorOf(
      new BuiltinModel().generateObject({ ...clarifyRequest(), schema: TaskGraph, schemaName: "task_graph" }),
    );
    expect(error.code).toBe("schema_violation");
    expect(error.options.raw).toContain("spec");
  });

  it("refuses an aborted request", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await errorOf(
      new BuiltinModel().generateObject({ ...clarifyRequest(), signal: controller.signal }),
    );
    expect(error.code).toBe("aborted");
  });
});
