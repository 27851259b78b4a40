import { describe, expect, it } from "vitest";
import { nounPhrases } from "./phrases";

const texts = (goal: string) => nounPhrases(goal).map((p) => (p.name ? `N:${p.text}` : p.text));

describe("nounPhrases", () => {
  it("does not take a label opening a sentence ('Background:') for a name", () => {
    const found = texts("Background: our team in Brno compares Fernbrook and Nordvale.");
    expect(found).not.toContain("N:Background");
    expect(found).toContain("N:Brno");
  });

  it("ends a name at its possessive: the possessor and what it has are two names", () => {
    const names = nounPhrases("What slice of Asia-Pacific's Project X spend is China?")
      .filter((p) => p.name)
      .map((p) => p.text);
    expect(names).toEqual(["Asia-Pacific", "Project X", "China"]);
    expect(texts("Quillon's Scout price")).toEqual(["N:Quillon", "N:Scout", "price"]);
  });

  it("takes a lower-case word no dictionary knows for a name ('loomwork vs relaywright')", () => {
    const names = nounPhrases("loomwork vs relaywright goal drift - diff in pts")
      .filter((p) => p.name)
      .map((p) => p.text);
    expect(names).toEqual(["loomwork", "relaywright"]);
    // Opening the request, where the tagger guesses an order: an order is a verb the dictionary knows.
    const opening = nounPhrases("tessaract labs - when are they getting certified?").filter((p) => p.name);
    expect(opening.map((p) => p.text)).toEqual(["tessaract"]);
  });

  it("does not take the unit a figure is asked in for a topic ('in percent', 'in dollars')", () => {
    const texts = nounPhrases(
      "The total growth over those two years in percent, and the cost in dollars",
    ).map((p) => p.text);
    expect(texts.some((t) => /growth/.test(t))).toBe(true);
    expect(texts.some((t) => /cost/.test(t))).toBe(true);
    expect(texts.filter((t) => /percent|dollars/.test(t))).toEqual([]);
  });

  it("leaves greetings, times, dates and politeness out of every phrase", () => {
    const found = texts(
      "Hi! Could you pull together the Project X market size for 2024 and 2025 by Friday? Thanks",
    );
    expect(found).toContain("N:Project X");
    expect(found).toContain("market size");
    expect(found.join(" ")).not.toMatch(/friday|2024|2025|thanks|hi\b/i);
  });

  it("keeps demonstratives and pronouns out ('the other one', 'its')", () => {
    const found = texts(
      "Loomwork vs Relaywright: which handles tool failures better for the other one? And its pricing",
    );
    expect(found).toEqual(expect.arrayContaining(["N:Loomwork", "N:Relaywright", "pricing"]));
    expect(found.join(" ")).not.toMatch(/\bone\b|\bits\b|\bother\b/);
  });

  it("tells an order at the start of a sentence from a name or a compound noun", () => {
    expect(texts("Compare Loomwork and Relaywright for enterprise use")).toEqual([
      "N:Loomwork",
      "N:Relaywright",
      "enterprise use",
    ]);
    expect(texts("Market size of Project X")).toEqual(["market size", "N:Project X"]);
    expect(texts("Loomwork")).toEqual(["N:Loomwork"]);
    expect(texts("Quillon pricing")[0]).toBe("N:Quillon");
  });

  it("reads a word the tagger took for a verb as a noun where grammar says so", () => {
    expect(texts("Project X market size and growth in Asia-Pacific")).toEqual([
      "N:Project X",
      "market size",
      "growth",
      "N:Asia-Pacific",
    ]);
  });

  it("segments Chinese with parts of speech: nouns kept, particles, times and pronouns not", () => {
    const found = texts("你好！请帮我对比一下Loomwork和Relaywright的价格，下周五之前给我");
    expect(found).toEqual(expect.arrayContaining(["N:Loomwork", "N:Relaywright", "价格"]));
    expect(found.join(" ")).not.toMatch(/周五|你好|我/);
    expect(texts("Project X 在制造业的采用情况")).toEqual(["N:Project X", "制造业", "采用情况"]);
    // The copula or a one-character verb after the nouns is the request's, not the subject's.
    expect(texts("2025 年 Project X 全球市场规模是多少？")).toEqual(["N:Project X", "全球市场规模"]);
  });
});

describe("a sentence's first word", () => {
  it("is no name when it is an adjective the dictionary knows before a noun", () => {
    const names = nounPhrases("Annual list cost for Fernbrook FieldMate after its volume discount.")
      .filter((p) => p.name)
      .map((p) => p.text);
    expect(names).toEqual(["Fernbrook FieldMate"]);
  });

  it("is a name when a rare dictionary word is the subject of a verb ('Quillon dropped …')", () => {
    const names = (text: string) =>
      nounPhrases(text)
        .filter((p) => p.name)
        .map((p) => p.text);
    expect(names("Quillon dropped Scout's price in 2024.")).toContain("Quillon");
    // An everyday word opening a sentence before its verb is no name.
    expect(names("Revenue grew 20% in 2025.")).toEqual([]);
    // Nor is a derived abstract noun or two usual words run together.
    expect(names("Interoperability matters most.")).toEqual([]);
    expect(names("Headcount grew by 20%.")).toEqual([]);
  });
});

describe("what follows 'per'", () => {
  it("is the unit a figure is counted by, not a topic", () => {
    expect(texts("list price per technician/month and market share")).not.toContain("technician/month");
    expect(texts("the cost per seat for Quillon")).not.toContain("seat");
  });
});

describe("what 'how many' asks", () => {
  it("is the unit of the answer, not a topic, when it names one; the thing counted otherwise", () => {
    const gap = texts("By how many percentage points does it beat Loomwork on that?");
    expect(gap).not.toContain("many percentage points");
    expect(gap).not.toContain("percentage points");
    expect(texts("How many share points has Quillon picked up since 2023?")).toEqual(["N:Quillon"]);
    expect(texts("How many dollars separate the two quotes?")).not.toContain("dollars");
    expect(texts("How many vendors are certified?")).toEqual(["vendors"]);
    expect(texts("How much market share does Quillon hold?")).toContain("market share");
  });
});

describe("what the requester owns", () => {
  it("is no topic ('our compliance roadmap'), though a name in it still is", () => {
    const found = nounPhrases(
      "For our compliance roadmap: how many days are there between the two deadlines?",
    );
    expect(found.filter((p) => /roadmap|compliance/.test(p.text)).every((p) => p.owned)).toBe(true);
    expect(found.some((p) => p.owned)).toBe(true);
    const mine = nounPhrases("How does our Loomwork deployment compare with Relaywright?");
    expect(mine.filter((p) => !p.owned).map((p) => `N:${p.text}`)).toEqual(["N:Loomwork", "N:Relaywright"]);
  });
});
