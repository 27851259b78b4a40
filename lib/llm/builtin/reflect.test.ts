import { describe, expect, it } from "vitest";
import { ReflectionOutput } from "../../monitor/reflection";
import type { GoalSpec, TaskSpec } from "../../planner/plan-schema";
import { researchToolSummaries } from "../../tools";
import type { ModelContext } from "../model-context";
import { hintedPhrase } from "./broaden";
import { clarify } from "./clarify";
import { planResearch } from "./plan";
import { reflect } from "./reflect";

const GOAL = "Project X market size and growth";
const spec = clarify({ purpose: "clarify", goal: GOAL, answers: [] }).spec as GoalSpec;
const tasks = planResearch(spec, GOAL, new Set(researchToolSummaries().map((t) => t.name)), 15).tasks;
const s1 = tasks.find((t) => t.id === "s1") as TaskSpec;

type ReflectContext = Extract<ModelContext, { purpose: "reflect" }>;
const context = (over: Partial<ReflectContext>): ReflectContext => ({
  purpose: "reflect",
  goal: GOAL,
  spec,
  task: s1,
  trigger: "criteria_unmet",
  signals: ["Criteria not met: at least 2 search results (1 of 2)."],
  lastSummary: "1 document for «Project X market size»: «Project X market overview 2025».",
  previous: [],
  memory: "",
  ...over,
});
const run = (over: Partial<ReflectContext>) => ReflectionOutput.parse(reflect(context(over)));

describe("reflect", () => {
  it("retries a thin search with a broader query, answering the five questions concretely", () => {
    const r = run({});
    expect(r.action).toBe("retry");
    expect(hintedPhrase(r.hint)).toBe("market size");
    expect(r.evidence).toMatch(/«Project X market size».*returned 1 document;.*need 2/);
    expect(r.goalAlignment).toContain("s1");
    expect(r.missingConditions).toMatch(/2 or more documents about «Market size»/);
    expect(r.conclusion).toMatch(/^s1: /);
  });

  it("tries a different wording on the second round", () => {
    const first = run({});
    const second = run({
      lastSummary: "1 document for «market size»: «Project X market overview 2025».",
      previous: [{ conclusion: first.conclusion, nextAction: first.nextAction }],
    });
    expect(second.action).toBe("retry");
    expect(hintedPhrase(second.hint)).not.toBe(hintedPhrase(first.hint));
    expect(hintedPhrase(second.hint)).not.toBe(s1.input.query);
    expect(second.conclusion).not.toBe(first.conclusion);
  });

  it("asks the user when the evidence stays empty after a reflection", () => {
    const first = run({
      lastSummary: "No documents for «Project X market size».",
      signals: ["results (0 of 2)"],
    });
    expect(first.action).toBe("retry");
    const second = run({
      lastSummary: "No documents for «market size».",
      signals: ["Criteria not met: at least 2 search results (0 of 2)."],
      previous: [{ conclusion: first.conclusion, nextAction: first.nextAction }],
    });
    expect(second.action).toBe("ask_user");
    expect(second.question).toBe(
      "The library has no documents about Project X market size. Can you provide the figure or a source?",
    );
    expect(second.missingConditions).toMatch(/none yet/);
  });

  it("leaves out an extract that finds nothing in the documents read, claiming no absence from the library", () => {
    const x1 = tasks.find((t) => t.id === "x1") as TaskSpec;
    const nothing = {
      task: x1,
      lastSummary: "0 facts on «Market size» from 0 of 3 documents; 0 matching key figures.",
      signals: ["Criteria not met: at least 2 facts extracted (0 of 2)."],
    };
    const first = run(nothing);
    const second = run({
      ...nothing,
      previous: [{ conclusion: first.conclusion, nextAction: first.nextAction }],
    });
    expect(second.action).toBe("repair");
    expect(second.question).toBe("");
    expect(second.conclusion).toMatch(/a gap, not an absence/);
  });

  it("accepts a contradiction, naming the conflict and the better-supported figure", () => {
    const r = run({
      task: tasks.find((t) => t.id === "x1") as TaskSpec,
      trigger: "contradiction",
      signals: [
        "The result disagrees with earlier results on project x market size 2025.",
        'contradiction on "project x market size 2025"',
      ],
      lastSummary: "3 facts on «market size» from 2 of 3 documents; 2 matching key figures.",
      memory: [
        "- [result] x1: project x market size 2025 is USD 4.2 billion (Halden)",
        "- [result] r1: project x market size 2025: USD 4.2 billion per the regional note",
        "- [result] r2: project x market size 2025 put at USD 6.0 billion by a 2023 press release",
      ].join("\n"),
    });
    expect(r.action).toBe("accept");
    expect(r.conflicts).toContain("project x market size 2025");
    expect(r.nextAction).toMatch(/USD 4\.2 billion.*better-supported.*USD 6\.0 billion/);
  });

  it("sends other failures to repair", () => {
    const r = run({
      task: tasks.find((t) => t.id === "r1") as TaskSpec,
      trigger: "repeated_failure",
      lastSummary: "",
    });
    expect(r.action).toBe("repair");
  });

  it("reaches the same conclusion in the same situation", () => {
    expect(run({})).toEqual(run({}));
  });
});
