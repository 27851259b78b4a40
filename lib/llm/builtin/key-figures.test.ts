import { describe, expect, it } from "vitest";
import type { Evidence } from "./evidence";
import type { ResearchFrame } from "./frame";
import { keyFigures } from "./key-figures";
import type { Upstream } from "./upstream";

const doc = (docId: string) => ({ docId, title: docId, source: "", published: "", text: "", figures: [] });
const frame = {
  title: "Payback",
  facets: [{ names: ["payback"], topic: "payback" }],
  entities: [],
  options: { maxWords: null },
} as unknown as ResearchFrame;

describe("keyFigures", () => {
  it("takes a document's value from most of its readings: a garbled one is no source's", () => {
    const up = {
      figures: [
        { name: "Median payback period", value: "14 months", docId: "survey" },
        { name: "Median payback period", value: "41 months", docId: "survey" },
        { name: "Median payback period", value: "14 months", docId: "survey" },
        { name: "Median payback period", value: "14 months", docId: "tco" },
      ],
    } as unknown as Upstream;
    const ev: Evidence = { facts: [], docs: [doc("survey"), doc("tco")], weak: new Set() };
    const [f] = keyFigures(frame, up, ev);
    expect(f?.value).toBe("14 months");
    expect(f?.conflicts).toEqual([]);
  });

  it("keeps both values of a document whose readings tie, as a disagreement", () => {
    const up = {
      figures: [
        { name: "Median payback period", value: "14 months", docId: "survey" },
        { name: "Median payback period", value: "41 months", docId: "survey" },
      ],
    } as unknown as Upstream;
    const ev: Evidence = { facts: [], docs: [doc("survey")], weak: new Set() };
    expect(keyFigures(frame, up, ev)[0]?.conflicts.length).toBe(1);
  });
});
