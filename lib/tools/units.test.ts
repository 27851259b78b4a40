import { describe, expect, it } from "vitest";
import { countedUnit, perUnits, sameUnit, unitClash } from "./units";

describe("units", () => {
  it("reads what a figure is per, spans of time aside", () => {
    expect(perUnits("Nordvale list price USD 62 per technician per month")).toEqual(["technician"]);
    expect(perUnits("Relaywright Cloud Team list price USD 1,200 per seat per year")).toEqual(["seat"]);
    expect(perUnits("USD 2,300 over three years")).toEqual([]);
  });

  it("reads what a count counts, a rate's span after the slash dropped", () => {
    expect(countedUnit("10000 tasks/mo")).toBe("tasks");
    expect(countedUnit("350 technician")).toBe("technician");
  });

  it("takes a plural, a clipping and the people a seat is sold to as one unit", () => {
    expect(sameUnit("task", "tasks")).toBe(true);
    expect(sameUnit("technician", "techs")).toBe(true);
    expect(sameUnit("seat", "person")).toBe(true);
    expect(sameUnit("seat", "tasks")).toBe(false);
  });

  it("names the clash of a figure per one thing and a count of another", () => {
    expect(unitClash("list price USD 1,200 per seat per year", "10000 tasks")).toEqual({
      per: "seat",
      counted: "tasks",
    });
    expect(unitClash("cost per task USD 0.42", "10,000 tasks/mo")).toBeNull();
    // No unit on one side, a span as the count, or another script: nothing to say.
    expect(unitClash("USD 2,630", "350 technicians")).toBeNull();
    expect(unitClash("USD 62 per technician per month", "36 months")).toBeNull();
    expect(unitClash("每人每月 46 美元", "150 名技师")).toBeNull();
  });
});
