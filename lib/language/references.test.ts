import { describe, expect, it } from "vitest";
import { decidedElsewhere } from "./references";

describe("decidedElsewhere", () => {
  it("finds choices made in the requester's world, whatever the verb", () => {
    expect(decidedElsewhere("What does the vendor we shortlisted charge?")).toEqual([
      "the vendor we shortlisted",
    ]);
    expect(decidedElsewhere("Compare the two frameworks our team picked on readiness")).toEqual([
      "the two frameworks our team picked",
    ]);
    expect(decidedElsewhere("Which vendors are under the ceiling finance signed off?")).toEqual([
      "the ceiling finance signed off",
    ]);
    expect(decidedElsewhere("Cost of the Project X assistant we have trialled")).toEqual([
      "the Project X assistant we have trialled",
    ]);
  });

  it("leaves references a source can answer alone", () => {
    expect(decidedElsewhere("Summarise the market Halden measured in 2025")).toEqual([]);
    expect(decidedElsewhere("Use the figures the report gave")).toEqual([]);
    expect(decidedElsewhere("Project X market size in 2025")).toEqual([]);
    expect(decidedElsewhere("Which tools do teams use most?")).toEqual([]);
  });
});
