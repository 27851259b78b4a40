import { describe, expect, it } from "vitest";
import { currencyCodesOnly } from "./abbreviations";
import { adjectivesOfPlace, placeOfLanguage, writingLanguage } from "./place-names";
import { asksOnBehalf, describesRequester, isAsker, occasionOnly, placeOnly, siteOnly } from "./places";

describe("words that set the scene, not the subject", () => {
  it("reads a place phrase, and only that, as a place", () => {
    expect(placeOnly("Hamburg", "Housing co-op in Hamburg wants to swap gas boilers.")).toBe(true);
    expect(placeOnly("Halvora", "What is Halvora revenue in 2025?")).toBe(false);
  });

  it("reads the requester's description of themselves", () => {
    expect(
      describesRequester("Suzhou", "When does the rule start? (we're a Suzhou plant if that matters)"),
    ).toBe(true);
    expect(describesRequester("Hamburg", "We are based in Hamburg. What do heat pumps cost?")).toBe(true);
    expect(describesRequester("Lyon", "I'm with a Lyon co-op; which grants apply?")).toBe(true);
    // Asked about as well: a subject.
    expect(describesRequester("Loomwork", "We're a Loomwork shop: how does Loomwork compare on cost?")).toBe(
      false,
    );
    expect(describesRequester("Halvora", "What share does Halvora hold?")).toBe(false);
    expect(
      describesRequester("Tessaract Pocket", "We're deciding between Tessaract Pocket and Nordvale Atlas."),
    ).toBe(false);
    expect(describesRequester("Halvora", "We're in talks with Halvora: what is its revenue?")).toBe(false);
  });

  it("reads the occasion a report is for", () => {
    expect(occasionOnly("LatAm board", "Market size for Brazil, for the LatAm board deck.")).toBe(true);
    expect(occasionOnly("LatAm", "Market size for Brazil, for the LatAm board deck.")).toBe(true);
    expect(occasionOnly("my supplier", "Quick one before my supplier call: 2025 arabica prices.")).toBe(true);
    expect(occasionOnly("Acme", "What is Acme revenue? I need it for the Acme review.")).toBe(false);
    expect(occasionOnly("Halvora", "Halvora revenue before the board meeting?")).toBe(false);
  });

  it("knows currency codes (ISO 4217) and conversions between them", () => {
    expect(currencyCodesOnly("GBP->EUR")).toBe(true);
    expect(currencyCodesOnly("EUR/USD")).toBe(true);
    expect(currencyCodesOnly("USD")).toBe(true);
    expect(currencyCodesOnly("TCO")).toBe(false);
    expect(currencyCodesOnly("CAGR")).toBe(false);
  });

  it("reads a language's name as its people's place, or as the language to write in", () => {
    expect(placeOfLanguage("French")).toBe("France");
    expect(placeOfLanguage("Dutch")).toBe("Netherlands");
    expect(placeOfLanguage("Loomwork")).toBeNull();
    expect(writingLanguage("Plain English", "Plain English pls, they're not technical.")).toBe(true);
    expect(writingLanguage("French", "Write it in French.")).toBe(true);
    expect(writingLanguage("French", "How much more does the French household pay?")).toBe(false);
  });
});

describe("who asks, where it happens, and a place named by its people", () => {
  it("reads the requester's own person who asks as no subject ('Our LatAm lead wants a number')", () => {
    const goal = "Our LatAm lead wants a number: how big is the Project X market in Brazil in 2025?";
    expect(asksOnBehalf("LatAm", goal)).toBe(true);
    expect(isAsker("Our LatAm lead", goal)).toBe(true);
    expect(asksOnBehalf("Brazil", goal)).toBe(false);
    expect(asksOnBehalf("LatAm", "How big is our LatAm market?")).toBe(false);
  });

  it("reads a site's name after a preposition of place as the scene ('at the Dunmore Road depot')", () => {
    const goal =
      "Our buses will charge overnight at the Dunmore Road depot on Bayfront Electric's fleet rate.";
    expect(siteOnly("Dunmore Road", goal)).toBe(true);
    expect(siteOnly("Bayfront Electric", goal)).toBe(false);
  });

  it("gives a place's people's adjectives, as they read back to it", () => {
    expect(adjectivesOfPlace("Brazil")).toEqual(["Brazilian"]);
    expect(adjectivesOfPlace("China")).toEqual(["Chinese"]);
    expect(adjectivesOfPlace("Hamburg")).toEqual([]);
  });
});
