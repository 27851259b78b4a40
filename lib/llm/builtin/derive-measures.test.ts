import { describe, expect, it } from "vitest";
import { planCalculation } from "./derive-inputs";
import { measureRows } from "./derive-measures";
import type { ResearchFrame } from "./frame";
import { figure, keyFigure } from "./test-docs";

const frame = {
  title: "Cortexa vs Braidline",
  request: "",
  entities: ["Cortexa", "Braidline"],
  subject: null,
  options: { excluded: [] },
} as unknown as ResearchFrame;
const key = (name: string, value: string) => keyFigure(name, value, "k");
const figures = [
  key("Cortexa loop incidence rate", "9.4%"),
  key("Braidline loop incidence rate", "2.2%"),
  key("Cortexa goal drift rate", "11%"),
  key("Braidline goal drift rate", "5%"),
  key("Cortexa tool failure recovery rate", "44%"),
  key("Braidline tool failure recovery rate", "86%"),
];

describe("one comparison over each measure asked", () => {
  it("gives a row per measure the request names when it asks them respectively", () => {
    const request =
      "What are Cortexa's loop incidence rate and goal drift rate, and how many points above Braidline is each, respectively?";
    const plan = planCalculation("difference", { ...frame, request }, figures, null, request);
    expect(plan.inputs).toEqual([]);
    expect(plan.rows?.map((r) => [r.label, r.inputs.map((i) => i.value)])).toEqual([
      ["loop incidence rate", ["9.4%", "2.2%"]],
      ["goal drift rate", ["11%", "5%"]],
    ]);
  });

  it("repeats nothing when the request asks one comparison", () => {
    const a = figure("Cortexa loop incidence rate", "9.4%");
    const b = figure("Braidline loop incidence rate", "2.2%");
    const c = [a, b, figure("Cortexa goal drift rate", "11%"), figure("Braidline goal drift rate", "5%")];
    expect(
      measureRows("difference", [a, b], c, "How many points apart are their loop rates?", [], null),
    ).toBeNull();
  });
});

describe("a comparison of price", () => {
  it("compares money, not a rate, when it asks how many times pricier", () => {
    const request = "How many times pricier is Cortexa than Relaywright per task?";
    const figs = [
      key("Cortexa task success rate", "69%"),
      key("Relaywright task success rate", "74%"),
      key("Cortexa cost per task", "USD 0.55"),
      key("Relaywright cost per task", "USD 0.31"),
    ];
    const plan = planCalculation(
      "ratio",
      { ...frame, entities: ["Cortexa", "Relaywright"], request },
      figs,
      null,
      request,
    );
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 0.55", "USD 0.31"]);
  });
});
