import { describe, expect, it } from "vitest";
import { proseLineups } from "./prose-lineups";
import type { ReadDoc } from "./upstream";

const doc = (text: string): ReadDoc => ({
  docId: "d",
  title: "d",
  source: "",
  published: "",
  text,
  figures: [],
});
const items = (text: string) =>
  proseLineups([doc(text)]).map((l) => l.items.map((i) => `${i.item}=${i.value}`));

describe("lineups a sentence states", () => {
  it("pairs each number with the name after 'for', or the name linked before it", () => {
    expect(
      items(
        "Dividing cost by success rate gives about USD 0.42 for Relaywright, USD 0.47 for Braidline, USD 0.52 for Loomwork and USD 0.80 for Cortexa.",
      ),
    ).toEqual([["Relaywright=USD 0.42", "Braidline=USD 0.47", "Loomwork=USD 0.52", "Cortexa=USD 0.80"]]);
    expect(
      items(
        "Loomwork achieved the highest task success rate at 81%, followed by Braidline at 77% and Cortexa at 69%.",
      ),
    ).toEqual([["Loomwork=81%", "Braidline=77%", "Cortexa=69%"]]);
    expect(items("每个任务的中位延迟：Relaywright 36 秒、Braidline 41 秒、Loomwork 48 秒。")).toEqual([
      ["Relaywright=36 秒", "Braidline=41 秒", "Loomwork=48 秒"],
    ]);
    // Chinese linking words between a name and its number: 仍有, 则降到.
    expect(items("在超过 30 步的长任务中差距更大：Loomwork 仍有 72%，Relaywright 则降到 57%。")).toEqual([
      ["Loomwork=72%", "Relaywright=57%"],
    ]);
  });

  it("gives a bare number in the list its first number's unit, and skips versions and years", () => {
    expect(
      items(
        "Relaywright averages only 8.4 tool calls per task, against 9.6 for Braidline and 14.7 for Cortexa.",
      ),
    ).toEqual([["Relaywright=8.4 tool calls", "Braidline=9.6 tool calls", "Cortexa=14.7 tool calls"]]);
    expect(items("Kestrel tested Loomwork 3.2, Relaywright 1.6 and Braidline 1.3 in March 2025.")).toEqual(
      [],
    );
  });

  it("keeps the sentence's other words as the measure", () => {
    const [l] = proseLineups([
      doc("Goal drift occurred in 11% of Cortexa runs, 7% for Relaywright and 4% for Loomwork."),
    ]);
    expect(l?.measure).toContain("drift");
  });
});
