import { describe, expect, it } from "vitest";
import { derive } from "../../tools/calculate";
import { planProduct } from "./derive-total";
import type { ResearchFrame } from "./frame";
import { parseGoalOptions } from "./goal-options";
import { figure, quantity } from "./test-docs";

const frame = (request: string, excluded: string[] = []) =>
  ({ request, subject: null, entities: [], options: { excluded } }) as unknown as ResearchFrame;
const prices = [
  figure("Fernbrook list price", "USD 49 per technician per month", "pricing"),
  figure("Quillon list price", "USD 39 per technician per month", "pricing"),
  figure("Nordvale Systems list price", "USD 62 per technician per month", "pricing"),
  figure("Project X three-year total cost per technician", "USD 2,300", "tco"),
];

describe("a per-unit price restated over another span", () => {
  it("is asked by what a price comes to over a span, with no count", () => {
    expect(
      parseGoalOptions("Add each vendor's list price and what it comes to per technician per year.").derived,
    ).toContain("product");
    expect(parseGoalOptions("Give each vendor's list price per technician per month.").derived).toEqual([]);
  });

  it("converts each item's price, row by row, leaving out what the request rules out", () => {
    const request = "Add each vendor's list price and what it comes to per technician per year.";
    const plan = planProduct(
      frame(request, ["Quillon"]),
      prices,
      [],
      request,
      new Set(["list", "price"]),
      undefined,
    );
    expect(plan.rows?.map((r) => [r.label, r.inputs.map((i) => i.value)])).toEqual([
      ["Fernbrook", ["USD 49 per technician per month", "12 months"]],
      ["Nordvale Systems", ["USD 62 per technician per month", "12 months"]],
    ]);
    const first = plan.rows?.[0]?.inputs ?? [];
    expect(
      derive(
        "product",
        first.map((i) => quantity(i.value)),
        first.map((i) => i.label),
      ).formatted,
    ).toBe("USD 588 per technician");
  });

  it("converts one item's price when the plan names it", () => {
    const request = "What does Nordvale's list price come to per technician per year?";
    const plan = planProduct(
      frame(request),
      prices,
      [],
      request,
      new Set(["list", "price"]),
      "Nordvale Systems",
    );
    expect(plan.rows?.map((r) => r.label)).toEqual(["Nordvale Systems"]);
  });

  it("multiplies a count by a figure per the thing counted, not per something else", () => {
    const costs = [
      figure("Relaywright Cloud Team list price", "USD 100 per seat per month", "pricing"),
      figure("Relaywright cost per task", "USD 0.31", "costs"),
    ];
    const request = "We expect 10,000 agent tasks a month: what would Relaywright cost us?";
    const plan = planProduct(frame(request), costs, [], request, new Set(["cost", "task"]), "Relaywright");
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 0.31", "10000 tasks"]);
  });
});

describe("a total of a count", () => {
  const seats = [
    figure("Relaywright Cloud Team list price", "USD 1,200 per seat per year", "lic"),
    figure("Quillon list price", "USD 39 per technician per month", "pricing"),
  ];

  it("is over the span named by the word that asks it, not the first span the request mentions", () => {
    const request =
      "We're pricing 600 technicians. Per-tech monthly price for each, annual total for each, and the annual difference.";
    const plan = planProduct(frame(request), seats, [], request, new Set(["price"]), "Quillon");
    expect(plan.inputs.map((i) => i.value)).toEqual([
      "USD 39 per technician per month",
      "600 technicians",
      "12 months",
    ]);
  });

  it("says no figure per the unit counted was found instead of multiplying a price per seat by tasks", () => {
    const request = "Monthly bill if we push 10,000 tasks a month through Relaywright?";
    const plan = planProduct(frame(request), seats, [], request, new Set(["bill"]), "Relaywright");
    expect(plan.inputs).toEqual([]);
    expect(plan.label).toMatch(/no figure per tasks found for Relaywright/);
  });
});

describe("whose total a count asks", () => {
  it("reads the sentence that gives the count, the number matched whole ('50', not the '50' in '150')", () => {
    const request =
      "Fernbrook quoted us USD 150 for onboarding. What would 50 technicians on Quillon cost per year?";
    const plan = planProduct(frame(request), prices, [], request, new Set(), undefined);
    expect(plan.inputs[0]?.label).toBe("Quillon list price");
  });
});
