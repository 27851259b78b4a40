import { describe, expect, it } from "vitest";
import { bareExtremes, requestedOrder, superlatives } from "./superlatives";

describe("superlatives", () => {
  it("finds the measure a superlative picks by, and its direction", () => {
    expect(
      superlatives("Which agent framework has the lowest loop incidence, and how does it compare?"),
    ).toEqual([{ direction: "min", measure: "loop incidence", kind: "framework" }]);
    expect(superlatives("Which framework has the most contributors?")).toEqual([
      { direction: "max", measure: "contributors", kind: "framework" },
    ]);
    expect(superlatives("Then, which single country was the largest market in 2025?")).toEqual([
      { direction: "max", measure: "market", kind: "country" },
    ]);
    expect(superlatives("哪家厂商在工厂里的市场份额最大？")).toEqual([
      { direction: "max", measure: "市场份额" },
    ]);
    expect(superlatives("哪家的价格最便宜")).toEqual([{ direction: "min", measure: "价格" }]);
  });

  it("reads an adverb's measure after its preposition, and an action a superlative qualifies", () => {
    expect(
      superlatives("Find the framework that scored highest on the readiness scorecard, then its licence"),
    ).toEqual([{ direction: "max", measure: "readiness scorecard" }]);
    // A name after the preposition is where it was measured: the measure is the question's verb.
    expect(superlatives("Which framework loops least on TaskForge-300? Then its retry defaults.")).toEqual([
      { direction: "min", measure: "loops", action: { word: "least" }, kind: "framework" },
    ]);
    expect(superlatives("A line on who is gaining share fastest would help.")).toEqual([
      { direction: "max", measure: "gaining share", action: { word: "fastest" } },
    ]);
  });

  it("reads a verb after a kind of several words, and best or worst as its adverb", () => {
    expect(
      superlatives(
        "Which agent framework recovers best from tool failures, and by how many points does it beat Cortexa?",
      ),
    ).toEqual([{ direction: "max", measure: "recovers", action: { word: "best" }, kind: "framework" }]);
    // A noun "best" after no verb picks nothing.
    expect(superlatives("Send me your best guess on Loomwork pricing.")).toEqual([]);
    // Chinese: the verb before 得 (and the nouns it governs) is the action.
    expect(superlatives("哪个智能体框架从工具故障中恢复得最好？")).toEqual([
      { direction: "max", measure: "工具故障恢复", action: { word: "最好" } },
    ]);
    // With no prepositional frame, the verb alone: the subject before it is no part of the measure.
    expect(superlatives("哪个智能体框架恢复得最好？")).toEqual([
      { direction: "max", measure: "恢复", action: { word: "最好" } },
    ]);
  });

  it("reads a hyphenated superlative's measure ('the highest-scoring framework')", () => {
    expect(superlatives("and how far it trails the highest-scoring framework.")).toEqual([
      { direction: "max", measure: "scoring framework" },
    ]);
  });

  it("finds none where nothing is picked by a measure", () => {
    expect(superlatives("Compare Loomwork and Relaywright for enterprise use")).toEqual([]);
  });
});

describe("superlatives: verbs of coming first", () => {
  it("reads the measure a leading verb is on", () => {
    expect(superlatives("Take whichever framework tops TaskForge-300 on task success.")).toEqual([
      { direction: "max", measure: "task success" },
    ]);
    expect(superlatives("Who leads Project X on 2025 revenue share, and by how much?")).toEqual([
      { direction: "max", measure: "revenue share" },
    ]);
  });

  it("finds the ends of a list a request names without a measure", () => {
    expect(bareExtremes("how many points ahead of the weakest one is it?")).toEqual(["min"]);
    expect(bareExtremes("the spread between the priciest and the cheapest")).toEqual(["max", "min"]);
    expect(bareExtremes("Which vendor has the lowest price?")).toEqual([]);
    // No determiner: a pair of ends ("between best and worst"); a ranking's first and last place.
    expect(bareExtremes("how big is the gap between best and worst")).toEqual(["max", "min"]);
    expect(bareExtremes("the spread between first and last place")).toEqual(["max", "min"]);
    // Two ends of one measure said once are no bare ends.
    expect(bareExtremes("list the best and worst performing frameworks")).toEqual([]);
    // An order asked is no pair of ends; nor is a bottom line.
    expect(bareExtremes("Rank them from best to worst by readiness score.")).toEqual([]);
    expect(bareExtremes("Compare Acme's top and bottom line growth")).toEqual([]);
    expect(bareExtremes("最贵的和最便宜的每人每月差多少钱？")).toEqual(["max", "min"]);
    // A measure before 最 makes it a superlative of its own.
    expect(bareExtremes("哪家厂商的价格最便宜的")).toEqual([]);
  });

  it("reads a frequency superlative's measure from what the kind asked does", () => {
    expect(
      superlatives(
        "Which agent framework gets stuck in loops least often, and how many times more does Cortexa loop?",
      ),
    ).toEqual([{ direction: "min", measure: "loops", kind: "framework" }]);
  });

  it("reads two ends of one measure said once ('the most and least expensive vendor')", () => {
    expect(
      superlatives("what's the three-year TCO difference between the most and least expensive vendor?").map(
        (x) => [x.direction, x.measure],
      ),
    ).toEqual([
      ["max", "expensive vendor"],
      ["min", "expensive vendor"],
    ]);
  });
});

describe("requestedOrder", () => {
  it("reads the order a list is asked in, in both languages, and none when none is said", () => {
    expect(requestedOrder("loop rates for the four frameworks - lowest first pls")).toBe("asc");
    expect(requestedOrder("list them in descending order")).toBe("desc");
    expect(requestedOrder("from cheapest to priciest")).toBe("asc");
    expect(requestedOrder("按循环发生率从低到高排列")).toBe("asc");
    expect(requestedOrder("Which framework has the lowest loop rate?")).toBeNull();
  });

  describe("superlatives: best before a noun", () => {
    it("is an adjective there, not an adverb of the verb before it", () => {
      expect(superlatives("We need to follow best practices for Loomwork.")).toEqual([]);
    });
  });
});
