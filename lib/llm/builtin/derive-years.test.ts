import { describe, expect, it } from "vitest";
import { changePair, yearPair, yearSeries } from "./derive-years";
import type { ResearchFrame } from "./frame";
import { figure, readDoc } from "./test-docs";

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

  it("reads a present value stated with no year against an earlier one ('holds 17%, up from 12% in 2023')", () => {
    const known = [
      figure("Quillon market share 2025", "17%", "vl"),
      figure("Fernbrook market share 2025", "31%", "vl"),
    ];
    const en = readDoc("vl", "Quillon holds 17%, up from 12% in 2023, making it the fastest share gainer.");
    const zh = readDoc("zh", "Quillon 占 17%，高于 2023 年的 12%，是份额增长最快的厂商。");
    for (const doc of [en, zh]) {
      const found = yearSeries(known, [doc]);
      expect(found.map((c) => [c.label, c.value])).toEqual([["Quillon market share 2023", "12%"]]);
    }
    // A sentence that does not name the figure's item states no year of it.
    expect(yearSeries(known, [readDoc("x", "The market holds 17%, up from 12% in 2023.")])).toEqual([]);
  });

  it("sets the year a request names against the latest when it asks about now", () => {
    const shares = [figure("Quillon market share 2023", "12%"), figure("Quillon market share 2025", "17%")];
    const pair = yearPair(shares, new Set(["quillon", "share"]), "quillon share now vs 2023", true);
    expect(pair?.map((c) => c.value)).toEqual(["12%", "17%"]);
    expect(
      yearPair(shares, new Set(["share"]), "现在的份额比 2023 年高多少", true)?.map((c) => c.value),
    ).toEqual(["12%", "17%"]);
  });

  it("keeps to a measure that has the year asked, and reads a year no measure has as no year of one", () => {
    const shares = [figure("Quillon market share 2023", "12%"), figure("Quillon market share 2025", "17%")];
    const prices = [figure("Quillon list price 2024", "USD 39"), figure("Quillon list price 2025", "USD 39")];
    expect(
      yearPair([...shares, ...prices], new Set(["quillon", "share"]), "Quillon's price in 2024")?.[0]?.label,
    ).toBe("Quillon list price 2024");
    expect(
      yearPair(shares, new Set(["quillon"]), "For our 2026 budget memo: Quillon's share growth")?.map(
        (c) => c.value,
      ),
    ).toEqual(["12%", "17%"]);
  });

  it("reads a change stated with words between its values, named by what changed", () => {
    const doc = readDoc(
      "mfg",
      "Across 41 sites in the sample, the first-time fix rate rose from 71% before deployment to 82% after twelve months.",
    );
    const request = "Please also spell out how many points the first-time fix rate improved.";
    const frame = { request, subject: "Project X" } as unknown as ResearchFrame;
    const pair = changePair(request, frame, [doc]);
    expect(pair?.map((c) => [c.label, c.value])).toEqual([
      ["the first-time fix rate, before", "71%"],
      ["the first-time fix rate, after", "82%"],
    ]);
  });
});
