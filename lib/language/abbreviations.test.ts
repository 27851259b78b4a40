import { describe, expect, it } from "vitest";
import { abbreviates, definitions, isAcronym, withDefinitions } from "./abbreviations";

describe("abbreviations the documents define", () => {
  it("reads a definition whose initials spell the capitals after it, small words counted or not", () => {
    const defined = definitions([
      "Buyers should compare three-year total cost of ownership (TCO). Halden forecasts a compound annual growth rate (CAGR) of 18%.",
      "Manufacturers see the largest cut in mean time to repair (MTTR).",
      "A cross-site scripting (XSS) flaw was fixed in the Berlin office (HQ).",
    ]);
    expect([...defined.entries()]).toEqual([
      ["TCO", "total cost of ownership"],
      ["CAGR", "compound annual growth rate"],
      ["MTTR", "mean time to repair"],
    ]);
  });

  it("spells the expansion after each use in a request, once", () => {
    const defined = new Map([["TCO", "total cost of ownership"]]);
    expect(withDefinitions("Using Halden's three-year TCO estimates", defined)).toBe(
      "Using Halden's three-year TCO (total cost of ownership) estimates",
    );
    expect(withDefinitions("TCO (total cost of ownership)", defined)).toBe("TCO (total cost of ownership)");
  });
});

describe("isAcronym", () => {
  it("knows an acronym, plural or numbered, from a name", () => {
    expect(["TCO", "CAGRs", "IASS-2", "NA"].every(isAcronym)).toBe(true);
    expect(["Fernbrook", "Project X", "Asia-Pacific"].some(isAcronym)).toBe(false);
    // In mixed case: short, two capitals, no three lower-case letters in a row.
    expect(["SaaS", "PaaS"].every(isAcronym)).toBe(true);
    expect(
      ["LangGraph", "McKinsey", "Kestrel", "Nordvale", "GitHub", "NetApp", "McKay"].some(isAcronym),
    ).toBe(false);
  });
});

describe("a clipped abbreviation no text defines", () => {
  it("may stand for a name whose words it starts, its letters in order", () => {
    expect(abbreviates("APAC", "Asia-Pacific")).toBe(true);
    expect(abbreviates("LATAM", "Latin America")).toBe(true);
    expect(abbreviates("UK", "United Kingdom")).toBe(true);
    expect(abbreviates("EMEA", "Europe")).toBe(false);
    expect(abbreviates("APAC", "Africa")).toBe(false);
  });
});
