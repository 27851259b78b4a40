import { describe, expect, it } from "vitest";
import type { Evidence } from "./evidence";
import type { ResearchFrame } from "./frame";
import { requestFindings } from "./request-coverage";
import type { Fact } from "./upstream";

const fact = (text: string, order: number, docId = "loops"): Fact => ({
  text,
  docId,
  title: docId,
  topic: "",
  order,
});

const sentences = [
  fact("Agent frameworks are widely used for long-running tasks in 2025.", 0),
  fact("Cortexa had a loop incidence rate of 9.4% across the benchmark.", 1),
  fact("Relaywright repeated an earlier tool call in 9% of its calls.", 2),
  fact("Loomwork repeated an earlier tool call in 3% of its calls.", 3),
  fact("The survey ran for 6 months with 40 teams.", 4),
  fact("Loomwork repeated an earlier tool call in 3% of its calls, the report says.", 5, "copy"),
];
const ev: Evidence = { facts: sentences, docs: [], weak: new Set() };
const frame = {
  request:
    "Per framework, the loop incidence rate and the share of tool calls that repeated an earlier call.",
  zh: false,
} as ResearchFrame;

describe("requestFindings", () => {
  it("adds the sentences stating figures the request's rarer words ask for, new figures only", () => {
    const found = requestFindings(frame, ev, { facts: [sentences[1] as Fact], text: [] }, 6);
    expect(found.map((f) => f.fact.order)).toEqual([2, 3]);
    expect(found[0]?.shared).toEqual(expect.arrayContaining(["repeat", "earlier", "call"]));
  });

  it("adds nothing the report already states, and nothing beyond its budget", () => {
    const stated = { facts: [sentences[1] as Fact], text: ["Relaywright: 9%", "Loomwork: 3%"] };
    expect(requestFindings(frame, ev, stated, 6)).toEqual([]);
    expect(requestFindings(frame, ev, { facts: [], text: [] }, 1)).toHaveLength(1);
  });

  it("leaves out sentences from documents marked weak", () => {
    const weak: Evidence = { ...ev, weak: new Set(["loops"]) };
    expect(requestFindings(frame, weak, { facts: [], text: [] }, 6).map((f) => f.fact.docId)).toEqual([
      "copy",
    ]);
  });
});

describe("matchTerms", () => {
  it("lets a hyphenated word meet its parts", async () => {
    const { matchTerms } = await import("./text");
    expect(matchTerms("certified to IASS-2 in April").has("iass")).toBe(true);
    expect(matchTerms("loop-prone frameworks").has("loop")).toBe(true);
  });

  it("reads a sentence in its paragraph: one naming the item is about what the paragraph is about", () => {
    const text = [
      "IASS-2 applies from July 2026. As of June 2025, two vendors are certified. Quillon says it expects certification in the first quarter of 2026.",
      "Quillon cut its price in 2024 and now sells through 140 partners.",
    ].join("\n\n");
    const facts = [
      fact("Quillon says it expects certification in the first quarter of 2026.", 0, "reg"),
      fact("Quillon cut its price in 2024 and now sells through 140 partners.", 1, "reg"),
    ];
    const docs = [{ docId: "reg", title: "Regulation", source: "", published: "", text, figures: [] }];
    const asked = { request: "Where does Quillon stand on IASS-2?", zh: false } as ResearchFrame;
    const found = requestFindings(asked, { facts, docs, weak: new Set() }, { facts: [], text: [] }, 6);
    expect(found.map((f) => f.fact.order)).toEqual([0]);
  });
});
