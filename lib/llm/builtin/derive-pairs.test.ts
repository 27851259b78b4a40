import { describe, expect, it } from "vitest";
import { planCalculation } from "./derive-inputs";
import type { ResearchFrame } from "./frame";
import { keyFigure as fig } from "./test-docs";

const frame = {
  title: "Project X market",
  request: "",
  entities: [],
  subject: null,
  options: { excluded: [] },
} as unknown as ResearchFrame;

describe("every item against the market's figure", () => {
  it("sets each listed price against the average that names no item, one row each", () => {
    const request =
      "Rank the four vendors by list price per technician per month and show how far each one sits above or below the market average.";
    const prices = [
      fig("Fernbrook list price", "USD 49 per technician per month"),
      fig("Quillon list price", "USD 39 per technician per month"),
      fig("Project X average list price 2025", "USD 46 per technician per month"),
      fig("Project X market size 2025", "USD 4.2 billion"),
      fig("Project X market size 2024", "USD 3.5 billion"),
      fig("Project X Europe market size 2025", "USD 1.2 billion"),
      fig("Project X year-on-year growth 2025", "20%"),
      fig("Fernbrook market share 2025", "31%"),
      fig("Quillon market share 2025", "17%"),
    ];
    const plan = planCalculation("difference", { ...frame, request }, prices, null, request);
    expect(plan.rows?.map((r) => r.inputs.map((i) => i.value))).toEqual([
      ["USD 49 per technician per month", "USD 46 per technician per month"],
      ["USD 39 per technician per month", "USD 46 per technician per month"],
    ]);
  });
});

describe("a figure the requester supplied", () => {
  it("is set against the named item's own figure, not the market's, when the request names the item", () => {
    const request =
      "Quillon sent over our renewal quote. Give me the percentage increase and the list-price context.";
    const prices = [
      fig("Quillon list price", "USD 39 per technician per month"),
      fig("Fernbrook list price", "USD 49 per technician per month"),
      fig("Project X average list price 2025", "USD 46 per technician per month"),
      fig("Project X market size 2025", "USD 4.2 billion"),
      fig("Project X market size 2024", "USD 3.5 billion"),
    ];
    const plan = planCalculation(
      "percent_change",
      { ...frame, request },
      prices,
      null,
      request,
      [],
      [],
      undefined,
      ["The renewal quote is USD 44 per technician per month."],
    );
    expect(plan.inputs.map((i) => i.value)).toEqual([
      "USD 39 per technician per month",
      "USD 44 per technician per month",
    ]);
    // A quote from an item the library does not list is set against the market's figure.
    const other = "We are considering Kelvra. How much cheaper is it than the market's average list price?";
    const own = planCalculation(
      "difference",
      { ...frame, request: other },
      prices,
      null,
      other,
      [],
      [],
      undefined,
      ["Kelvra quoted us USD 41 per technician per month."],
    );
    expect(own.inputs.map((i) => i.value)).toEqual([
      "USD 46 per technician per month",
      "USD 41 per technician per month",
    ]);
  });
});
