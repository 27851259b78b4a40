import { describe, expect, it } from "vitest";
import type { Criterion } from "../planner/plan-schema";
import { checkCriteria, checkCriterion, describeCriterion, readField } from "./criteria";

const results = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `doc ${i}` }));

describe("checkCriterion", () => {
  it("min_count gives partial credit: 3 of 5 results scores 0.6 and is unmet", () => {
    expect(checkCriterion({ kind: "min_count", field: "results", min: 5 }, { results: results(3) })).toEqual({
      description: "results has at least 5",
      met: false,
      detail: "3 of 5",
      score: 0.6,
    });
  });

  it("min_count is met at or above the minimum, with the score capped at 1", () => {
    const c = { kind: "min_count", field: "results", min: 2 } as const;
    expect(checkCriterion(c, { results: results(2) })).toMatchObject({ met: true, score: 1 });
    expect(checkCriterion(c, { results: results(7) })).toMatchObject({
      met: true,
      score: 1,
      detail: "7 of 2",
    });
  });

  it("non_empty is unmet for missing, blank, empty-list and empty-object values", () => {
    const c = { kind: "non_empty", field: "summary" } as const;
    for (const data of [{}, { summary: "  " }, { summary: [] }, { summary: {} }, { summary: null }, null]) {
      expect(checkCriterion(c, data), JSON.stringify(data)).toMatchObject({
        met: false,
        score: 0,
        detail: "empty or missing",
      });
    }
    expect(checkCriterion(c, { summary: "Three sources agree." })).toMatchObject({ met: true, score: 1 });
  });

  it("matches tests a pattern case-insensitively, also against non-string values", () => {
    const c = { kind: "matches", field: "report.markdown", pattern: "^# report" } as const;
    expect(checkCriterion(c, { report: { markdown: "# Report\nBody" } })).toMatchObject({
      met: true,
      score: 1,
    });
    expect(checkCriterion(c, { report: { markdown: "Body only" } })).toMatchObject({
      met: false,
      detail: "no match",
    });
    const figure = { kind: "matches", field: "facts", pattern: "4\\.2 billion" } as const;
    expect(checkCriterion(figure, { facts: [{ text: "USD 4.2 billion" }] }).met).toBe(true);
  });

  it("includes_all names what is missing and scores the share present", () => {
    const c: Criterion = {
      kind: "includes_all",
      field: "report.markdown",
      values: ["Tesla", "BYD", "CATL", "LG"],
    };
    const check = checkCriterion(c, { report: { markdown: "tesla and byd lead; catl supplies" } });
    expect(check).toEqual({
      description: "report.markdown mentions Tesla, BYD, CATL, LG",
      met: false,
      detail: "missing: LG",
      score: 0.75,
    });
    expect(checkCriterion(c, { report: { markdown: "Tesla BYD CATL LG" } })).toMatchObject({
      met: true,
      detail: "all present",
    });
  });

  it("reads dotted paths and treats a missing field as empty, never throwing", () => {
    const data = { report: { sections: { intro: "x" } }, n: 0 };
    expect(readField(data, "report.sections.intro")).toBe("x");
    expect(readField(data, "report.missing.deeper")).toBeUndefined();
    expect(readField(data, "n.x")).toBeUndefined();
    expect(checkCriterion({ kind: "min_count", field: "report.items", min: 2 }, data)).toMatchObject({
      met: false,
      score: 0,
      detail: "0 of 2",
    });
    expect(checkCriterion({ kind: "matches", field: "nope", pattern: "x" }, data).met).toBe(false);
    expect(checkCriterion({ kind: "includes_all", field: "nope", values: ["a"] }, undefined).score).toBe(0);
  });

  it("uses the planner's description when given, and checks every criterion in order", () => {
    expect(describeCriterion({ kind: "non_empty", field: "facts", description: "has facts" })).toBe(
      "has facts",
    );
    const checks = checkCriteria(
      [
        { kind: "non_empty", field: "facts" },
        { kind: "min_count", field: "facts", min: 4 },
      ],
      { facts: ["a", "b"] },
    );
    expect(checks.map((c) => [c.met, c.score])).toEqual([
      [true, 1],
      [false, 0.5],
    ]);
  });
});
