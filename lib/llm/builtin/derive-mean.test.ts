import { describe, expect, it } from "vitest";
import { planMean } from "./derive-mean";
import type { ResearchFrame } from "./frame";
import { figure } from "./test-docs";

const frame = (request: string, entities: string[] = []) =>
  ({ request, entities, subject: null, title: request }) as unknown as ResearchFrame;

const scores = [
  figure("Loomwork enterprise readiness score", "8.5/10"),
  figure("Braidline enterprise readiness score", "7.0/10"),
  figure("Relaywright enterprise readiness score", "6.0/10"),
  figure("Cortexa enterprise readiness score", "4.5/10"),
  figure("Loomwork task success rate", "81%"),
  figure("Cortexa task success rate", "69%"),
];

describe("the mean of one measure across items", () => {
  it("averages the list the asking clause names, every item of it", () => {
    const request = "Rank the four frameworks by readiness score and give me the average score across them.";
    const plan = planMean(frame(request), scores, [], request);
    expect(plan.operation).toBe("mean");
    expect(plan.inputs.map((i) => i.value)).toEqual(["8.5/10", "7.0/10", "6.0/10", "4.5/10"]);
  });

  it("keeps to the items compared, and leaves a stated average out", () => {
    const request = "Loomwork vs Cortexa: average readiness score of the two";
    const withAverage = [...scores, figure("Framework average enterprise readiness score", "6.5/10")];
    const plan = planMean(frame(request, ["Loomwork", "Cortexa"]), withAverage, [], request);
    expect(plan.inputs.map((i) => i.value)).toEqual(["8.5/10", "4.5/10"]);
  });

  it("leaves a stated average out of the items averaged", () => {
    const request = "Rank the four frameworks by readiness score and give me the average score across them.";
    const withAverage = [...scores, figure("Framework average enterprise readiness score", "6.5/10")];
    const plan = planMean(frame(request), withAverage, [], request);
    expect(plan.inputs.map((i) => i.value)).toEqual(["8.5/10", "7.0/10", "6.0/10", "4.5/10"]);
  });

  it("says why when no list fits", () => {
    const request = "the average headcount across them";
    expect(planMean(frame(request), scores, [], request).inputs).toEqual([]);
  });
});
