import { describe, expect, it } from "vitest";
import { asksExtra, extraPair, fullNameParts } from "./derive-extra";
import { figure } from "./test-docs";
import type { ReadDoc } from "./upstream";

const fig = figure;
const pricing: ReadDoc = {
  docId: "pricing",
  title: "Pricing across vendors",
  source: "",
  published: "",
  text: [
    "Fernbrook FieldMate lists at USD 49 per technician per month. Support is an add-on for large fleets.",
    "Quillon Scout costs USD 39 per technician per month. Buyers note that advanced analytics are an add-on at USD 8 per technician per month.",
  ].join("\n\n"),
  figures: [],
};
const candidates = [
  fig("Fernbrook list price", "USD 49 per technician per month", "pricing"),
  fig("Quillon list price", "USD 39 per technician per month", "pricing"),
];

describe("an item's price plus an extra on top", () => {
  it("is asked by adding an add-on or a surcharge", () => {
    expect(asksExtra("what Quillon really costs per month once you add its analytics add-on")).toBe(true);
    expect(asksExtra("Quillon's price including the analytics add-on")).toBe(true);
    expect(asksExtra("for a crew that also wants Quillon's analytics add-on, what's the annual bill")).toBe(
      true,
    );
    // "all-in" describing a figure asks no extra; what a price is "with" follows it closely.
    expect(
      asksExtra(
        "Three-year cost for both and how much we'd save going with the cheaper one. Use Halden's all-in per-tech figures.",
      ),
    ).toBe(false);
    expect(asksExtra("Does Quillon sell add-ons?")).toBe(false);
    expect(asksExtra("the annual list cost for 150 technicians if we also take the analytics add-on")).toBe(
      true,
    );
  });

  it("adds the extra a sentence about the item prices to the item's figure of the same unit", () => {
    const pair = extraPair("what does Quillon cost with its analytics add-on?", candidates, [pricing]);
    expect(pair?.map((c) => c.value)).toEqual([
      "USD 39 per technician per month",
      "USD 8 per technician per month",
    ]);
    expect(pair?.[1]?.label).toBe("Quillon analytics add-on");
  });

  it("finds the item's figures under its maker's name ('Scout' is 'Quillon Scout')", () => {
    expect(fullNameParts("Scout", [pricing])).toContain("Quillon");
    const pair = extraPair("What does Scout cost with the analytics add-on?", candidates, [pricing]);
    expect(pair?.map((c) => c.value)).toEqual([
      "USD 39 per technician per month",
      "USD 8 per technician per month",
    ]);
  });

  it("finds nothing when no paragraph about the item prices the extra", () => {
    expect(extraPair("Fernbrook with its analytics add-on?", candidates, [pricing])).toBeNull();
  });

  it("is asked by a charge on top or an all-in price, the extra named by what it is", () => {
    const request =
      "Quillon snapshot: list price, what analytics costs on top, and the all-in monthly price per tech with analytics?";
    expect(asksExtra(request)).toBe(true);
    expect(asksExtra("Is Quillon on top of the market?")).toBe(false);
    const pair = extraPair(request, candidates, [pricing]);
    expect(pair?.map((c) => c.value)).toEqual([
      "USD 39 per technician per month",
      "USD 8 per technician per month",
    ]);
  });
});
