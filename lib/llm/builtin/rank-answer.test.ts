import { describe, expect, it } from "vitest";
import type { ResearchFrame } from "./frame";
import { asksRank, rankAnswers } from "./rank-answer";
import type { ReadDoc } from "./upstream";

const reads = [
  {
    docId: "bench",
    title: "Completion benchmark",
    source: "",
    published: "2025-05-27",
    lang: "en",
    text: "",
    figures: [
      { name: "Fluentry completion rate", value: "41%" },
      { name: "Lingovia completion rate", value: "34%" },
      { name: "Verbalis completion rate", value: "31%" },
      { name: "All-vendor average completion rate", value: "31%" },
      { name: "Parlato completion rate", value: "29%" },
      { name: "Worldtalk completion rate", value: "22%" },
    ],
  },
] as unknown as ReadDoc[];
const frame = (request: string) =>
  ({ request, zh: false, options: { changed: [], excluded: [] } }) as unknown as ResearchFrame;

describe("rank of a named item", () => {
  it("is asked by 'where does it rank', 'its position', 排名第几 — not by 'rank the five'", () => {
    expect(
      asksRank("What rate should we plan for with Lingovia, and where does it rank among the five?"),
    ).toBe(true);
    expect(asksRank("Lingovia 的完成率排名第几？")).toBe(true);
    expect(asksRank("Rank the five vendors by completion rate, highest first.")).toBe(false);
  });

  it("gives the item's place in the lineup of the measure asked, averages aside", () => {
    const [a] = rankAnswers(
      frame(
        "What completion rate should we plan for with Lingovia, and where does it rank among the five main vendors?",
      ),
      reads,
    );
    expect(a?.text).toMatch(/^Lingovia ranks second of 5 on completion rate/);
    expect(a?.text).not.toMatch(/average/i);
    expect(a?.citations).toEqual(["bench"]);
  });

  it("says nothing when no rank is asked or the item is in no lineup", () => {
    expect(rankAnswers(frame("What completion rate should we plan for with Lingovia?"), reads)).toEqual([]);
    expect(rankAnswers(frame("Where does Halbrook rank on completion?"), reads)).toEqual([]);
  });
});
