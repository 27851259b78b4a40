import { describe, expect, it } from "vitest";
import { countParts, planCountParts } from "./derive-count-part";
import type { ReadDoc } from "./upstream";

const survey: ReadDoc = {
  docId: "survey",
  title: "Customer survey 2025",
  source: "",
  published: "",
  text: "Halden surveyed 1,240 field service managers. Manufacturing firms made up 31% of respondents, utilities 24%, telecom 19% and other sectors the rest; 210 respondents were in China.",
  figures: [{ name: "Project X adoption rate in manufacturing 2025", value: "34%" }],
};
const bench: ReadDoc = {
  docId: "bench",
  title: "TaskForge-300",
  source: "",
  published: "",
  text: "",
  figures: [
    { name: "Loomwork task success rate", value: "81%" },
    { name: "Braidline task success rate", value: "77%" },
  ],
};

describe("countParts", () => {
  it("reads the count, what it counts and the part asked, and a follow-up that keeps both", () => {
    expect(
      countParts("how many of the 1240 respondents were manufacturing? and how many of the 210 china ones?"),
    ).toEqual([
      { amount: 1240, unit: "respondents", part: ["manufacturing"] },
      { amount: 210, unit: "respondents", part: ["china", "manufacturing"] },
    ]);
  });

  it("takes the count said before for 'those', and asks nothing without a count or a part", () => {
    expect(
      countParts("Say we run ~10k tasks a month: how many of those tasks would succeed on each?"),
    ).toEqual([{ amount: 10000, unit: "tasks", part: ["succeed"] }]);
    expect(countParts("how many of the four big vendors are certified")).toEqual([]);
    expect(countParts("Compare Loomwork and Relaywright")).toEqual([]);
  });
});

describe("planCountParts", () => {
  it("multiplies the count by the share a sentence states beside the part, not by another rate", () => {
    const plan = planCountParts("how many of the 1240 respondents were manufacturing?", [survey]);
    expect(plan.rows?.[0]?.inputs).toEqual([
      { label: "manufacturing share of respondents", value: "31%", docId: "survey" },
      { label: "1,240 respondents", value: "1,240 respondents" },
    ]);
  });

  it("works out one row per item compared when each item's own rate is stated", () => {
    const plan = planCountParts(
      "run 10,000 tasks: how many of those tasks would succeed on each?",
      [bench],
      ["Loomwork", "Braidline"],
    );
    expect(plan.rows?.map((r) => [r.label, r.inputs[0]?.value])).toEqual([
      ["Loomwork: succeed tasks of 10,000 tasks", "81%"],
      ["Braidline: succeed tasks of 10,000 tasks", "77%"],
    ]);
  });

  it("says what it did not find instead of guessing", () => {
    const plan = planCountParts("how many of the 1240 respondents were utilities in Brazil?", [survey]);
    expect(plan.inputs).toEqual([]);
    expect(plan.rows).toBeUndefined();
    expect(plan.label).toMatch(/no share of .*respondents found/);
  });
});
