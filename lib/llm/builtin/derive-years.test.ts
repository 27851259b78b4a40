import { describe, expect, it } from "vitest";
import { yearPair } from "./derive-years";
import { figure } from "./test-docs";

const market = [
  figure("Project X market size 2023", "USD 2.9 billion", "mo"),
  figure("Project X market size 2025", "USD 4.2 billion", "mo"),
  figure("Project X market size 2030 forecast", "USD 9.6 billion", "mo"),
  figure("Project X rest-of-world market size 2025", "USD 0.3 billion", "rb"),
];

describe("one measure in two years", () => {
  it("takes a later year's figure qualified beside its year ('2030 forecast') as the same measure", () => {
    const pair = yearPair(
      market,
      new Set(["market", "size"]),
      "the 2030 forecast: how much bigger than 2025?",
    );
    expect(pair?.map((c) => c.label)).toEqual([
      "Project X market size 2025",
      "Project X market size 2030 forecast",
    ]);
  });

  it("never takes another item's figure for it, lower case or not ('rest-of-world')", () => {
    const pair = yearPair(market, new Set(["market", "size"]), "growth from 2023 to 2025");
    expect(pair?.map((c) => c.label)).toEqual(["Project X market size 2023", "Project X market size 2025"]);
  });

  describe("one measure in two years, labels with symbols", () => {
    it("takes a label's footnote mark or bracket in its stride", () => {
      const marked = [
        figure("Project X market size 2025", "USD 4.2 billion", "mo"),
        figure("Project X market size 2030*", "USD 9.6 billion", "mo"),
        figure("Project X market size 2030 (e", "USD 9.6 billion", "mo"),
      ];
      expect(() => yearPair(marked, new Set(["market"]), "2025 vs 2030")).not.toThrow();
    });
  });
});
