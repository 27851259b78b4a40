import { describe, expect, it } from "vitest";
import { planCalculation } from "./derive-inputs";
import { clauseSharePair, partsAsked, SHARE_PART, sharesAsked, upstreamSharePair } from "./derive-share";
import type { ResearchFrame } from "./frame";
import { keyFigure as fig, figure } from "./test-docs";
import type { Derivation } from "./upstream";

const frame = {
  title: "Project X market",
  request: "",
  entities: [],
  subject: null,
  options: { excluded: [] },
} as unknown as ResearchFrame;

describe("a share of the whole, the whole unsaid", () => {
  it("divides the part the clause names by the total no lineup itemises, of the same year", () => {
    const request = "What's the market worth in 2028? What share is Asia-Pacific today?";
    const figures = [
      fig("Specialty coffee market size 2024", "USD 89.2 billion"),
      fig("Specialty coffee market size 2025", "USD 98.6 billion"),
      fig("Specialty coffee market Asia-Pacific 2025", "USD 22.8 billion"),
    ];
    const plan = planCalculation("share", { ...frame, request }, figures, null, request);
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 22.8 billion", "USD 98.6 billion"]);
  });
});

describe("a share with a named whole", () => {
  it("says which whole a share lacks rather than dividing by something else", () => {
    const request = "What share of the Asia-Pacific market is China?";
    const figures = [
      fig("Project X China market size 2025", "USD 0.43 billion"),
      fig("Project X Asia-Pacific CAGR 2025-2030", "24%"),
      fig("Project X China growth 2025", "27%"),
    ];
    const plan = planCalculation("share", { ...frame, request }, figures, null, request);
    expect(plan.inputs).toEqual([]);
    expect(plan.label).toBe("Share: no figure found for Asia-Pacific");
    const found = planCalculation(
      "share",
      { ...frame, request },
      [...figures, fig("Project X Asia-Pacific market size 2025", "USD 1.1 billion")],
      null,
      request,
    );
    expect(found.inputs.map((i) => i.value)).toEqual(["USD 0.43 billion", "USD 1.1 billion"]);
    // Any noun of a part of a whole asks it: "what slice of", "what portion of".
    for (const asked of [
      "Roughly what slice of the Asia-Pacific Project X market is China?",
      "What portion of Asia-Pacific's Project X spend is China?",
    ]) {
      const sliced = planCalculation(
        "share",
        { ...frame, request: asked },
        [
          ...figures,
          fig("Project X Asia-Pacific market size 2025", "USD 1.1 billion"),
          fig("Project X market size 2025", "USD 4.2 billion"),
        ],
        null,
        asked,
      );
      expect(sliced.inputs.map((i) => i.value)).toEqual(["USD 0.43 billion", "USD 1.1 billion"]);
    }
    // The whole found and the part not: the part is what is still to find.
    const noPart = planCalculation(
      "share",
      { ...frame, request },
      [
        fig("Project X Asia-Pacific market size 2025", "USD 1.1 billion"),
        fig("Project X Japan market size 2025", "USD 0.3 billion"),
      ],
      null,
      request,
    );
    expect(noPart.label).toBe("Share: no figure found for China");
    // A place the request is only set in is no part the share lacks.
    const vendor =
      "What does Tessaract Labs charge per technician in Europe, and what share of the Project X market does it hold?";
    const held = planCalculation(
      "share",
      { ...frame, request: vendor },
      [fig("Tessaract Labs market share 2025", "12%"), fig("Project X market size 2025", "USD 4.2 billion")],
      null,
      vendor,
    );
    expect(held.label).not.toContain("Europe");
  });
});

