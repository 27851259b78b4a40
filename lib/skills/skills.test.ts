import { describe, expect, it } from "vitest";
import { RunConfig } from "../agent/config";
import type { RunEvent } from "../agent/events";
import type { TaskState } from "../agent/state";
import type { Assessment } from "../monitor/gate";
import { gate } from "../monitor/gate";
import { BUILTIN_SKILL_IDS, builtinSkills, skillForSignal } from "./builtin";
import { runSkills, skillsConfigProblem } from "./registry";
import { PromptSkillInput, type SkillSignals, triggerHolds } from "./skill";
import { decisionShare, skillStats } from "./stats";

const signals = (over: Partial<SkillSignals> = {}): SkillSignals => ({
  toolStatus: "ok",
  confidence: 0.5,
  attempt: 1,
  repeating: false,
  stagnation: 0,
  step: 1,
  ...over,
});

describe("triggers", () => {
  it("holds only when every condition given holds", () => {
    const t = { purposes: ["execute" as const], tools: ["extract"], confidenceBelow: 0.6, attemptAtLeast: 2 };
    const call = { purpose: "execute" as const, tool: "extract" };
    expect(triggerHolds(t, signals({ attempt: 2 }), call)).toBe(true);
    expect(triggerHolds(t, signals({ attempt: 1 }), call)).toBe(false);
    expect(triggerHolds(t, signals({ attempt: 2, confidence: 0.7 }), call)).toBe(false);
    expect(triggerHolds(t, signals({ attempt: 2 }), { purpose: "execute", tool: "read" })).toBe(false);
    expect(triggerHolds(t, signals({ attempt: 2 }), { purpose: "reflect", tool: "extract" })).toBe(false);
    // An unknown confidence is below nothing and at least nothing.
    expect(triggerHolds({ confidenceBelow: 0.9 }, signals({ confidence: null }))).toBe(false);
    expect(
      triggerHolds({ repeating: true, stagnationAtLeast: 3 }, signals({ repeating: true, stagnation: 3 })),
    ).toBe(true);
    expect(triggerHolds({ toolStatus: ["transient"] }, signals({ toolStatus: "failed" }))).toBe(false);
    expect(triggerHolds({ stepAtMost: 2 }, signals({ step: 3 }))).toBe(false);
  });
});

