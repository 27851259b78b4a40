import { describe, expect, it } from "vitest";
import type { ComparisonTable } from "./comparison-table";
import { planCalculation } from "./derive-inputs";
import { PER_UNIT } from "./derive-upstream";
import type { ResearchFrame } from "./frame";
import type { KeyFigure } from "./key-figures";

const frame = {
  title: "Project X market",
  request: "",
  entities: [],
  subject: null,
  options: { excluded: [] },
} as unknown as ResearchFrame;
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

  it("runs a change set against one year ('growth versus 2024') to the year the request's subject is in", () => {
    const figures = [2023, 2024, 2025].map((y, i) =>
      fig(`Corporate language app market size ${y}`, `USD ${["2.5", "3.0", "3.6"][i]} billion`),
    );
    const plan = planCalculation(
      "percent_change",
      frame,
      figures,
      null,
      "Headline numbers: market size in 2025, growth versus 2024 in percent, and total spend across 2023-2025 combined.",
    );
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 3.0 billion", "USD 3.6 billion"]);
  });

  it("reads a measure's other years from the sentence that states it, and keeps to the years asked", () => {
    const reads = [
      {
        docId: "mo",
        title: "Market overview",
        source: "",
        published: "",
        text: "Halden sizes the global market at USD 4.2 billion in 2025, up from USD 3.5 billion in 2024 and USD 2.9 billion in 2023.",
        figures: [],
      },
    ];
    const figures = [
      fig("Project X market size 2025", "USD 4.2 billion"),
      fig("Project X market size 2024", "USD 3.5 billion"),
    ];
    const overTwo = planCalculation(
      "percent_change",
      frame,
      figures,
      null,
      "total growth from 2023 in percent",
      reads,
    );
    expect(overTwo.inputs.map((i) => [i.label, i.value])).toEqual([
      ["Project X market size 2023", "USD 2.9 billion"],
      ["Project X market size 2025", "USD 4.2 billion"],
    ]);
    const lastYear = planCalculation(
      "percent_change",
      frame,
      figures,
      null,
      "growth from 2024 to 2025",
      reads,
    );
    expect(lastYear.inputs.map((i) => i.value)).toEqual(["USD 3.5 billion", "USD 4.2 billion"]);
  });

  it("compares one named item in two states: its listed figure and the value stated under the request's condition", () => {
    const reads = [
      {
        docId: "faults",
        title: "Fault injection",
        source: "",
        published: "",
        text: "Relaywright recovered in 58% of affected tasks. With retries enabled, Relaywright reached 71% in a side run.",
        figures: [],
      },
    ];
    const plan = planCalculation(
      "difference",
      frame,
      [
        fig("Braidline tool failure recovery rate", "86%"),
        fig("Relaywright tool failure recovery rate", "58%"),
        fig("Cortexa tool failure recovery rate", "44%"),
      ],
      null,
      "By how many points does turning retries on lift Relaywright's tool failure recovery rate?",
      reads,
    );
    expect(plan.inputs.map((i) => i.value)).toEqual(["71%", "58%"]);
  });

  it("compares per unit the figures that two per-item totals multiplied", () => {
    const derived = [
      {
        label: "Nordvale Atlas: Nordvale Atlas total per unit over 3 years × 200 technicians",
        formatted: "USD 526,000",
        formula: "Nordvale Atlas total per unit over 3 years USD 2,630 × 200 technicians 200 = USD 526,000",
        docIds: ["tco"],
      },
      {
        label: "Tessaract Pocket: Tessaract Pocket total per unit over 3 years × 200 technicians",
        formatted: "USD 382,000",
        formula: "Tessaract Pocket total per unit over 3 years USD 1,910 × 200 technicians 200 = USD 382,000",
        docIds: ["tco"],
      },
    ];
    const plan = planCalculation(
      "difference",
      frame,
      [],
      null,
      "the per-technician gap",
      [],
      derived,
      PER_UNIT,
    );
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 2,630", "USD 1,910"]);
  });

  it("takes the operands from the clause that asks for the calculation", () => {
    const plan = planCalculation(
      "ratio",
      { ...frame, entities: [] } as ResearchFrame,
      [
        fig("Loomwork loop incidence rate", "3.1%"),
        fig("Relaywright loop incidence rate", "6.8%"),
        fig("Cortexa loop incidence rate", "9.4%"),
        fig("Braidline loop incidence rate", "2.2%"),
      ],
      null,
      "List the loop incidence rates for Loomwork, Relaywright, Cortexa and Braidline, and tell me how many times more often Cortexa loops than Braidline.",
    );
    expect(plan.inputs.map((i) => i.value)).toEqual(["9.4%", "2.2%"]);
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
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 2,410", "150 technicians"]);
  });

  it("converts a monthly price to the span asked and cancels the units", () => {
    const plan = planCalculation(
      "product",
      frame,
      [
        fig("Quillon list price", "USD 39 per technician per month"),
        fig("Nordvale list price", "USD 62 per technician per month"),
      ],
      null,
      "Our field team is 120 technicians.\nWhat would our team pay per year for Quillon?",
    );
    expect(plan.inputs.map((i) => i.value)).toEqual([
      "USD 39 per technician per month",
      "120 technicians",
      "12 months",
    ]);
    const three = planCalculation(
      "product",
      frame,
      [fig("Fernbrook list price", "USD 49 per technician per month")],
      null,
      "licences over three years for our 120 field technicians",
    );
    expect(three.inputs.at(-1)?.value).toBe("36 months");
    // A figure already stated over the span asked is not converted.
    const tco = planCalculation(
      "product",
      frame,
      [
        fig("Fernbrook list price", "USD 49 per technician per month"),
        fig("Fernbrook three-year total cost per technician", "USD 2,410"),
      ],
      null,
      "the three-year bill for 250 technicians on Fernbrook",
    );
    expect(tco.inputs.map((i) => i.value)).toEqual(["USD 2,410", "250 technicians"]);
  });

  it("takes each item's own price when the plan asks one total per item, and compares the totals", () => {
    const figures = [
      fig("Nordvale list price", "USD 62 per technician per month"),
      fig("Tessaract list price", "USD 35 per technician per month"),
    ];
    const request = "按 150 名技师算，一年订阅费多少？Nordvale 和 Tessaract 差多少";
    const a = planCalculation("product", frame, figures, null, request, [], [], "Tessaract");
    expect(a.inputs.map((i) => i.value)).toEqual([
      "USD 35 per technician per month",
      "150 技师",
      "12 months",
    ]);
    const missing = planCalculation("product", frame, figures, null, request, [], [], "Quillon");
    expect(missing.inputs).toEqual([]);
    expect(missing.label).toMatch(/no per-unit figure found for Quillon/);
    const gap = planCalculation(
      "difference",
      frame,
      figures,
      null,
      request,
      [],
      [
        {
          label: "Nordvale: Nordvale list price × 150",
          formatted: "USD 111,600",
          formula: "…",
          docIds: ["d1"],
        },
        {
          label: "Tessaract: Tessaract list price × 150",
          formatted: "USD 63,000",
          formula: "…",
          docIds: ["d1"],
        },
      ],
    );
    expect(gap.inputs.map((i) => i.value)).toEqual(["USD 111,600", "USD 63,000"]);
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

  it("compares the leader with the runner-up on the measure the request asks about, in points between shares", () => {
    const reads = [
      {
        docId: "regions",
        title: "",
        source: "",
        published: "",
        text: "",
        figures: [
          { name: "Project X North America market size 2025", value: "USD 1.6 billion" },
          { name: "Project X Europe market size 2025", value: "USD 1.2 billion" },
        ],
      },
      {
        docId: "vendors",
        title: "",
        source: "",
        published: "",
        text: "",
        figures: [
          { name: "Quillon market share 2025", value: "17%" },
          { name: "Fernbrook market share 2025", value: "31%" },
          { name: "Nordvale Systems market share 2025", value: "24%" },
        ],
      },
    ];
    const request =
      "Who leads the Project X vendor market in 2025, and by how many percentage points over the number two?";
    const plan = planCalculation(
      "difference",
      { ...frame, request, subject: "Project X", entities: [] } as unknown as ResearchFrame,
      [],
      null,
      request,
      reads,
    );
    expect(plan.inputs.map((i) => i.value)).toEqual(["31%", "24%"]);
    const named = "Nordvale vs Quillon: how many points apart are their market shares in 2025?";
    const two = planCalculation(
      "difference",
      { ...frame, request: named, subject: null, entities: [] } as unknown as ResearchFrame,
      [],
      null,
      named,
      reads,
    );
    expect(two.inputs.map((i) => i.value)).toEqual(["24%", "17%"]);
  });

  it("takes a change the text states from one value to another, earlier first", () => {
    const reads = [
      {
        docId: "landscape",
        title: "Vendor landscape",
        source: "",
        published: "",
        text: "Founded in 2021, it cut the list price of Quillon Scout from USD 59 to USD 39 per technician per month in March 2024.",
        figures: [],
      },
    ];
    const request = "By what percentage did Quillon cut Scout's list price?";
    const plan = planCalculation(
      "percent_change",
      { ...frame, request } as ResearchFrame,
      [],
      null,
      request,
      reads,
    );
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 59", "USD 39 per technician per month"]);
    expect(plan.label).toMatch(/list price of Quillon Scout/);
  });

  it("sums the items a request names, and takes a share of the whole their lineup belongs to", () => {
    const figures = [
      fig("Project X market size 2025", "USD 4.2 billion"),
      fig("Project X North America market size 2025", "USD 1.6 billion"),
      fig("Project X Europe market size 2025", "USD 1.2 billion"),
      fig("Project X Asia-Pacific market size 2025", "USD 1.1 billion"),
    ];
    const request =
      "I only need North America and Europe, plus their combined 2025 size and combined share of the global market.";
    const f = {
      ...frame,
      request,
      subject: "Project X",
      options: { excluded: [] },
    } as unknown as ResearchFrame;
    const sum = planCalculation("sum", f, figures, null, request);
    expect(sum.inputs.map((i) => i.value)).toEqual(["USD 1.6 billion", "USD 1.2 billion"]);
    const share = planCalculation(
      "share",
      f,
      figures,
      null,
      request,
      [],
      [
        {
          label: "Total: North America + Europe",
          operation: "sum",
          formatted: "USD 2.8 billion",
          formula: "1.6 + 1.2",
          docIds: ["d1"],
        },
      ],
    );
    expect(share.inputs.map((i) => i.value)).toEqual(["USD 2.8 billion", "USD 4.2 billion"]);
  });

  it("compares a figure the requester supplied with the library's reference figure of the same kind", () => {
    const figures = [
      fig("Fernbrook list price", "USD 49 per technician per month"),
      fig("Nordvale Systems list price", "USD 62 per technician per month"),
      fig("Project X average list price 2025", "USD 46 per technician per month"),
      fig("Project X market size 2025", "USD 4.2 billion"),
    ];
    const request = "Is the Vantor quote above or below the 2025 average list price, and by what percentage?";
    const plan = planCalculation(
      "percent_change",
      { ...frame, request } as ResearchFrame,
      figures,
      null,
      request,
      [],
      [],
      undefined,
      ["Vantor Fieldsense quoted us USD 54 per technician per month, billed annually."],
    );
    expect(plan.inputs.map((i) => i.value)).toEqual([
      "USD 46 per technician per month",
      "USD 54 per technician per month",
    ]);
    expect(plan.inputs[1]?.label).toBe("Vantor Fieldsense (supplied)");
  });

  it("takes one measure in the two years a gap is asked between, when no item is named", () => {
    const plan = planCalculation(
      "difference",
      { ...frame, subject: "Project X" } as ResearchFrame,
      [
        fig("Project X North America market size 2025", "USD 1.6 billion"),
        fig("Project X Europe market size 2025", "USD 1.2 billion"),
        fig("Project X market size 2025", "USD 4.2 billion"),
        fig("Project X market size 2023", "USD 2.9 billion"),
      ],
      null,
      "How much bigger is the Project X market in 2025 than it was in 2023?",
    );
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 4.2 billion", "USD 2.9 billion"]);
  });

  it("divides by the whole named after 'share of', an item of the same list", () => {
    const plan = planCalculation(
      "share",
      frame,
      [
        fig("Project X market size 2025", "USD 4.2 billion"),
        fig("Project X Asia-Pacific market size 2025", "USD 1.1 billion"),
        fig("Project X China market size 2025", "USD 0.43 billion"),
      ],
      null,
      "What share of the Asia-Pacific Project X market does China account for?",
    );
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 0.43 billion", "USD 1.1 billion"]);
  });
});
