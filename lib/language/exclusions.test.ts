import { describe, expect, it } from "vitest";
import { excludedItems } from "./exclusions";

describe("excludedItems", () => {
  it("takes the objects of excluding verbs and prepositions, split at their coordinators", () => {
    expect(
      excludedItems(
        "Change of plan: leave Asia-Pacific and the rest of the world out entirely. I only need North America and Europe.",
      ),
    ).toEqual(["Asia-Pacific", "rest of the world"]);
    expect(excludedItems("Compare all vendors excluding Quillon and Tessaract, with a table")).toEqual([
      "Quillon",
      "Tessaract",
    ]);
    expect(excludedItems("除了中国以外，亚太地区其他市场的规模是多少？")).toEqual(["中国"]);
  });

  it("finds nothing in a request that rules nothing out", () => {
    expect(excludedItems("Compare Loomwork and Relaywright on price and licensing for executives")).toEqual(
      [],
    );
    expect(excludedItems("No need to check back with me; a short table is enough.")).toEqual([]);
  });
  it("reads a pronoun as the name before it, and a name said to be off the table", () => {
    expect(
      excludedItems(
        "Change of plan: Cortexa is off the table (legal won't clear its licence), so leave it out entirely.",
      ),
    ).toEqual(["Cortexa"]);
  });

  it("reads a name said to be out, and what is removed from something", () => {
    expect(excludedItems("Procurement told me Tessaract Labs is out - no IASS-2 timeline.")).toEqual([
      "Tessaract Labs",
    ]);
    expect(excludedItems("Remove Cortexa from the table.")).toEqual(["Cortexa"]);
    expect(excludedItems("Scratch Cortexa from the table - legal has ruled it out.")).toEqual(["Cortexa"]);
    expect(excludedItems("The new version is out.")).toEqual([]);
  });

  it("reads what the request can do without ('the dog numbers aren't needed') as ruled out", () => {
    expect(
      excludedItems("Redo the ranking for the reference cat instead; the dog numbers aren't needed."),
    ).toEqual(["dog"]);
    expect(excludedItems("Europe is no longer relevant, focus on Asia.")).toEqual(["Europe"]);
    expect(excludedItems("Drop the North America figures.")).toEqual(["North America"]);
    expect(excludedItems("The figures are needed by Friday.")).toEqual([]);
  });
});
