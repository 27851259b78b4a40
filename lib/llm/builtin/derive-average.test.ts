import { describe, expect, it } from "vitest";
import { planCalculation } from "./derive-inputs";
import type { ResearchFrame } from "./frame";
import { keyFigure } from "./test-docs";

const request =
  "Nordvale Systems: its list price per technician, and how far above the market's average list price that is (in $ and in %)?";
const frame = {
  title: "Nordvale",
  request,
  entities: [],
  subject: null,
  options: { excluded: [] },
} as unknown as ResearchFrame;
const figures = [
  keyFigure("Fernbrook list price", "USD 49 per technician per month"),
  keyFigure("Nordvale Systems list price", "USD 62 per technician per month"),
  keyFigure("Quillon list price", "USD 39 per technician per month"),
  keyFigure("Project X average list price 2025", "USD 46 per technician per month", "d2"),
];

describe("a comparison with the list's average", () => {
  it("sets the item against the stated average, in dollars and as a change from the average", () => {
    const gap = planCalculation("difference", frame, figures, null, request);
    expect(gap.inputs.map((i) => i.value)).toEqual([
      "USD 62 per technician per month",
      "USD 46 per technician per month",
    ]);
    const change = planCalculation("percent_change", frame, figures, null, request);
    expect(change.inputs.map((i) => i.value)).toEqual([
      "USD 46 per technician per month",
      "USD 62 per technician per month",
    ]);
  });
});