describe("a share whose whole is named by its kind, or of several parts", () => {
  const sizes = [
    fig("Project X market size 2025", "USD 4.2 billion"),
    fig("Project X Asia-Pacific market size 2025", "USD 1.1 billion"),
    fig("Project X North America market size 2025", "USD 1.6 billion"),
    fig("Project X China market size 2025", "USD 0.43 billion"),
    fig("Project X Japan market size 2025", "USD 0.29 billion"),
  ];
  const share = (request: string, subject?: string) =>
    planCalculation("share", { ...frame, request }, sizes, null, request, [], [], subject).inputs.map(
      (i) => i.value,
    );

  it("takes 'the regional total' as the other name's larger figure, the region the part is in", () => {
    expect(
      share(
        "How big is the Asia-Pacific market, and what share of the regional total does China account for?",
      ),
    ).toEqual(["USD 0.43 billion", "USD 1.1 billion"]);
  });

  it("takes the part from the clause that asks the share, not another name the request sizes", () => {
    expect(
      share(
        "How big will Asia-Pacific and North America each be in 2030? And what share of Asia-Pacific's market does China hold?",
      ),
    ).toEqual(["USD 0.43 billion", "USD 1.1 billion"]);
  });

  it("plans one share per part a clause coordinates, each over the same whole", () => {
    const request =
      "Break the Asia-Pacific market down and work out what share of the region China and Japan each account for.";
    expect(partsAsked(request)).toEqual(["China", "Japan"]);
    expect(share(request, `${SHARE_PART}: Japan`)).toEqual(["USD 0.29 billion", "USD 1.1 billion"]);
  });
});

describe("a share of a part worked out just before", () => {
  const part: Derivation = {
    label: "manufacturing: Manufacturing share of Chinese spending × Project X China market size 2025",
    operation: "product",
    formatted: "USD 163 million",
    value: 163.4e6,
    formula: "…",
    docIds: ["apac"],
    inputs: [
      { label: "Manufacturing share of Chinese spending", value: "38%" },
      { label: "Project X China market size 2025", value: "USD 0.43 billion" },
    ],
  };
  const all = [
    figure("Project X market size 2025", "USD 4.2 billion"),
    figure("Project X manufacturing segment revenue 2025", "USD 1.1 billion"),
    figure("Project X China market size 2025", "USD 0.43 billion"),
  ];

  it("divides that part by the whole the clause names, when the clause points back at it", () => {
    const pair = upstreamSharePair(["what fraction of global manufacturing spend is that"], all, [part], []);
    expect(pair?.map((c) => [c.label, c.value])).toEqual([
      ["manufacturing", "USD 163.4 million"],
      ["Project X manufacturing segment revenue 2025", "USD 1.1 billion"],
    ]);
    // A Chinese whole with no bilingual document read to gloss it: no guess at an English figure.
    expect(upstreamSharePair(["占全球制造业在这块支出的百分之多少"], all, [part], [])).toBeNull();
    expect(upstreamSharePair(["what share of the global market is China"], all, [part], [])).toBeNull();
    // "it" is the item the clause is about, not the total worked out before.
    expect(
      upstreamSharePair(["what share of the Project X market does it hold"], all, [part], []),
    ).toBeNull();
  });
});

describe("several shares asked, each of its own whole", () => {
  const all = [
    figure("Project X market size 2025", "USD 4.2 billion"),
    figure("Project X China market size 2025", "USD 0.43 billion"),
    figure("Project X Asia-Pacific market size 2025", "USD 1.1 billion"),
  ];
  const request =
    "What share of the Asia-Pacific Project X market is China in 2025? And what share of the global market?";

  it("makes one calculation per clause that asks a share of a whole", () => {
    expect(sharesAsked(request)).toEqual([
      "What share of the Asia-Pacific Project X market is China in 2025?",
      "And what share of the global market?",
    ]);
    expect(sharesAsked("What share of the market does Fernbrook hold?")).toEqual([]);
    expect(
      sharesAsked(
        "What share of the market does Fernbrook hold, and how has its share of the market changed since 2023?",
      ),
    ).toEqual([]);
  });

  it("divides the part the request names by the whole its own clause names", () => {
    const [first, second] = sharesAsked(request).map((clause) =>
      clauseSharePair(clause, request, { ...frame, request }, all, [], []),
    );
    expect(first?.map((c) => c.label)).toEqual([
      "Project X China market size 2025",
      "Project X Asia-Pacific market size 2025",
    ]);
    expect(second?.map((c) => c.label)).toEqual([
      "Project X China market size 2025",
      "Project X market size 2025",
    ]);
  });
});
