import { describe, expect, it } from "vitest";
import { aspectGaps } from "./aspect-gaps";
import type { ResearchFrame } from "./frame";
import type { ReadDoc } from "./upstream";

const frame = (request: string) =>
  ({
    request,
    subject: null,
    entities: [],
    zh: false,
    options: { excluded: [], changed: [] },
  }) as unknown as ResearchFrame;
const readiness: ReadDoc = {
  docId: "readiness",
  title: "Enterprise readiness scorecard",
  source: "",
  published: "",
  text: [
    "Relaywright has no built-in audit log when self-hosted. Its SOC 2 Type I report is expected only in late 2025.",
    "Braidline records every step. It obtained a SOC 2 Type I report in January 2025.",
    "Loomwork Enterprise adds a 99.9% uptime commitment for its managed control plane.",
  ].join("\n\n"),
  figures: [
    { name: "Relaywright enterprise readiness score", value: "6.0/10" },
    { name: "Braidline enterprise readiness score", value: "7.0/10" },
  ],
};
const request =
  "For the vendor review I need Relaywright and Braidline side by side: enterprise readiness score, where each is on SOC 2, and the uptime SLA each one commits to.";

describe("aspectGaps", () => {
  it("says which items no document read states an aspect asked of each for, with the searches made", () => {
    expect(aspectGaps(frame(request), [readiness], ["uptime SLA"])).toEqual([
      "SLA: not found in the documents read for Relaywright or Braidline (searched: «uptime SLA»).",
    ]);
  });

  it("counts a sentence that goes on about an item without naming it, and a figure named for it", () => {
    const gaps = aspectGaps(frame(request), [readiness], []);
    expect(gaps.some((g) => /^SOC/.test(g) || /readiness/i.test(g))).toBe(false);
  });

  it("says nothing of a phrase not asked of the items, nor of Chinese requests", () => {
    expect(
      aspectGaps(
        frame("Relaywright and Braidline for the board pack: their readiness scores."),
        [readiness],
        [],
      ),
    ).toEqual([]);
    expect(aspectGaps({ ...frame(request), zh: true }, [readiness], [])).toEqual([]);
  });
});

describe("aspectGaps: what the request asks of a named item", () => {
  it("states a plain noun of the list after the item's possessive, and nothing before it", () => {
    const vendors: ReadDoc = {
      docId: "landscape",
      title: "Vendor landscape",
      source: "",
      published: "",
      text: "Fernbrook leads the market with 31% and earns most of its revenue from utilities.",
      figures: [
        { name: "Fernbrook market share 2025", value: "31%" },
        { name: "Quillon market share 2025", value: "17%" },
      ],
    };
    const gaps = aspectGaps(
      frame("For a vendor-viability slide: Fernbrook's revenue, headcount and market share."),
      [vendors],
      [],
    );
    expect(gaps).toEqual(["Headcount: not found in the documents read for Fernbrook."]);
  });
});
