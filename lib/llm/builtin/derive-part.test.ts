import { describe, expect, it } from "vitest";
import { ASKS_PART, partAsked, planPart } from "./derive-part";
import type { ResearchFrame } from "./frame";
import { figure, readDoc } from "./test-docs";
import type { ReadDoc } from "./upstream";

const frame = (request: string) =>
  ({ request, subject: null, entities: [], options: { excluded: [] } }) as unknown as ResearchFrame;
const fig = figure;
const figures = [
  fig("Fernbrook market share 2025", "31%", "vl"),
  fig("Tessaract Labs market share 2025", "12%", "vl"),
  fig("Project X North America market size 2025", "USD 1.6 billion", "rb"),
  fig("Project X market size 2025", "USD 4.2 billion", "mo"),
  fig("Project X year-on-year growth 2025", "20%", "mo"),
  fig("Fernbrook list price", "USD 49 per technician per month", "pc"),
];

describe("a part from its share of a whole", () => {
  it("is asked as an estimate, an application of a share, or a percentage of an amount", () => {
    expect(
      ASKS_PART.test("what's Fernbrook's revenue if you apply its market share to the total market size?"),
    ).toBe(true);
    expect(ASKS_PART.test("and an estimate of its 2025 revenue")).toBe(true);
    expect(ASKS_PART.test("roughly how many of the benchmark's tasks it completed")).toBe(true);
    expect(ASKS_PART.test("按市场规模和 Fernbrook 的市场份额，估算一下它的收入大概是多少？")).toBe(true);
    // A size from a split (shares by part); a segment's revenue (a part of its market).
    expect(ASKS_PART.test("Size the 2025 North American market in USD from Corvane's regional split")).toBe(
      true,
    );
    expect(
      ASKS_PART.test("2025 size, growth vs 2024, and 2025 revenue of the fixed-logger segment in USD"),
    ).toBe(true);
    expect(ASKS_PART.test("What is Fernbrook's market share?")).toBe(false);
    expect(ASKS_PART.test("Compare the list prices of Fernbrook and Quillon.")).toBe(false);
  });

  it("is asked as an amount outright where the request names the share it comes from", () => {
    expect(
      partAsked(
        "Using the market size and the vendor market shares, what revenue does that imply for Fernbrook?",
      ),
    ).not.toBeNull();
    expect(partAsked("按 2025 年市场规模和份额算，Fernbrook 和 Quillon 的营收分别是多少？")).not.toBeNull();
    // Listing both asks nothing worked out; an amount asked with no share named is not a part.
    expect(
      partAsked("how many dollars does Chinese manufacturing spend on it once you apply the sector's share?"),
    ).not.toBeNull();
    expect(partAsked("list each vendor's market share and revenue")).toBeNull();
    expect(partAsked("What revenue did the manufacturing segment bring in?")).toBeNull();
    expect(partAsked("Can you share what revenue Fernbrook reported?")).toBeNull();
  });

  it("multiplies the item's share by the whole of the same measure, not a region's or a price", () => {
    const plan = planPart(
      frame(
        "Back-of-envelope: Fernbrook's 2025 revenue if you apply its market share to the total market size?",
      ),
      figures,
      [],
      "Back-of-envelope: Fernbrook's 2025 revenue if you apply its market share to the total market size?",
    );
    expect(plan.operation).toBe("product");
    expect(plan.inputs.map((i) => i.value)).toEqual(["31%", "USD 4.2 billion"]);
    expect(plan.inputs.map((i) => i.docId)).toEqual(["vl", "mo"]);
  });

  it("takes the item a superlative picks when the request names none", () => {
    const reads: ReadDoc[] = [
      {
        docId: "tf",
        title: "TaskForge-300 results",
        source: "",
        published: "",
        text: "",
        figures: [
          { name: "Loomwork loop incidence rate", value: "3.1%" },
          { name: "Braidline loop incidence rate", value: "2.2%" },
          { name: "Braidline task success rate", value: "77%" },
          { name: "Loomwork task success rate", value: "81%" },
          { name: "TaskForge-300 task count", value: "300 tasks" },
        ],
      },
    ];
    const request =
      "Which framework loops least? For that one, roughly how many of the tasks did it complete?";
    const all = reads[0]?.figures.map((f) => fig(f.name, f.value, "tf")) ?? [];
    const plan = planPart(frame(request), all, reads, request);
    expect(plan.label).toMatch(/^Braidline:/);
    expect(plan.inputs.map((i) => i.value)).toEqual(["77%", "300 tasks"]);
  });

  it("is asked as revenue if an item holds its share, or shares converted into dollars", () => {
    expect(ASKS_PART.test("what would Fernbrook's revenue be then if it holds its current share?")).toBe(
      true,
    );
    expect(ASKS_PART.test("convert Fernbrook's and Quillon's shares into dollar revenue")).toBe(true);
    expect(ASKS_PART.test("list each vendor's market share and revenue")).toBe(false);
  });

  it("takes the whole as projected upstream when the request asks the part in that year", () => {
    const projection = {
      label: "Project X market size 2025 with Project X CAGR 2025-2030",
      operation: "apply_rate",
      value: 5_848_080_000,
      formatted: "USD 5.85 billion",
      formula: "…",
      docIds: ["mo"],
      inputs: [
        { label: "Project X market size 2025", value: "USD 4.2 billion" },
        { label: "Project X CAGR 2025-2030", value: "18%" },
        { label: "years from 2025 to 2027", value: "2" },
      ],
    };
    const request = "the market in 2027, and Fernbrook's revenue then if it holds its share";
    const plan = planPart(frame(request), figures, [], request, [projection]);
    expect(plan.inputs.map((i) => [i.label, i.value])).toEqual([
      ["Fernbrook market share 2025", "31%"],
      ["Project X market size projected to 2027", "USD 5.8481 billion"],
    ]);
    const now = "Fernbrook's revenue if it holds its share";
    expect(planPart(frame(now), figures, [], now, [projection]).inputs[1]?.value).toBe("USD 4.2 billion");
  });

  it("works out the part of the item the plan names", () => {
    const request = "convert Fernbrook's and Tessaract's shares into dollar revenue";
    const plan = planPart(frame(request), figures, [], request, [], "Tessaract Labs");
    expect(plan.inputs.map((i) => i.value)).toEqual(["12%", "USD 4.2 billion"]);
  });

  it("works out every item's part of a share lineup when the request names no item", () => {
    const request =
      "Each of the big vendors' market share, and that share turned into approximate revenue in dollars.";
    expect(partAsked(request)).not.toBeNull();
    const lineup = [
      ...figures,
      fig("Project X adoption rate in utilities 2025", "41%", "ia"),
      fig("Project X adoption rate in telecom 2025", "29%", "ia"),
    ];
    const plan = planPart(frame(request), lineup, [], request);
    expect(plan.rows?.map((r) => [r.label, r.inputs.map((i) => i.value)])).toEqual([
      ["Fernbrook", ["31%", "USD 4.2 billion"]],
      ["Tessaract Labs", ["12%", "USD 4.2 billion"]],
    ]);
  });

  it("takes the market's total a sentence states when no figures list gives it, in dollars if written so", () => {
    const request = "按 2025 年市场规模和份额算，Fernbrook 的营收是多少？";
    const zh = readDoc(
      "zh",
      "2025 年全球 Project X 市场规模为 42 亿美元（USD 4.2 billion），其中亚太地区 11 亿美元。",
      [["Project X China market size 2025", "USD 0.43 billion"]],
    );
    const shares = [
      fig("Fernbrook market share 2025", "31%", "vl"),
      fig("Project X China market size 2025", "USD 0.43 billion", "zh"),
    ];
    const plan = planPart(frame(request), shares, [zh], request, [], "Fernbrook");
    expect(plan.inputs.map((i) => i.value)).toEqual(["31%", "USD 4.2 billion"]);
  });

  it("says why when no share and whole fit", () => {
    const plan = planPart(
      frame("an estimate of Nordvale's revenue"),
      figures,
      [],
      "an estimate of Nordvale's revenue",
    );
    expect(plan.inputs).toEqual([]);
    expect(plan.label).toMatch(/^Part: /);
  });
});