describe("prompt skills", () => {
  const good = {
    id: "check-figures",
    name: "Check figures",
    template: "Before extracting, list what would make this figure wrong.",
    trigger: { purposes: ["execute"], tools: ["extract"] },
  };

  it("validates a prompt skill and names the field at fault", () => {
    expect(PromptSkillInput.parse(good).description).toBe("");
    const bad = PromptSkillInput.safeParse({ ...good, id: "Check Figures" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(["id"]);
    expect(PromptSkillInput.safeParse({ ...good, trigger: {} }).success).toBe(false);
    expect(
      PromptSkillInput.safeParse({ ...good, trigger: { purposes: ["execute"], on: ["retry"] } }).success,
    ).toBe(false);
    expect(PromptSkillInput.safeParse({ ...good, trigger: { purposes: ["execute"], when: 1 } }).success).toBe(
      false,
    );
    expect(PromptSkillInput.safeParse({ ...good, template: " " }).success).toBe(false);
  });

  it("rejects a run config that switches off an unknown skill or reuses a builtin id", () => {
    const unknown = RunConfig.safeParse({ skills: { disabled: ["no-such-skill"] } });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.message).toMatch(/No skill "no-such-skill"/);
    const clash = RunConfig.safeParse({ skills: { prompt: [{ ...good, id: "reflect" }] } });
    expect(clash.error?.issues[0]?.message).toMatch(/"reflect" is taken/);
    expect(RunConfig.safeParse({ skills: { disabled: ["plain-loop"] } }).success).toBe(false);
    const ok = RunConfig.parse({ skills: { disabled: ["retry", "check-figures"], prompt: [good] } });
    const listed = runSkills(ok);
    expect(listed.find((s) => s.id === "check-figures")).toMatchObject({ kind: "prompt", enabled: false });
    expect(listed.find((s) => s.id === "retry")?.enabled).toBe(false);
    expect(listed.find((s) => s.id === "reflect")?.enabled).toBe(true);
    expect(skillsConfigProblem({ disabled: [], prompt: [] })).toBeNull();
  });
});

describe("the builtin registry", () => {
  it("gives every skill a kind, a trigger, roles and the run's parameters", () => {
    const skills = builtinSkills(RunConfig.parse({ maxReflectionsPerTask: 3 }));
    expect(new Set(skills.map((s) => s.id)).size).toBe(skills.length);
    const reflect = skills.find((s) => s.id === "reflect");
    expect(reflect).toMatchObject({
      kind: "hybrid",
      parameters: { max_reflect_loops: 3, rounds_kept: 3 },
      modelRole: { schema: "reflection" },
    });
    for (const s of skills) {
      expect(s.codeRole).toBeTruthy();
      // Code skills ask the model nothing; hybrid ones say what the model returns.
      expect(s.modelRole === null).toBe(s.kind === "code");
    }
  });

  it("maps every signal the gate can give to exactly one skill", () => {
    for (const trigger of [
      "repetition",
      "repeated_call",
      "transient_error",
      "schema_invalid",
      "global_retry_cap",
      "repeated_failure",
      "permanent_error",
      "escalation_limit",
      "inconsistent_source",
      "contradiction",
      "criteria_met",
      "criteria_unmet",
      "low_confidence",
      "reflection_limit",
      "model_assessment",
      "reflection",
      "repeated_conclusion",
      "reflection_failed",
      "repair_failed",
      "stagnation",
      "blocked",
      "user_answer",
      "no_monitor",
    ]) {
      expect(BUILTIN_SKILL_IDS).toContain(skillForSignal(trigger));
    }
    expect(skillForSignal("goal_clarified")).toBeNull();
  });
});

describe("the gate with skills switched off", () => {
  const config = RunConfig.parse({});
  const task = { id: "t", tool: "work", failures: 0, repairs: 0, reflections: 0 } as unknown as TaskState;
  const failed: Assessment = {
    ok: false,
    code: "unavailable",
    transient: true,
    checks: [],
    confidence: 0,
    repeating: false,
    contradictions: [],
    inconsistent: [],
  };
  const low: Assessment = { ...failed, ok: true, code: "ok", transient: false, confidence: 0.3 };
  const gray: Assessment = { ...low, confidence: 0.6 };
  const off =
    (...ids: string[]) =>
    (id: string) =>
      !ids.includes(id);

  it("decides as before with every skill on", () => {
    expect(gate(failed, { config, task, retries: 0 })?.kind).toBe("retry");
    expect(gate(failed, { config, task, retries: 0, enabled: off() })?.kind).toBe("retry");
    expect(gate(gray, { config, task, retries: 0 })).toBeNull();
  });

  it("skips the rule of a switched-off skill and lets the next rule decide", () => {
    expect(gate(failed, { config, task, retries: 0, enabled: off("retry") })).toMatchObject({
      kind: "repair",
      trigger: "permanent_error",
    });
    expect(gate(failed, { config, task, retries: 0, enabled: off("retry", "plan-repair") })).toMatchObject({
      kind: "ask_user",
      trigger: "escalation_limit",
    });
    expect(gate(low, { config, task, retries: 0, enabled: off("reflect") })).toMatchObject({
      kind: "repair",
      trigger: "reflection_limit",
    });
    expect(gate(gray, { config, task, retries: 0, enabled: off("model-assess") })).toMatchObject({
      kind: "reflect",
      trigger: "low_confidence",
    });
    const repaired = { ...task, repairs: 1 } as TaskState;
    expect(gate(low, { config, task: { ...repaired, reflections: 2 }, retries: 0 })?.kind).toBe("ask_user");
    expect(
      gate(low, {
        config,
        task: { ...repaired, reflections: 2 },
        retries: 0,
        enabled: off("escalation-limit"),
      }),
    ).toMatchObject({ kind: "repair" });
  });
});

describe("skill statistics", () => {
  const at = (seq: number) => ({ runId: "r", seq, at: seq });
  const fired = (
    seq: number,
    skill: string,
    confidence: number | null,
    outcome: string,
    decidedBy = "code",
  ) =>
    ({
      ...at(seq),
      type: "skill.fired",
      skill,
      kind: skill === "tip" ? "prompt" : "hybrid",
      taskId: "t",
      trigger: "x",
      values: signals({ confidence }),
      decidedBy,
      outcome,
    }) as RunEvent;
  const assessed = (seq: number, confidence: number) =>
    ({
      ...at(seq),
      type: "task.assessed",
      taskId: "t",
      attempt: 1,
      confidence,
      criteria: [],
      signals: [],
    }) as RunEvent;

  it("counts firings, outcomes and the share followed by a confidence rise", () => {
    const events = [
      fired(0, "tip", null, "injected"),
      assessed(1, 0.4),
      fired(2, "reflect", 0.4, "reflect", "code"),
      fired(3, "tip", 0.4, "injected"),
      assessed(4, 0.8),
      fired(5, "reflect", 0.8, "retry", "model"),
      assessed(6, 0.5),
      fired(7, "criteria-accept", 0.9, "continue"),
    ];
    const stats = skillStats(events);
    const reflect = stats.find((s) => s.skill === "reflect");
    expect(reflect).toMatchObject({ firings: 2, measured: 2, rises: 1, effectiveness: 0.5 });
    expect(reflect?.outcomes).toEqual({ reflect: 1, retry: 1 });
    // The first tip fired before any assessment: nothing to rise from.
    expect(stats.find((s) => s.skill === "tip")).toMatchObject({ firings: 2, measured: 1, rises: 1 });
    expect(stats.find((s) => s.skill === "criteria-accept")).toMatchObject({
      measured: 0,
      effectiveness: null,
    });
    // Prompt firings are not decision paths.
    expect(decisionShare(events)).toEqual({ code: 2, model: 1, codeShare: 2 / 3 });
    expect(decisionShare([])).toEqual({ code: 0, model: 0, codeShare: null });
  });
});
