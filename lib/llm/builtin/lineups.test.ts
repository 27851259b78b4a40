import { describe, expect, it } from "vitest";
import { parseQuantity } from "../../tools/calculate";
import { lineupsOf } from "./lineups";

const fig = (label: string, value: string) => ({
  label,
  value,
  q: parseQuantity(value) as NonNullable<ReturnType<typeof parseQuantity>>,
});

describe("lineupsOf", () => {
  it("groups one measure across items by the names' shared ends, one kind of number each", () => {
    const lineups = lineupsOf([
      fig("Fernbrook market share 2025", "31%"),
      fig("Nordvale Systems market share 2025", "24%"),
      fig("Project X North America market size 2025", "USD 1.6 billion"),
      fig("Project X Europe market size 2025", "USD 1.2 billion"),
      fig("Project X market size 2025", "USD 4.2 billion"),
    ]);
    const shares = lineups.find((l) => l.shared === "market share 2025");
    expect([...(shares?.items.keys() ?? [])]).toEqual(["Fernbrook", "Nordvale Systems"]);
    const regions = lineups.find((l) => l.shared === "project x market size 2025");
    expect([...(regions?.items.keys() ?? [])]).toEqual(["North America", "Europe"]);
    // The whole ("Project X market size 2025") has no item of its own: it belongs to no lineup as one.
    expect(lineups.flatMap((l) => [...l.items.keys()])).not.toContain("");
  });

  it("never lines up a percentage with an amount, nor names that share only a year", () => {
    const lineups = lineupsOf([
      fig("Loomwork task success rate", "81%"),
      fig("Loomwork cost per task", "USD 0.42"),
    ]);
    expect(lineups).toEqual([]);
    expect(
      lineupsOf([fig("Market size 2025", "USD 4.2 billion"), fig("Top-four share 2025", "USD 3 billion")]),
    ).toEqual([]);
  });

  it("lines up names measured before the item, with only a year after it ('adoption rate in utilities 2025')", () => {
    const lineups = lineupsOf([
      fig("Project X adoption rate in utilities 2025", "41%"),
      fig("Project X adoption rate in manufacturing 2025", "34%"),
      fig("Project X adoption rate in oil and gas 2025", "18%"),
    ]);
    expect(lineups.map((l) => [...l.items.keys()])).toEqual([["utilities", "manufacturing", "oil and gas"]]);
    // With no preposition handing over to the item, a shared year alone still names no measure.
    expect(lineupsOf([fig("Fernbrook revenue 2025", "31%"), fig("Nordvale share 2025", "24%")])).toEqual([]);
  });
});
