import { describe, expect, it } from "vitest";
import { z } from "zod";
import { TaskGraph } from "../planner/plan-schema";
import { toolCallSchema } from "./openai-parse";
import { type Engine, portabilityProblems } from "./schema-portability";
import { agentRequests, allToolDefinitions } from "./testing/agent-requests";
import { portable, wireSchema } from "./wire-schema";

/** Every schema the agent sends a model server, as it goes on the wire. */
function everyWireSchema(): [string, Record<string, unknown>][] {
  const objects = agentRequests().flatMap((r) =>
    r.kind === "object" ? [[r.schemaName, wireSchema(r.schema)] as const] : [],
  );
  const tools = allToolDefinitions();
  return [
    ...objects.map(([n, s]) => [n, s] as [string, Record<string, unknown>]),
    ...tools.map((t) => [`tool ${t.name}`, portable(t.parameters)] as [string, Record<string, unknown>]),
    ...tools.map(
      (t) => [`tool-call fallback ${t.name}`, toolCallSchema([t])] as [string, Record<string, unknown>],
    ),
    ["tool-call fallback (all tools)", toolCallSchema(tools)],
  ];
}

describe("schema portability", () => {
  const schemas = everyWireSchema();

  it("covers every kind of request the agent makes", () => {
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        "clarification",
        "task_graph",
        "repair_proposal",
        "assessment",
        "reflection",
        "lesson_proposals",
        "tool search",
      ]),
    );
  });

  for (const engine of ["llama.cpp", "vllm"] as Engine[]) {
    it(`passes ${engine}'s constraints`, () => {
      const problems = schemas.flatMap(([name, schema]) =>
        portabilityProblems(schema, engine).map((p) => `${name}: ${p}`),
      );
      expect(problems).toEqual([]);
    });
  }

  it("finds the task graph's raw zod schema refused by llama.cpp (the fault the wire form fixes)", () => {
    const raw = z.toJSONSchema(TaskGraph, { io: "input" }) as Record<string, unknown>;
    expect(portabilityProblems(raw, "llama.cpp").join("\n")).toMatch(/maxLength 2000/);
    expect(portabilityProblems(raw, "vllm").join("\n")).toMatch(/propertyNames/);
  });

  it("gives every object additionalProperties false and every property required, as strict mode needs", () => {
    const strictProblems = schemas.flatMap(([name, schema]) =>
      portabilityProblems(schema, "openai-strict")
        .filter((p) => /additionalProperties must be false|not required/.test(p))
        // A free-form record (a task's input) cannot be strict: it is sent with strict false.
        .filter((p) => !/\.input:|\.arguments|\{\}/.test(p))
        .map((p) => `${name}: ${p}`),
    );
    expect(strictProblems).toEqual([]);
  });

  it("reports what strict mode refuses", () => {
    expect(
      portabilityProblems(
        { type: "object", properties: { a: { type: "string", minLength: 1 } } },
        "openai-strict",
      ),
    ).toEqual([
      "(root): additionalProperties must be false",
      "(root): not required: a",
      '(root).a: "minLength" is not supported',
    ]);
    expect(portabilityProblems({ anyOf: [] }, "openai-strict")[0]).toMatch(/object at the root/);
  });
});
