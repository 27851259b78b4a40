import { describe, expect, it } from "vitest";
import { planCalculation } from "./derive-inputs";
import { derivedPair, refinedFigures, rowPair } from "./derive-upstream";
import type { ResearchFrame } from "./frame";
import { figure, keyFigure } from "./test-docs";
import type { Derivation } from "./upstream";

const frame = {
  title: "Project X pricing",
  request: "",
  entities: [],
  subject: null,
  options: { excluded: [] },
} as unknown as ResearchFrame;
const key = (name: string, value: string) => keyFigure(name, value, "pricing");
const discounted: Derivation = {
  label: "Fernbrook list price with Fernbrook discount",
  operation: "apply_rate",
  formatted: "USD 41.65 per technician per month",
  formula: "…",
  docIds: ["pricing"],
  inputs: [
    { label: "Fernbrook list price", value: "USD 49 per technician per month" },
    { label: "Fernbrook discount", value: "-15%" },
  ],
};
const prices = [
  figure("Fernbrook list price", "USD 49 per technician per month", "pricing"),
  figure("Quillon list price", "USD 39 per technician per month", "pricing"),
];

describe("two rows of a calculation upstream as a gap's sides", () => {
  const projected: Derivation = {
    label: "Each projected to 2028 at its own rate",
    operation: "apply_rate",
    formatted: "",
    formula: "…",
    docIds: ["market"],
    inputs: [],
    rows: [
      ["Project X North America market size 2025 with North America CAGR", "USD 2.43 billion"],
      ["Project X Europe market size 2025 with Europe CAGR", "USD 1.87 billion"],
      ["Project X Asia-Pacific market size 2025 with Asia-Pacific CAGR", "USD 2.1 billion"],
    ].map(([label, formatted]) => ({
      label: label as string,
      formatted: formatted as string,
      value: undefined,
      formula: "…",
      docIds: ["market"],
      inputs: [],
    })),
  } as unknown as Derivation;

  it("takes the two items the request names when the clause names none, an initialism by what it clips", () => {
    const request =
      "APAC is catching up with North America. Take each one's own 2025-2030 CAGR, project both to 2028, and give me the 2028 gap.";
    const pair = rowPair([projected], "and give me the 2028 gap.", request);
    expect(pair?.map((c) => c.value)).toEqual(["USD 2.1 billion", "USD 2.43 billion"]);
    // Without the request, a clause that names no two items picks nothing.
    expect(rowPair([projected], "and give me the 2028 gap.")).toBeNull();
  });
});

describe("figures as the calculations upstream adjusted them", () => {
  it("puts a discounted price in place of the listed one, still lined up with the other items", () => {
    const out = refinedFigures(prices, [discounted]);
    expect(out.map((c) => [c.label, c.value])).toEqual([
      ["Fernbrook (discounted) list price", "USD 41.65 per technician per month"],
      ["Quillon list price", "USD 39 per technician per month"],
    ]);
  });

  it("leaves the figures alone for a projection over years or a sum of two totals", () => {
    const projected: Derivation = {
      ...discounted,
      formatted: "USD 88.2 per technician per month",
      inputs: [...(discounted.inputs ?? []), { label: "years from 2025 to 2030", value: "5" }],
    };
    const combined: Derivation = {
      label: "Total: Fernbrook list price + Quillon list price",
      operation: "sum",
      formatted: "USD 88",
      formula: "…",
      docIds: ["pricing"],
      inputs: discounted.inputs,
    };
    expect(refinedFigures(prices, [projected, combined])).toEqual(prices);
  });

  it("multiplies the adjusted price for a total; a gap between listed prices keeps the listed ones", () => {
    const request = "We're pricing 600 seats: Fernbrook's annual cost after its volume discount?";
    const figures = [
      key("Fernbrook list price", "USD 49 per technician per month"),
      key("Quillon list price", "USD 39 per technician per month"),
    ];
    const total = planCalculation("product", frame, figures, null, request, [], [discounted], "Fernbrook");
    expect(total.inputs.map((i) => i.value)).toEqual([
      "USD 41.65 per technician per month",
      "600 seats",
      "12 months",
    ]);
    const gap = planCalculation(
      "difference",
      frame,
      figures,
      null,
      "the gap between the list prices",
      [],
      [discounted],
    );
    expect(gap.inputs.map((i) => i.value)).not.toContain("USD 41.65 per technician per month");
  });

  it("hands a later calculation the result unrounded, so rounding does not compound", () => {
    const part = (label: string, value: number, formatted: string): Derivation => ({
      label,
      operation: "product",
      value,
      formatted,
      formula: "…",
      docIds: [],
    });
    const pair = derivedPair([
      part("Fernbrook: share × market", 1_302_000_000, "USD 1.3 billion"),
      part("Quillon: share × market", 714_000_000, "USD 714 million"),
    ]);
    expect(pair?.map((c) => [c.value, c.q.amount])).toEqual([
      ["USD 1.302 billion", 1_302_000_000],
      ["USD 714 million", 714_000_000],
    ]);
  });

  it("compares two results of one calculation before a price adjusted on the way to one of them", () => {
    const totals: Derivation[] = [
      discounted,
      { label: "Fernbrook: total", operation: "product", formatted: "USD 299,880", formula: "…", docIds: [] },
      { label: "Quillon: total", operation: "product", formatted: "USD 338,400", formula: "…", docIds: [] },
    ];
    expect(derivedPair(totals)?.map((c) => c.value)).toEqual(["USD 299,880", "USD 338,400"]);
  });
});
