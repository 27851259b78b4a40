import { describe, expect, it } from "vitest";
import type { ResearchFrame } from "./frame";
import { askedMeasures } from "./item-measures";
import { readDoc } from "./test-docs";

const frame = (request: string, excluded: string[] = [], zh = false) =>
  ({
    request,
    subject: "Project X",
    entities: [],
    zh,
    options: { excluded, changed: [], given: [] },
  }) as unknown as ResearchFrame;
const doc = readDoc;
const pricing = doc("pricing", "All four vendors price per technician per month.", [
  ["Fernbrook list price", "USD 49 per technician per month"],
  ["Quillon list price", "USD 39 per technician per month"],
  ["Nordvale Systems list price", "USD 62 per technician per month"],
  ["Project X average list price 2025", "USD 46 per technician per month"],
]);
const landscape = doc("landscape", "Four vendors hold 84% of the market.", [
  ["Fernbrook market share 2025", "31%"],
  ["Quillon market share 2025", "17%"],
]);

describe("askedMeasures", () => {
  it("lists the measure the request asks about for every item a document gives it for", () => {
    const out = askedMeasures(frame("A table of list prices for the main vendors, please."), [
      pricing,
      landscape,
    ]);
    expect(out).toHaveLength(1);
    expect(out[0]?.measure).toBe("list price");
    expect(out[0]?.rows.map((r) => `${r.item}: ${r.value}`)).toEqual([
      "Fernbrook: USD 49 per technician per month",
      "Quillon: USD 39 per technician per month",
      "Nordvale Systems: USD 62 per technician per month",
    ]);
  });

  it("leaves out what the request rules out, and measures it does not ask about", () => {
    const out = askedMeasures(frame("List prices, but leave Quillon out.", ["Quillon"]), [
      pricing,
      landscape,
    ]);
    expect(out[0]?.rows.map((r) => r.item)).toEqual(["Fernbrook", "Nordvale Systems"]);
    expect(askedMeasures(frame("Who founded Fernbrook?"), [pricing, landscape])).toEqual([]);
  });

  it("takes the value most reads of a document gave, and none on a tie", () => {
    const garbled = doc("pricing", "", [
      ["Fernbrook list price", "USD 94 per technician per month"],
      ["Quillon list price", "USD 39 per technician per month"],
      ["Nordvale Systems list price", "USD 62 per technician per month"],
    ]);
    const out = askedMeasures(frame("list prices"), [pricing, garbled, pricing]);
    expect(out[0]?.rows.find((r) => r.item === "Fernbrook")?.value).toBe("USD 49 per technician per month");
    const tie = askedMeasures(frame("list prices"), [pricing, garbled]);
    expect(tie[0]?.rows.map((r) => r.item)).toEqual(["Quillon", "Nordvale Systems"]);
  });

  it("looks up a total over the span asked for each item of the documents' lists, in prose", () => {
    const tco = doc(
      "tco",
      [
        "Halden compares vendors on three-year total cost of ownership (TCO) per technician.",
        "Nordvale Systems, the most expensive at USD 62 per month, comes to about USD 2,630. Fernbrook and Quillon land at about USD 2,410 and USD 2,050 respectively.",
      ].join("\n\n"),
      [],
    );
    const out = askedMeasures(frame("Rank the vendors by Halden's three-year total cost per technician."), [
      pricing,
      landscape,
      { ...tco, title: "Total cost of ownership and payback" },
    ]);
    const totals = out.find((m) => m.measure === "3-year total");
    expect(totals?.rows.map((r) => `${r.item}: ${r.value}`)).toEqual([
      "Fernbrook: USD 2,410",
      "Quillon: USD 2,050",
    ]);
  });
});
