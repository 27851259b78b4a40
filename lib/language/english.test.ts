import { describe, expect, it } from "vitest";
import {
  clausesOf,
  comparesByDegree,
  isParticleCompound,
  misspelledCommonWord,
  spellingOf,
  tagEnglish,
  withSpellingMended,
} from "./english";

describe("tagEnglish mends slips of the tagger", () => {
  const tags = (text: string, word: string) => [
    ...(tagEnglish(text).find((w) => w.text === word)?.tags ?? []),
  ];
  it("reads a word in capitals as an acronym, never the verb it spells", () => {
    expect(tags("Compare the main LED bar suppliers for vertical farms", "LED")).toContain("Acronym");
    expect(tags("Compare the main LED bar suppliers for vertical farms", "LED")).not.toContain("Verb");
  });
  it("reads a name heading a request before a colon as a name, an interjection as one", () => {
    expect(tags("Thermovia: 2024 European unit sales", "Thermovia")).toContain("ProperNoun");
    expect(tags("Hey: what are the 2024 unit sales?", "Hey")).not.toContain("ProperNoun");
  });
  it("keeps a comparative after 'how much' a comparative, and a noun in -er a noun", () => {
    expect(
      tags("By 2030, how much bigger is public DC fast charging than depot charging?", "bigger"),
    ).toContain("Comparative");
    expect(tags("how much cheaper is Quillon than Fernbrook", "cheaper")).toContain("Comparative");
    expect(tags("the number of users per server", "number")).toContain("Noun");
  });
});

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

describe("spellingOf and withSpellingMended", () => {
  it("gives the word meant, the commonest slips first", () => {
    expect(spellingOf("differnce")).toBe("difference");
    expect(spellingOf("recieve")).toBe("receive");
    expect(spellingOf("forcast")).toBe("forecast");
    expect(spellingOf("difference")).toBeNull();
    // Past twenty letters no word is a slip, and none is tried.
    expect(spellingOf("a".repeat(5000))).toBeNull();
  });

  it("mends words in lower case only: a capitalised word may be a name", () => {
    expect(withSpellingMended("Tessaract vs Nordvale for the whole fleet + the diffrence")).toBe(
      "Tessaract vs Nordvale for the whole fleet + the difference",
    );
    expect(withSpellingMended("按市场规模算 differnce")).toBe("按市场规模算 differnce");
  });
});

describe("comparesByDegree", () => {
  it("is a comparative with its than, regular or not", () => {
    expect(
      comparesByDegree("How much better is Braidline than Cortexa at recovering from tool failures?"),
    ).toBe(true);
    expect(comparesByDegree("Is Loomwork faster than Relaywright on long tasks?")).toBe(true);
    // Tagged a noun in place, "cheaper" is still the comparative the lexicon knows; "pricier" is "pricy" + er.
    expect(comparesByDegree("How much cheaper is Quillon Scout than Fernbrook FieldMate?")).toBe(true);
    expect(comparesByDegree("Is Nordvale pricier than Tessaract?")).toBe(true);
    expect(comparesByDegree("a bigger number than last year")).toBe(true);
    expect(comparesByDegree("any user than the admin")).toBe(false);
    // A bound is no comparison of two things.
    expect(comparesByDegree("frameworks with fewer than 10 maintainers")).toBe(false);
    expect(comparesByDegree("revenue greater than USD 1 billion")).toBe(false);
    expect(comparesByDegree("send it no later than Friday")).toBe(false);
  });

  it("is the degree asked right after 'how much', its other side said elsewhere", () => {
    expect(comparesByDegree("How much slower is Loomwork in seconds and in %?")).toBe(true);
    expect(comparesByDegree("How much more is there to say?")).toBe(false);
  });

  it("is no comparison of degree without a than", () => {
    expect(comparesByDegree("Which framework is better for enterprise use?")).toBe(false);
    expect(comparesByDegree("Find a better source, then compare Loomwork and Relaywright.")).toBe(false);
  });
});

describe("clausesOf", () => {
  it("splits a second command joined by 'and' ('… by score and tell me the spread')", () => {
    expect(
      clausesOf(
        "Rank Loomwork, Relaywright, Cortexa and Braidline by readiness score and tell me the spread between first and last place.",
      ),
    ).toEqual([
      "Rank Loomwork, Relaywright, Cortexa and Braidline by readiness score",
      "tell me the spread between first and last place.",
    ]);
    // Coordinated nouns or verbs with no object of their own stay together.
    expect(clausesOf("Rank the four vendors by price and support quality.")).toHaveLength(1);
    expect(clausesOf("Show me how teams build and deploy agents with Loomwork.")).toHaveLength(1);
    // Two verbs of one command stay together.
    expect(clausesOf("Compare and contrast Loomwork and Relaywright")).toEqual([
      "Compare and contrast Loomwork and Relaywright",
    ]);
  });
});

describe("isParticleCompound", () => {
  it("is a phrasal verb's noun written as one word, never an invented name", () => {
    for (const w of ["writeup", "rollout", "signoff", "followup", "setup"])
      expect(isParticleCompound(w)).toBe(true);
    for (const w of ["loomwork", "braidline", "halvorsen", "kitewing"])
      expect(isParticleCompound(w)).toBe(false);
  });
  it("reads a fiscal period as a date, never a name to research", () => {
    const tags = (text: string) => tagEnglish(text).map((w) => [w.text, w.tags.has("Date")]);
    expect(tags("price Q2'24 to Q2'25")).toEqual([
      ["price", false],
      ["Q2'24", true],
      ["to", false],
      ["Q2'25", true],
    ]);
    expect(tagEnglish("FY25 budget")[0]?.tags.has("Date")).toBe(true);
  });
});
