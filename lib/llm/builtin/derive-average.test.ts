import { describe, expect, it } from "vitest";
import { planCalculation } from "./derive-inputs";
import type { ResearchFrame } from "./frame";
import { keyFigure, readDoc } from "./test-docs";

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

describe("an item against the market's figure of no item", () => {
  it("takes the market's figure on the measure asked, and the item's own from prose, the item named in the answer", () => {
    const tco = readDoc(
      "tco",
      "The result is a three-year TCO of roughly USD 2,300 per technician. Nordvale Systems, the most expensive at USD 62 per month, comes to about USD 2,630 because its headset lease replaces most device spending.",
      [
        ["Project X three-year total cost per technician", "USD 2,300"],
        ["Project X average list price 2025", "USD 46 per technician per month"],
      ],
    );
    const shares = readDoc("shares", "", [
      ["Fernbrook market share 2025", "31%"],
      ["Nordvale Systems market share 2025", "24%"],
    ]);
    const ask =
      "what's the 3-yr total cost per tech for the vendor we shortlisted, and how far off the market avg is it?";
    const plan = planCalculation(
      "difference",
      { ...frame, request: ask },
      [],
      null,
      ask,
      [tco, shares],
      [],
      undefined,
      ["We shortlisted Nordvale Systems (Nordvale Atlas)."],
    );
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 2,630", "USD 2,300"]);
    expect(plan.label).toBe(
      "Gap: Nordvale three-year total cost per technician vs Project X three-year total cost per technician",
    );
  });
});
