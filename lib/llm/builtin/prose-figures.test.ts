import { describe, expect, it } from "vitest";
import { figureInProse, kindOf } from "./prose-figures";
import type { ReadDoc } from "./upstream";

const doc = (docId: string, title: string, text: string, figures: ReadDoc["figures"] = []): ReadDoc => ({
  docId,
  title,
  source: "",
  published: "",
  text,
  figures,
});

const tco = doc(
  "tco",
  "Total cost of ownership and payback",
  [
    "List prices range from USD 35 to USD 62 per technician per month, but buyers should compare three-year total cost of ownership.",
    "",
    "The spread between vendors narrows once hardware is included. Nordvale, the most expensive at USD 62 per month, comes to about USD 2,630. Tessaract, the cheapest at USD 35, comes to about USD 1,910. Fernbrook and Quillon land at about USD 2,410 and USD 2,050 respectively.",
  ].join("\n"),
  [{ name: "Tessaract list price", value: "USD 35 per technician per month" }],
);
const arch = doc(
  "relay",
  "Relaywright architecture",
  "Memory. The original request can scroll out of the window on long runs, one reason for its 7% goal drift rate.",
);
const loops = doc(
  "loops",
  "Agent failure modes",
  "Relaywright repeated a failed call in 6.8% of runs, while Cortexa looped most.",
);

describe("figureInProse", () => {
  const total = {
    measure: "three-year total cost of ownership",
    others: ["Nordvale", "Tessaract", "Fernbrook", "Quillon"],
    totalMonths: 36,
  };

  it("takes the total after the item's name, not the monthly price beside it", () => {
    expect(figureInProse("Nordvale Systems", total, [tco])?.value).toBe("USD 2,630");
    // "the cheapest at USD 35": a figure the documents state per month elsewhere is that rate.
    expect(figureInProse("Tessaract", total, [tco])?.value).toBe("USD 1,910");
  });

  it("takes the larger of two amounts said of the item when no read says which is the monthly rate", () => {
    const bare = { ...tco, figures: [] };
    expect(figureInProse("Tessaract", total, [bare])?.value).toBe("USD 1,910");
    // Asked no total, the first amount after the name stays the answer.
    expect(figureInProse("Tessaract", { ...total, totalMonths: undefined, money: true }, [bare])?.value).toBe(
      "USD 35",
    );
  });

  it("pairs coordinated names with their values in order when the sentence says respectively", () => {
    expect(figureInProse("Fernbrook", total, [tco])?.value).toBe("USD 2,410");
    expect(figureInProse("Quillon Scout", total, [tco])?.value).toBe("USD 2,050");
  });

  it("reads an unnamed sentence of a document about the item, and a percentage only on its own measure", () => {
    const q = { measure: "goal drift rate", others: ["Cortexa", "Loomwork"], kind: "%" };
    expect(figureInProse("Relaywright", q, [loops, arch])?.value).toBe("7%");
    expect(figureInProse("Relaywright", q, [loops])).toBeNull();
  });

  it("finds nothing for an item no sentence gives the measure for", () => {
    expect(figureInProse("Braidline", total, [tco, arch])).toBeNull();
  });
});

describe("figureInProse across languages", () => {
  it("takes a total over the span asked from a sentence in the other language, one currency however written", () => {
    const zh = doc(
      "pricing-zh",
      "Project X 定价模式",
      "只比较标价容易误判。计入硬件后，Nordvale Systems 三年约 2,630 美元，Tessaract Labs 约 1,910 美元，差距明显缩小。",
    );
    const q = {
      measure: "three-year cost per technician hardware included",
      others: ["Nordvale", "Tessaract"],
      totalMonths: 36,
    };
    const n = figureInProse("Nordvale", q, [zh]);
    const t = figureInProse("Tessaract", q, [zh]);
    expect([n?.value, t?.value]).toEqual(["2,630 美元", "1,910 美元"]);
    expect(kindOf(n?.q as NonNullable<typeof n>["q"])).toBe(kindOf({ amount: 1, prefix: "USD", suffix: "" }));
  });
});

describe("figureInProse: a paragraph that opens on the item", () => {
  it("gives the item a rate its later sentences state, not an amount", () => {
    const regions = doc(
      "regions",
      "Project X market by region",
      "North America is the largest region at USD 1.6 billion. The region is also the most mature, so Halden expects a regional CAGR of 15% for 2025-2030. The average deal comes to USD 2,300.",
    );
    expect(figureInProse("North America", { measure: "CAGR", others: [], kind: "%" }, [regions])?.value).toBe(
      "15%",
    );
    // An amount in a later sentence may be the market's: only the one said of the item is its own.
    expect(
      figureInProse("North America", { measure: "average deal", others: [] }, [regions])?.value,
    ).not.toBe("USD 2,300");
  });
});
