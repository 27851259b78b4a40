import { describe, expect, it } from "vitest";
import { type Superlative, superlatives } from "../../language/superlatives";
import { directAnswers, pickOf } from "./direct-answer";
import type { ResearchFrame } from "./frame";
import type { ReadDoc } from "./upstream";

const doc = (docId: string, figures: { name: string; value: string }[]): ReadDoc => ({
  docId,
  title: docId,
  source: "",
  published: "",
  text: "",
  figures,
});

describe("directAnswers", () => {
  it("answers a superlative of a measure worked out per item from the calculation's rows", () => {
    const frame = {
      request: "Which framework has the most GitHub stars per contributor? Work it out for all four.",
      zh: false,
    } as ResearchFrame;
    const row = (label: string, value: number) => ({
      label,
      value,
      formatted: `${value} stars per contributor`,
      formula: "…",
      docIds: ["community"],
    });
    const answers = directAnswers(
      frame,
      [doc("overview", [{ name: "Relaywright GitHub stars", value: "52,000 stars" }])],
      [
        {
          label: "GitHub stars per contributor",
          formatted: "…",
          formula: "…",
          docIds: ["community"],
          rows: [row("Relaywright", 59.09), row("Cortexa", 87.5)],
        },
      ],
    );
    expect(answers.map((a) => a.text)).toEqual([
      "Highest GitHub stars per contributor: Cortexa at 87.5 stars per contributor (calculated; the others: Relaywright 59.09 stars per contributor)",
    ]);
  });

  it("names the item with the extreme value of the measure asked about, the others beside it, cited", () => {
    const frame = { request: "Which framework has the lowest loop incidence?", zh: false } as ResearchFrame;
    const answers = directAnswers(frame, [
      doc("loops", [
        { name: "Cortexa loop incidence rate", value: "9.4%" },
        { name: "Braidline loop incidence rate", value: "2.2%" },
        { name: "Cortexa goal drift rate", value: "11%" },
      ]),
      doc("other", [{ name: "Loomwork loop incidence rate", value: "3.1%" }]),
    ]);
    expect(answers).toEqual([
      {
        text: "Lowest loop incidence: Braidline at 2.2% (the others: Loomwork 3.1%, Cortexa 9.4%)",
        citations: ["loops", "other"],
      },
    ]);
  });

  it("answers an action no list ranks with the sentence that states its winner, and a measure by a synonym", () => {
    const text = (t: string): ReadDoc => ({ ...doc("vendors", []), text: t });
    const reads = [
      text(
        "Fernbrook holds 31% of the market. Quillon holds 17%, up from 12% in 2023, making it the fastest share gainer.\n\nNorth America remains the largest region, but Asia-Pacific is growing fastest. China is the largest country market at USD 0.43 billion.",
      ),
    ];
    const gain = {
      request: "Who is gaining share fastest?",
      zh: false,
      entities: [],
    } as unknown as ResearchFrame;
    expect(directAnswers(gain, reads)[0]?.text).toMatch(/^Quillon holds 17%/);
    const region = { request: "Which region will grow fastest?", zh: false } as ResearchFrame;
    expect(pickOf(superlatives(region.request)[0] as Superlative, reads)).toBe("Asia-Pacific");
    expect(pickOf({ direction: "max", measure: "single country market" }, reads)).toBe("China");
  });

  it("answers nothing from fewer than two comparable figures", () => {
    const frame = { request: "Which vendor has the biggest share?", zh: false } as ResearchFrame;
    expect(directAnswers(frame, [doc("d", [{ name: "Fernbrook market share 2025", value: "31%" }])])).toEqual(
      [],
    );
  });
});
