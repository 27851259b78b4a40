import { describe, expect, it } from "vitest";
import type { ComparisonTable } from "./comparison-table";
import { planCalculation } from "./derive-inputs";
import type { ResearchFrame } from "./frame";
import type { KeyFigure } from "./key-figures";

const frame = { title: "Project X market", request: "" } as ResearchFrame;
const fig = (name: string, value: string, docId = "d1"): KeyFigure => ({
  name,
  value,
  docIds: [docId],
  conflicts: [],
  tied: false,
});

describe("planCalculation", () => {
  it("takes one measure in two years for a change, earlier year first", () => {
    const plan = planCalculation(
      "percent_change",
      frame,
      [
        fig("Project X market size 2025", "USD 4.2 billion"),
        fig("Loomwork stars", "38,000 stars"),
        fig("Project X market size 2024", "USD 3.5 billion", "d2"),
      ],
      null,
      "How much did the market grow?",
    );
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 3.5 billion", "USD 4.2 billion"]);
    expect(plan.inputs.map((i) => i.docId)).toEqual(["d2", "d1"]);
  });

  it("takes both sides of a comparison row for a gap, larger first", () => {
    const table: ComparisonTable = {
      caption: "Comparison",
      columns: ["Aspect", "Cortexa", "Braidline"],
      rows: [
        { cells: ["Evidence", "long text", "other text"], citations: ["d1"] },
        { cells: ["recovery rate", "72%", "86%"], citations: ["d1", "d2"] },
      ],
    };
    const plan = planCalculation("difference", frame, [], table, "the gap in recovery");
    expect(plan.inputs.map((i) => i.value)).toEqual(["86%", "72%"]);
    expect(plan.label).toBe("Gap: Braidline recovery rate vs Cortexa recovery rate");
  });

  it("multiplies a per-unit figure by a count the request gives", () => {
    const plan = planCalculation(
      "product",
      frame,
      [fig("Fernbrook three-year TCO per technician", "USD 2,410")],
      null,
      "Total for our 150 technicians over 2025",
    );
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 2,410", "150"]);
  });

  it("compares the item a superlative picks with the item the request names", () => {
    const reads = [
      {
        docId: "loops",
        title: "",
        source: "",
        published: "",
        text: "",
        figures: [
          { name: "Cortexa loop incidence rate", value: "9.4%" },
          { name: "Relaywright loop incidence rate", value: "6.8%" },
          { name: "Braidline loop incidence rate", value: "2.2%" },
        ],
      },
    ];
    const request = "Which framework has the lowest loop incidence, and how many times higher is Cortexa's?";
    const plan = planCalculation("ratio", { ...frame, request } as ResearchFrame, [], null, request, reads);
    expect(plan.inputs.map((i) => i.value)).toEqual(["9.4%", "2.2%"]);
  });

  it("gives no inputs, and says why, when nothing is comparable", () => {
    const plan = planCalculation(
      "ratio",
      frame,
      [fig("A share", "30%"), fig("B price", "USD 5")],
      null,
      "ratio",
    );
    expect(plan.inputs).toEqual([]);
    expect(plan.label).toMatch(/no two comparable figures/);
  });
});
