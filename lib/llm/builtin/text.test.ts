import { describe, expect, it } from "vitest";
import type { ResearchFrame } from "./frame";
import { measurePair } from "./measure-pair";
import { figure } from "./test-docs";
import { familyHits, matchTerms, sameFamily } from "./text";

describe("words of one family", () => {
  it("meets a derivation the stemmer leaves apart, never another word that starts the same", () => {
    expect(sameFamily("fail", "failur")).toBe(true);
    expect(sameFamily("recov", "recoveri")).toBe(true);
    expect(sameFamily("task", "taskforg")).toBe(false);
    expect(sameFamily("rat", "ratio")).toBe(false);
    expect(
      familyHits(
        matchTerms("tool failure recovery rate"),
        matchTerms("which recovers more often when a tool fails"),
      ),
    ).toBe(3);
  });

  it("chooses the measure a verb of the request names: 'recovers more often' asks the recovery rate", () => {
    const frame = {
      title: "tool failures",
      request: "",
      entities: ["Loomwork", "Braidline"],
      subject: null,
      options: { excluded: [] },
    } as unknown as ResearchFrame;
    const figures = [
      figure("Loomwork tool calls", "5%"),
      figure("Braidline tool calls", "4%"),
      figure("Loomwork tool failure recovery rate", "72%"),
      figure("Braidline tool failure recovery rate", "86%"),
    ];
    const request =
      "When a tool call fails, which framework recovers more often, Loomwork or Braidline, and by how many percentage points?";
    const pair = measurePair(request, { ...frame, request }, figures, []);
    expect(pair?.map((c) => c.value).sort()).toEqual(["72%", "86%"]);
  });
});
