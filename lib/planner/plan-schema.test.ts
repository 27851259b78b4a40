import { describe, expect, it } from "vitest";
import { Criterion, TaskGraph, TaskSpec, taskGraphJsonSchema } from "./plan-schema";

const minimal = {
  id: "t1",
  title: "Search for sources",
  tool: "search",
  successCriteria: [{ kind: "min_count", field: "results", min: 3 }],
};

describe("TaskSpec and TaskGraph parsing", () => {
  it("fills in the defaults a planner may leave out", () => {
    expect(TaskSpec.parse(minimal)).toEqual({
      ...minimal,
      input: {},
      dependencies: [],
      expectedOutput: "",
      deliverable: false,
    });
    expect(TaskGraph.parse({ tasks: [minimal] }).rationale).toBe("");
  });

  it("rejects a task without success criteria", () => {
    const { successCriteria: _, ...noCriteria } = minimal;
    expect(TaskSpec.safeParse(noCriteria).success).toBe(false);
  });

  it("rejects criteria missing their own fields", () => {
    for (const bad of [
      { kind: "min_count", field: "results" },
      { kind: "min_count", min: 2 },
      { kind: "matches", field: "text" },
      { kind: "includes_all", field: "text", values: [] },
      { kind: "unknown", field: "text" },
    ]) {
      expect(Criterion.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(TaskGraph.safeParse({ tasks: [{ ...minimal, successCriteria: [bad] }] }).success).toBe(false);
    }
  });

  it("rejects a graph without a task list", () => {
    expect(TaskGraph.safeParse({ rationale: "x" }).success).toBe(false);
  });

  it("exports a JSON schema for structured output: an object with a tasks array", () => {
    const schema = taskGraphJsonSchema() as unknown as {
      type: string;
      properties: { tasks: { type: string; items: { required?: string[] } } };
      required?: string[];
    };
    expect(schema.type).toBe("object");
    expect(schema.properties.tasks.type).toBe("array");
    expect(schema.required).toContain("tasks");
    expect(schema.properties.tasks.items.required).toEqual(
      expect.arrayContaining(["id", "title", "tool", "successCriteria"]),
    );
  });
});
