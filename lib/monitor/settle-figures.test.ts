import { describe, expect, it } from "vitest";
import { type ReadDoc, type Sources, settleFigures } from "./settle-figures";

const doc = (docId: string, text: string, figures: { name: string; value: string }[] = []): ReadDoc => ({
  docId,
  text,
  figures,
});

const upstream = (reads: ReadDoc[], extra: Partial<Sources> = {}): Sources => ({
  facts: [],
  figures: [],
  reads,
  readings: reads,
  ...extra,
});

describe("settleFigures", () => {
  const landscape = doc("landscape", "Loomwork leads with a 31% share. Relaywright follows at 24%.", [
    { name: "Loomwork market share 2025", value: "31%" },
  ]);

  it("takes the value other documents confirm over a garbled extraction, in figures and quoted facts", () => {
    const up = upstream(
      [landscape, doc("overview", "Four vendors hold 84% of revenue, with Loomwork leading at 31%.")],
      {
        figures: [{ docId: "landscape", name: "Loomwork market share 2025", value: "37%" }],
        facts: [
          {
            text: "Loomwork leads with a 37% share.",
            docId: "landscape",
          },
        ],
      },
    );
    const settled = settleFigures(up);
    expect(settled.figures[0]?.value).toBe("31%");
    expect(settled.facts[0]?.text).toBe("Loomwork leads with a 31% share.");
  });

  it("with nothing else to go on, trusts the document as read over its extraction", () => {
    const up = upstream([landscape], {
      figures: [{ docId: "landscape", name: "Loomwork market share 2025", value: "37%" }],
    });
    expect(settleFigures(up).figures[0]?.value).toBe("31%");
  });

  it("takes a re-read's value when the first read of a page was garbled and the re-read and extraction agree", () => {
    const garbled = doc("landscape", "Loomwork leads with a 13% share.", [
      { name: "Loomwork market share 2025", value: "13%" },
    ]);
    const up: Sources = {
      ...upstream([garbled], {
        figures: [{ docId: "landscape", name: "Loomwork market share 2025", value: "31%" }],
      }),
      readings: [garbled, landscape],
    };
    const settled = settleFigures(up);
    expect(settled.reads[0]?.figures[0]?.value).toBe("31%");
    expect(settled.reads[0]?.text).toBe("Loomwork leads with a 31% share.");
  });

  it("corrects only the sentences about the figure, and Chinese sentences by their words", () => {
    const zh = doc("zh", "制造业贡献了中国市场 48% 的收入。电力行业约 48%。", [
      { name: "Project X 中国制造业收入占比 2025", value: "48%" },
    ]);
    const up = upstream([zh, doc("zh2", "在中国，制造业占 Project X 市场收入的 38%。")], {
      figures: [{ docId: "zh", name: "Project X 中国制造业收入占比 2025", value: "38%" }],
    });
    expect(settleFigures(up).reads[0]?.text).toBe("制造业贡献了中国市场 38% 的收入。电力行业约 48%。");
  });

  it("re-quotes a fact whose figure its document does not have from the document's same sentence", () => {
    const up = upstream([doc("apac", "China is the largest market at USD 0.43 billion. Japan follows.")], {
      facts: [
        {
          text: "China is the largest market at USD 0.34 billion.",
          docId: "apac",
        },
      ],
    });
    expect(settleFigures(up).facts[0]?.text).toBe("China is the largest market at USD 0.43 billion.");
  });

  it("leaves agreeing sources untouched", () => {
    const up = upstream([landscape], {
      figures: [{ docId: "landscape", name: "Loomwork market share 2025", value: "31%" }],
    });
    expect(settleFigures(up)).toBe(up);
  });
});
