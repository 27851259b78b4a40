import { describe, expect, it } from "vitest";
import { inFlightLabel } from "./in-flight-label";

describe("inFlightLabel", () => {
  it("says nothing while events keep coming", () => {
    expect(inFlightLabel({ type: "task.started", at: 10_000 }, 11_000)).toBeNull();
  });

  it("names the model after a quiet step, and the tool after a recorded tool call, with the time", () => {
    expect(inFlightLabel({ type: "task.started", at: 10_000 }, 22_400)).toBe("waiting for the model (12 s)…");
    expect(inFlightLabel({ type: "tool.called", at: 10_000, tool: "search" }, 13_000)).toBe(
      "waiting for the search tool (3 s)…",
    );
  });
});
