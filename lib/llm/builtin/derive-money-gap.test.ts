import { describe, expect, it } from "vitest";
import { planCalculation } from "./derive-inputs";
import type { ResearchFrame } from "./frame";
import { keyFigure, readDoc } from "./test-docs";

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

describe("a gap in a total the text states item by item", () => {
  it("reads the measure from the request's aspects, not its words for arithmetic or format", () => {
    const ask =
      "For a CFO memo: three-year total cost of ownership per technician for Nordvale and for Tessaract Labs, and the gap between the two.";
    const tco = readDoc(
      "tco",
      "The spread between vendors narrows once hardware is included. Nordvale Systems, the most expensive at USD 62 per month, comes to about USD 2,630 because its headset lease replaces most device spending. Tessaract Labs, the cheapest at USD 35, comes to about USD 1,910.",
    );
    tco.title = "Project X total cost of ownership and payback";
    const plan = planCalculation(
      "difference",
      { ...frame, request: ask, entities: ["Nordvale", "Tessaract Labs"] },
      [
        keyFigure("Nordvale Systems list price", "USD 62 per technician per month", "pc"),
        keyFigure("Tessaract Labs list price", "USD 35 per technician per month", "pc"),
      ],
      null,
      ask,
      [tco],
    );
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 2,630", "USD 1,910"]);
  });
});

describe("a gap on the measure asked, one side not found yet", () => {
  it("says which item the best-fitting list lacks rather than comparing another measure", () => {
    const ask =
      "When tools fail, how much better does Braidline recover than Cortexa? Give both recovery rates and the gap.";
    const plan = planCalculation(
      "difference",
      { ...frame, request: ask, entities: ["Braidline", "Cortexa"] },
      [
        keyFigure("Braidline tool failure recovery rate", "86%", "bl"),
        keyFigure("Braidline loop incidence rate", "2.2%", "loops"),
        keyFigure("Cortexa loop incidence rate", "9.4%", "loops"),
      ],
      null,
      ask,
    );
    expect(plan.inputs).toEqual([]);
    expect(plan.label).toBe("Gap: no figure found for Cortexa");
  });
});
