import { describe, expect, it } from "vitest";
import { planCalculation } from "./derive-inputs";
import type { ResearchFrame } from "./frame";
import { keyFigure as fig } from "./test-docs";

const frame = {
  title: "Project X market",
  request: "",
  entities: [],
  subject: null,
  options: { excluded: [] },
} as unknown as ResearchFrame;

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
