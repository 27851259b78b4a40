import { describe, expect, it } from "vitest";
import { planCalculation } from "./derive-inputs";
import type { ResearchFrame } from "./frame";
import { keyFigure } from "./test-docs";

const request =
  "Enterprise pricing table for the agent frameworks, per seat per year. Plus how much more Loomwork costs than Relaywright per seat.";
const frame = {
  title: "Agent framework pricing",
  request,
  entities: [],
  subject: null,
  options: { excluded: [] },
} as unknown as ResearchFrame;
const scores = [
  keyFigure("Loomwork enterprise readiness score", "8.5/10"),
  keyFigure("Relaywright enterprise readiness score", "6.0/10"),
];
const prices = [
  keyFigure("Loomwork Enterprise list price", "USD 1,800 per seat per year", "lic"),
  keyFigure("Relaywright Cloud Team list price", "USD 1,200 per seat per year", "lic"),
];

describe("a gap in what something costs", () => {
  it("is a gap between amounts of money, never between scores", () => {
    const plan = planCalculation("difference", frame, [...scores, ...prices], null, request);
    expect(plan.inputs.map((i) => i.value)).toEqual([
      "USD 1,800 per seat per year",
      "USD 1,200 per seat per year",
    ]);
  });

  it("says no two prices were found rather than comparing what was", () => {
    const plan = planCalculation("difference", frame, scores, null, request);
    expect(plan.inputs).toEqual([]);
    expect(plan.label).toMatch(/no two amounts of money found to compare/);
  });
});
