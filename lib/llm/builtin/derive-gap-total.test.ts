import { describe, expect, it } from "vitest";
import { derive } from "../../tools/calculate";
import { gapOfChangeSentence, gapOfChangeTotalled, planGapTotal, totalAsListedToo } from "./derive-gap-total";
import { planCalculation } from "./derive-inputs";
import type { ResearchFrame } from "./frame";
import { quantity, readDoc } from "./test-docs";
import type { Derivation } from "./upstream";

const frame = (request: string) =>
  ({
    request,
    title: "",
    subject: null,
    entities: [],
    options: { excluded: [] },
  }) as unknown as ResearchFrame;

describe("what a change in one price comes to for a fleet", () => {
  it("is asked as a saving against the earlier price for a count over a span", () => {
    expect(
      gapOfChangeTotalled(
        "Quillon cut Scout's price in 2024 - how much would a 50-tech crew save per year vs the launch price?",
      ),
    ).toBe(true);
    expect(gapOfChangeTotalled("如果我们有 200 名技师，按降价后的价格每年比原价能省多少美元？")).toBe(true);
    // Two vendors' prices compared for a fleet, whatever changed: no one price's change.
    expect(
      gapOfChangeTotalled(
        "Fernbrook raised prices in 2024. For 200 technicians per year, how much more would Fernbrook cost than Quillon?",
      ),
    ).toBe(false);
    expect(
      gapOfChangeTotalled("For 200 technicians per year, how much do we save with Quillon over Fernbrook?"),
    ).toBe(false);
  });

  it("is asked in one clause while another compares two items; a saving per unit takes no count", () => {
    const request =
      "A 120-technician crew is on Quillon Scout. How much does the 2024 price cut save them per year, and how does their bill compare with Fernbrook FieldMate at list?";
    expect(gapOfChangeSentence(request)).toBe("How much does the 2024 price cut save them per year");
    const gap: Derivation = {
      label: "Gap: Scout before vs after",
      operation: "difference",
      value: 20,
      formatted: "USD 20 per technician per month",
      formula: "",
      docIds: ["pc"],
    };
    expect(planGapTotal([gap], request).inputs.map((i) => i.value)).toEqual([
      "USD 20 per technician per month",
      "120 technician",
      "12 months",
    ]);
    const perTech =
      "How much did Quillon's price cut save per technician per year? Then, for a 150-technician contractor, what is the annual bill?";
    expect(planGapTotal([gap], perTech).inputs.map((i) => i.value)).toEqual([
      "USD 20 per technician per month",
      "12 months",
    ]);
  });

  it("takes the price before and after the change as the gap's sides, per unit, then totals the gap", () => {
    const request =
      "Quillon cut Scout's price - how much would a 50-tech crew save per year vs the launch price?";
    const pricing = readDoc(
      "pc",
      "In March 2024 Quillon cut the list price of Quillon Scout from USD 59 to USD 39 per technician per month.",
      [["Quillon list price", "USD 39 per technician per month"]],
    );
    const gap = planCalculation(
      "difference",
      frame(request),
      [],
      null,
      request,
      [pricing],
      [],
      "gap of a change",
    );
    expect(gap.inputs.map((i) => i.value)).toEqual([
      "USD 59 per technician per month",
      "USD 39 per technician per month",
    ]);
    const values = gap.inputs.map((i) => quantity(i.value));
    const worked = derive(
      "difference",
      values,
      gap.inputs.map((i) => i.label),
    );
    const derived: Derivation = {
      label: gap.label,
      operation: "difference",
      formatted: worked.formatted,
      value: worked.value,
      formula: worked.formula,
      docIds: ["pc"],
    };
    const total = planGapTotal([derived], request);
    const result = derive(
      "product",
      total.inputs.map((i) => quantity(i.value)),
      total.inputs.map((i) => i.label),
    );
    expect(result.formatted).toBe("USD 12,000");
  });
});

describe("a total asked at the listed price too", () => {
  it("is asked when the listed price and the adjusted one are set side by side", () => {
    expect(
      totalAsListedToo(
        "What's the annual licence bill at list price, and what do we pay once the volume discount kicks in?",
      ),
    ).toBe(true);
    expect(
      totalAsListedToo("What would Fernbrook FieldMate cost at list and after its volume discount?"),
    ).toBe(true);
    expect(
      totalAsListedToo("600 technicians on Fernbrook FieldMate at list price with their volume discount"),
    ).toBe(false);
    // A comma only qualifies the listed price: one total, discounted.
    expect(
      totalAsListedToo(
        "What's the annual cost for 600 techs at list price, including the 15% volume discount?",
      ),
    ).toBe(false);
  });
});
