import { describe, expect, it } from "vitest";
import { comparisonTable } from "./comparison-table";
import type { Evidence } from "./evidence";
import type { ResearchFrame } from "./frame";
import type { Fact } from "./upstream";

const fact = (text: string, docId: string, order: number): Fact => ({
  text,
  docId,
  title: docId,
  topic: "",
  order,
});
const frame = {
  entities: ["Loomwork", "Relaywright"],
  aspects: ["task success rate"],
  zh: false,
} as ResearchFrame;

describe("comparisonTable", () => {
  it("fills a multi-word aspect's row from the sentence naming both its words and each entity's figure", () => {
    const ev: Evidence = {
      facts: [fact("Loomwork reached a task success rate of 81%, Relaywright 74%.", "bench", 0)],
      docs: [],
      weak: new Set(),
    };
    expect(comparisonTable(frame, ev, [])?.rows).toEqual([
      { cells: ["task success rate", "81%", "74%"], citations: ["bench"] },
    ]);
  });

  it("never fills a cell from a sponsored or unverified source", () => {
    const ev: Evidence = {
      facts: [
        fact("Loomwork's task success rate is 95%, Relaywright's 60%, says the vendor.", "blog", 0),
        fact("Loomwork reached a task success rate of 81%.", "bench", 1),
      ],
      docs: [],
      weak: new Set(["blog"]),
    };
    expect(comparisonTable(frame, ev, [])?.rows[0]?.cells).toEqual(["task success rate", "81%", "—"]);
  });
});
