import { describe, expect, it } from "vitest";
import { derive } from "../../tools/calculate";
import { planQuotients, quotientAsked } from "./derive-quotient";
import type { ResearchFrame } from "./frame";
import { figure, quantity } from "./test-docs";
import type { ReadDoc } from "./upstream";

const frame = (request: string, excluded: string[] = []) =>
  ({ request, subject: null, entities: [], options: { excluded } }) as unknown as ResearchFrame;
const community: ReadDoc = {
  docId: "community",
  title: "Agent framework licensing and community size",
  source: "",
  published: "",
  text: [
    "Loomwork uses Apache-2.0 for its core. The project has 38,000 GitHub stars and 610 contributors.",
    "Braidline is licensed under AGPL-3.0. It is small, with 9,400 stars and 130 contributors.",
  ].join("\n\n"),
  figures: [],
};
const figures = [
  figure("Loomwork contributors (March 2025)", "610 contributors", "community"),
  figure("Relaywright contributors (March 2025)", "880 contributors", "community"),
  figure("Braidline contributors (March 2025)", "130 contributors", "community"),
  figure("Relaywright GitHub stars (March 2025)", "52,000 stars", "overview"),
  figure("Braidline GitHub stars (March 2025)", "9,400 stars", "overview"),
];

describe("a measure worked out per item from two", () => {
  it("is asked by a verb of computing and 'A per B', B no span of time", () => {
    expect(
      quotientAsked("Which framework has the most GitHub stars per contributor? Work it out for all four."),
    ).toEqual({ numerator: "GitHub stars", denominator: "contributor" });
    expect(quotientAsked("Which framework has the lowest cost per task?")).toBeNull();
    expect(quotientAsked("Calculate what Quillon costs per month for 40 technicians.")).toBeNull();
  });

  it("divides each item's figures row by row, a side the lists leave out read from its sentence", () => {
    const request = "Compute GitHub stars per contributor for each framework and rank them.";
    const plan = planQuotients(frame(request), figures, [community], request);
    expect(plan.operation).toBe("per_unit");
    expect(plan.rows?.map((r) => [r.label, r.inputs.map((i) => i.value)])).toEqual([
      ["Braidline", ["9,400 stars", "130 contributors"]],
      ["Loomwork", ["38,000 stars", "610 contributors"]],
      ["Relaywright", ["52,000 stars", "880 contributors"]],
    ]);
    const rows = plan.rows ?? [];
    const first = rows[0]?.inputs ?? [];
    expect(
      derive(
        "per_unit",
        first.map((i) => quantity(i.value)),
        first.map((i) => i.label),
      ).formatted,
    ).toBe("72.31 stars per contributor");
  });

  it("leaves out what the request rules out, and fails saying why when one list is missing", () => {
    const request = "Compute GitHub stars per contributor for each framework.";
    const plan = planQuotients(frame(request, ["Braidline"]), figures, [community], request);
    expect(plan.rows?.map((r) => r.label)).toEqual(["Loomwork", "Relaywright"]);
    const none = planQuotients(frame(request), figures.slice(0, 3), [], request);
    expect(none.rows).toBeUndefined();
    expect(none.label).toMatch(/fewer than two items/);
  });
});
