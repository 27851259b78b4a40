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

describe("keyFigures with an overtaken forecast", () => {
  it("lists the later figure first and the older forecast as a weaker source's value", () => {
    const up = {
      figures: [{ name: "O&M spend 2025", value: "USD 7.9 billion", docId: "market" }],
      superseded: [
        {
          docId: "outlook",
          name: "O&M spend 2025 forecast",
          value: "USD 11.0 billion",
          by: { name: "O&M spend 2025", value: "USD 7.9 billion", docId: "market" },
        },
      ],
    } as unknown as Upstream;
    const ev: Evidence = { facts: [], docs: [doc("market"), doc("outlook")], weak: new Set(["outlook"]) };
    const [f] = keyFigures(
      { ...frame, facets: [{ names: ["spend"], topic: "spend" }] } as ResearchFrame,
      up,
      ev,
    );
    expect(f?.value).toBe("USD 7.9 billion");
    expect(f?.conflicts).toEqual([{ value: "USD 11.0 billion", docIds: ["outlook"] }]);
    expect(f?.tied).toBe(false);
  });
});
