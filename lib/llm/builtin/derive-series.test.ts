import { describe, expect, it } from "vitest";
import { seriesSum, spannedYears, topCounted } from "./derive-series";
import { figure } from "./test-docs";
import type { ReadDoc } from "./upstream";

const doc = (docId: string, text: string): ReadDoc => ({
  docId,
  title: docId,
  source: "",
  published: "",
  text,
  figures: [],
});

describe("a total over more than two figures", () => {
  it("reads the years a request lists or ranges over", () => {
    expect(spannedYears("revenue for 2023, 2024 and 2025")).toEqual([2023, 2024, 2025]);
    expect(spannedYears("cumulative from 2022 to 2025")).toEqual([2022, 2023, 2024, 2025]);
    expect(spannedYears("2023–2025 总和")).toEqual([2023, 2024, 2025]);
    expect(spannedYears("2025 vs 2030")).toEqual([2025, 2030]);
  });

  it("reads how many of a ranking's top a request counts, and from which end", () => {
    expect(topCounted("the three biggest insurers")).toEqual({ n: 3, direction: "max" });
    expect(topCounted("top 5 vendors")).toEqual({ n: 5, direction: "max" });
    expect(topCounted("the two cheapest plans")).toEqual({ n: 2, direction: "min" });
    expect(topCounted("前三大厂商")).toEqual({ n: 3, direction: "max" });
    expect(topCounted("the biggest insurer")).toBeNull();
  });

  it("sums every year asked of the measure the request names, not another measure's two years", () => {
    const figures = [
      figure("Commercial drone deliveries worldwide 2024", "58 million"),
      figure("Commercial drone deliveries worldwide 2025", "96 million"),
      figure("Drone delivery market revenue 2023", "USD 340 million"),
      figure("Drone delivery market revenue 2024", "USD 580 million"),
      figure("Drone delivery market revenue 2025", "USD 920 million"),
    ];
    const request =
      "Add up worldwide drone delivery revenue for 2023, 2024 and 2025 — what's the cumulative total over the three years?";
    const plan = seriesSum(request, request, figures, []);
    expect(plan?.inputs.map((i) => i.value)).toEqual([
      "USD 340 million",
      "USD 580 million",
      "USD 920 million",
    ]);
  });

  it("sums the top of a ranking within the scope the request names, not the scope's peers", () => {
    const figures = [
      figure("Australia residential solar installations 2024", "296,000"),
      figure("Germany residential solar installations 2024", "445,000"),
      figure("UK residential solar installations 2024", "189,000"),
      figure("Sunhaven Solar installations 2024", "14,200 (4.8% share)"),
      figure("Coastline Energy installations 2024", "9,600 (3.2% share)"),
      figure("Outback Sun Co installations 2024", "7,300 (2.5% share)"),
      figure("Dachwerk Energie installations 2024", "21,500"),
    ];
    const reads = [
      doc(
        "au",
        "Australia installed about 296,000 residential systems in 2024. The largest, Sunhaven Solar, fitted 14,200 homes, followed by Coastline Energy with 9,600 and Outback Sun Co with 7,300.\n\nGermany installed about 445,000 systems; Dachwerk Energie led with 21,500.",
      ),
    ];
    const request = "How many homes did Australia's three biggest solar installers do in 2024 combined?";
    const plan = seriesSum(request, request, figures, reads);
    expect(plan?.inputs.map((i) => i.value)).toEqual([
      "14,200 (4.8% share)",
      "9,600 (3.2% share)",
      "7,300 (2.5% share)",
    ]);
  });

  it("leaves two figures to the pair pickers", () => {
    const figures = [
      figure("Market size 2024", "USD 1 billion"),
      figure("Market size 2025", "USD 2 billion"),
    ];
    expect(seriesSum("2024 and 2025 combined", null, figures, [])).toBeNull();
  });
});
