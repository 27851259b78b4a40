import { describe, expect, it } from "vitest";
import type { PlanVersion, TaskState } from "@/lib/agent/state";
import { firstSeenVersions, planMarker } from "./plan-marker";

const spec = (id: string) => ({
  id,
  title: id,
  tool: "search",
  input: {},
  dependencies: [],
  successCriteria: [],
  expectedOutput: "",
  deliverable: false,
});
const plan = (version: number, ids: string[]): PlanVersion => ({
  version,
  kind: version === 1 ? "initial" : "repair",
  tasks: ids.map(spec),
  trigger: "",
  reason: "",
  seq: version,
});
const task = (id: string, over: Partial<TaskState>) =>
  ({ ...spec(id), status: "pending", note: "", origin: "plan", planVersion: 1, ...over }) as TaskState;

describe("planMarker", () => {
  const seen = firstSeenVersions([plan(1, ["a", "b"]), plan(2, ["a", "b", "fix"])]);

  it("marks a task a repair inserted as added", () => {
    expect(planMarker(task("fix", { origin: "repair", planVersion: 2 }), seen)).toEqual({
      kind: "added",
      label: "added by repair v2",
      short: "repair v2",
    });
  });

  it("marks a task a later version changed as rewritten", () => {
    expect(planMarker(task("b", { origin: "replan", planVersion: 2 }), seen)?.label).toBe(
      "rewritten by replan v2",
    );
  });

  it("marks a dropped task with the reducer's note", () => {
    expect(planMarker(task("a", { status: "skipped", note: "dropped by replan" }), seen)).toEqual({
      kind: "dropped",
      label: "dropped by replan",
      short: "dropped",
    });
  });

  it("leaves tasks of the first plan and plain skips unmarked", () => {
    expect(planMarker(task("a", {}), seen)).toBeNull();
    expect(planMarker(task("a", { status: "skipped", note: "not needed" }), seen)).toBeNull();
  });
});
