import { describe, expect, it } from "vitest";
import type { Reflection } from "../agent/state";
import { changeDirection, isRepeatedConclusion } from "./reflection";

const reflection = (taskId: string, conclusion: string): Reflection => ({
  seq: 1,
  taskId,
  attempt: 1,
  trigger: "criteria_unmet",
  answers: { goalAlignment: "g", evidence: "e", missingConditions: "m", conflicts: "c", nextAction: "n" },
  action: "retry",
  conclusion,
  repeated: false,
  hint: "",
  question: "",
  effective: null,
});

describe("isRepeatedConclusion", () => {
  const previous = [reflection("t1", "The query was too narrow."), reflection("t2", "Sources are outdated")];

  it("recognises the same diagnosis up to case, spacing and punctuation", () => {
    expect(isRepeatedConclusion("the query was too narrow", previous, "t1")).toBe(true);
    expect(isRepeatedConclusion("  THE QUERY, was too narrow!! ", previous, "t1")).toBe(true);
  });

  it("only compares with the same task's reflections", () => {
    expect(isRepeatedConclusion("Sources are outdated.", previous, "t1")).toBe(false);
    expect(isRepeatedConclusion("Sources are outdated.", previous, "t2")).toBe(true);
  });

  it("is false for a different diagnosis or no history", () => {
    expect(isRepeatedConclusion("The query was too broad.", previous, "t1")).toBe(false);
    expect(isRepeatedConclusion("The query was too narrow.", [], "t1")).toBe(false);
  });
});

describe("changeDirection", () => {
  it("turns a repeated retry or accept into a repair, and into a question after a repair", () => {
    expect(changeDirection("retry", 0)).toBe("repair");
    expect(changeDirection("accept", 0)).toBe("repair");
    expect(changeDirection("retry", 1)).toBe("ask_user");
    expect(changeDirection("accept", 1)).toBe("ask_user");
  });

  it("turns a repeated repair or rollback into a replan, and into a question after a repair", () => {
    expect(changeDirection("repair", 0)).toBe("replan");
    expect(changeDirection("rollback", 0)).toBe("replan");
    expect(changeDirection("repair", 1)).toBe("ask_user");
  });

  it("keeps moves that already change direction", () => {
    for (const action of ["ask_user", "abort", "replan"] as const) {
      expect(changeDirection(action, 0)).toBe(action);
      expect(changeDirection(action, 1)).toBe(action);
    }
  });
});