describe("a part a sentence states as a share of a named whole", () => {
  const apac = readDoc(
    "apac",
    "China is the largest country market at USD 0.43 billion. Manufacturing accounts for 38% of Chinese spending, well above its global share.",
    [["Project X China market size 2025", "USD 0.43 billion"]],
  );
  const world = [
    fig("Project X market size 2025", "USD 4.2 billion", "mo"),
    fig("Project X manufacturing segment revenue 2025", "USD 1.1 billion", "mfg"),
    fig("Project X China market size 2025", "USD 0.43 billion", "apac"),
    fig("Project X Asia-Pacific market size 2025", "USD 1.1 billion", "apac"),
  ];

  it("takes the part the request names and the whole of the statement's place, never the global one", () => {
    const request = "roughly how much do chinese manufacturers spend on project x in USD (2025)?";
    const plan = planPart(frame(request), world, [apac], request);
    expect(plan.inputs.map((i) => [i.label, i.value])).toEqual([
      ["Manufacturing share of Chinese spending", "38%"],
      ["Project X China market size 2025", "USD 0.43 billion"],
    ]);
  });

  it("reads a Chinese statement against English figure names", () => {
    const zh = readDoc("zh", "从行业结构看，制造业贡献了中国市场 38% 的收入。", [
      ["Project X China market size 2025", "USD 0.43 billion"],
    ]);
    const request = "中国 Project X 市场里制造业大概贡献多少钱？";
    expect(partAsked(request)).not.toBeNull();
    const plan = planPart(frame(request), world, [zh], request);
    expect(plan.inputs.map((i) => i.value)).toEqual(["38%", "USD 0.43 billion"]);
    expect(plan.inputs[0]?.label).toBe("制造业占中国市场收入的份额");
    // "制造业占中国市场收入多少" asks the share itself, not an amount.
    expect(partAsked("制造业占中国市场收入多少、中国受访者里制造业占比多少？")).toBeNull();
  });

  it("leaves a statement whose part the request does not name to the figures' names", () => {
    const request = "What is Fernbrook's estimated revenue, applying its market share to the market size?";
    const plan = planPart(frame(request), [...figures, ...world], [apac], request);
    expect(plan.inputs.map((i) => i.label)).toEqual([
      "Fernbrook market share 2025",
      "Project X market size 2025",
    ]);
  });

  it("takes the item's share, named as one, of the market's amount, whatever the amount is called", () => {
    const listed: [string, string, string][] = [
      ["Acoustic leak detection market size 2025", "USD 1.56 billion", "ov"],
      ["Europe share of 2025 revenue", "35%", "ov"],
      ["North America share of 2025 revenue", "30%", "ov"],
      ["Western Europe median NRW 2024", "17.8%", "nrw"],
      ["Median NRW reduction with fixed acoustic monitoring", "4.8 percentage points", "nrw"],
    ];
    const reads = ["ov", "nrw"].map((id) =>
      readDoc(
        id,
        "",
        listed.filter(([, , d]) => d === id).map(([n, v]) => [n, v]),
      ),
    );
    const candidates = listed.map(([n, v, d]) => fig(n, v, d));
    const request = "Give Europe's 2025 market size from the regional split.";
    const plan = planPart(frame(request), candidates, reads, request, [], "Europe");
    expect(plan.inputs.map((i) => i.value)).toEqual(["35%", "USD 1.56 billion"]);
  });
});
