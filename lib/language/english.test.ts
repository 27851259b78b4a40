import { describe, expect, it } from "vitest";
import { misspelledCommonWord } from "./english";

describe("misspelledCommonWord", () => {
  it("knows a dictionary word one typing slip away", () => {
    expect(["forcast", "succesful", "turnng", "anual"].every(misspelledCommonWord)).toBe(true);
  });

  it("is no slip for a dictionary word, an unknown name, or a short word", () => {
    expect(["forecast", "halvorsen", "relaywright", "vectorhold", "pmo"].some(misspelledCommonWord)).toBe(
      false,
    );
  });
});
