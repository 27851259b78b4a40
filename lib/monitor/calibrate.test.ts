import { describe, expect, it } from "vitest";
import { calibrateConfidence, isEmptyOutput } from "./calibrate";
import { checkCriteria } from "./criteria";

describe("calibrateConfidence", () => {
  it("caps a 0.9 claim at 0.6 when 3 of 5 required results came back", () => {
    const checks = checkCriteria([{ kind: "min_count", field: "results", min: 5 }], {
      results: [1, 2, 3],
    });
    expect(calibrateConfidence(0.9, checks, false)).toBe(0.6);
  });

  it("is capped by the weakest criterion", () => {
    const checks = checkCriteria(
      [
        { kind: "min_count", field: "results", min: 4 },
        { kind: "includes_all", field: "text", values: ["a", "b", "c", "d", "e"] },
      ],
      { results: [1, 2, 3], text: "a b" },
    );
    expect(calibrateConfidence(1, checks, false)).toBe(0.4);
  });

  it("is 0 for an empty output whatever is claimed", () => {
    expect(calibrateConfidence(0.95, [], true)).toBe(0);
  });

  it("never rises above the claim", () => {
    const allMet = checkCriteria([{ kind: "non_empty", field: "facts" }], { facts: ["x"] });
    expect(calibrateConfidence(0.42, allMet, false)).toBe(0.42);
    expect(calibrateConfidence(0.42, [], false)).toBe(0.42);
  });
});

describe("isEmptyOutput", () => {
  it("is empty when every list in the output is empty, even beside other fields", () => {
    expect(isEmptyOutput({ results: [] })).toBe(true);
    expect(isEmptyOutput({ query: "x", results: [] })).toBe(true);
    expect(isEmptyOutput({ results: [], facts: [] })).toBe(true);
  });

  it("is not empty when a list has items or a field has content", () => {
    expect(isEmptyOutput({ markdown: "x" })).toBe(false);
    expect(isEmptyOutput({ results: [], facts: [{ text: "x" }] })).toBe(false);
    expect(isEmptyOutput("report")).toBe(false);
  });

  it("is empty for nothing at all, blank text or an object of blank values", () => {
    for (const data of [null, undefined, "", "   ", {}, { markdown: "", title: null }]) {
      expect(isEmptyOutput(data), JSON.stringify(data)).toBe(true);
    }
  });
});
