import { describe, expect, it } from "vitest";
import type { ScriptedModel } from "../llm/scripted-model";
import { decisionShare } from "../skills/stats";
import { type EventOf, RunEvent, type RunEventType } from "./events";
import { createRun, drive, resumeRun } from "./loop";
import { type Behaviour, makeDeps, reportTask, workTask } from "./testing/harness";

const of = <T extends RunEventType>(events: readonly RunEvent[], type: T) =>
  events.filter((e): e is EventOf<T> => e.type === type);

const plan = [workTask("a"), workTask("b"), reportTask(["a", "b"])];
const behaviours: Record<string, Behaviour> = { a: { transient: 3 }, b: { items: 1 } };

describe("skills in a run", () => {
  it("records the skill behind every monitor decision, with the signals it saw", async () => {
    const { deps, events } = makeDeps({ plan, behaviours });
    await drive(await createRun(deps, { runId: "r", goal: "g" }));
    const decisions = of(events, "decision");
    const fired = of(events, "skill.fired");
    expect(decisions.length).toBeGreaterThan(0);
    // Each decision is preceded by the firing of the skill whose rule made it.
    for (const d of decisions) {
      const next = events[events.indexOf(d) - 1];
      expect(next?.type).toBe("skill.fired");
      expect(next?.type === "skill.fired" && next.outcome).toBe(d.kind);
      expect(RunEvent.parse(next).type).toBe("skill.fired");
    }
    const skills = new Set(fired.map((f) => f.skill));
    expect(skills).toContain("tool-retry-backoff");
    expect(skills).toContain("retry");
    expect(skills).toContain("reflect");
    expect(skills).toContain("criteria-accept");
    const retry = fired.find((f) => f.skill === "retry");
    expect(retry?.values).toMatchObject({ toolStatus: "transient", attempt: 1 });
    // Every firing of a code or hybrid skill is a decision path (tool retries and priced questions too).
    const share = decisionShare(events);
    expect(share.code + share.model).toBe(fired.filter((f) => f.kind !== "prompt").length);
    expect(share.code + share.model).toBeGreaterThan(decisions.length);
    expect(share.model).toBe(fired.filter((f) => f.trigger === "reflection").length);
  });

  it("behaves as if a switched-off skill did not exist: no tool retries, no task retries", async () => {
    const on = makeDeps({ plan, behaviours });
    await drive(await createRun(on.deps, { runId: "r", goal: "g" }));
    const off = makeDeps({ plan, behaviours });
    await drive(
      await createRun(off.deps, {
        runId: "r",
        goal: "g",
        config: { skills: { disabled: ["tool-retry-backoff", "retry"] } },
      }),
    );
    const triesOf = (events: readonly RunEvent[]) =>
      of(events, "tool.called").filter((e) => e.taskId === "a" && e.try > 0).length;
    expect(triesOf(on.events)).toBeGreaterThan(0);
    expect(triesOf(off.events)).toBe(0);
    const skillsOff = new Set(of(off.events, "skill.fired").map((f) => f.skill));
    expect(skillsOff.has("retry")).toBe(false);
    expect(skillsOff.has("tool-retry-backoff")).toBe(false);
    // The transient failure now goes to the next rule: a local repair.
    expect(of(off.events, "decision").find((d) => d.taskId === "a")).toMatchObject({
      kind: "repair",
      trigger: "permanent_error",
    });
  });

  it("inserts a prompt skill into the model calls its trigger names, and records each firing", async () => {
    const { deps, events, model } = makeDeps({ plan, behaviours: { b: { items: 1 } } });
    await drive(
      await createRun(deps, {
        runId: "r",
        goal: "g",
        config: {
          skills: {
            prompt: [
              {
                id: "doubt-figures",
                name: "Doubt the figures",
                template: "List what would make this figure wrong.",
                trigger: { purposes: ["execute"], tools: ["work"], attemptAtLeast: 2 },
              },
            ],
          },
        },
      }),
    );
    const prompts = (model as ScriptedModel).prompts.filter((p) => p.purpose === "execute");
    const withSkill = prompts.filter((p) =>
      p.request.messages.some((m) => m.content.includes("List what would make this figure wrong.")),
    );
    // Only the second attempt of b (after its reflection) matches: work tool, attempt ≥ 2.
    expect(withSkill).toHaveLength(1);
    expect(withSkill[0]?.request.context).toMatchObject({ purpose: "execute", task: { id: "b" } });
    const fired = of(events, "skill.fired").filter((f) => f.skill === "doubt-figures");
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ kind: "prompt", taskId: "b", outcome: "injected", trigger: "execute" });
    expect(fired[0]?.values.attempt).toBe(2);
    // Switched off for the run, it is never inserted.
    const off = makeDeps({ plan, behaviours: { b: { items: 1 } } });
    await drive(
      await createRun(off.deps, {
        runId: "r",
        goal: "g",
        config: {
          skills: {
            disabled: ["doubt-figures"],
            prompt: [
              {
                id: "doubt-figures",
                name: "Doubt the figures",
                template: "List what would make this figure wrong.",
                trigger: { purposes: ["execute"] },
              },
            ],
          },
        },
      }),
    );
    expect(of(off.events, "skill.fired").some((f) => f.skill === "doubt-figures")).toBe(false);
  });
});

describe("skill firings across a resume", () => {
  it("records each firing once, whichever event the run was interrupted after", async () => {
    const config = {
      routing: { escalation: { maxLevels: 2 } },
      skills: {
        prompt: [
          {
            id: "doubt-figures",
            name: "Doubt the figures",
            template: "List what would make this figure wrong.",
            trigger: { purposes: ["execute" as const, "reflect" as const] },
          },
        ],
      },
    };
    const runBehaviours: Record<string, Behaviour> = { a: { transient: 1 }, b: { items: 1 } };
    const full = makeDeps({ plan, behaviours: runBehaviours });
    await drive(await createRun(full.deps, { runId: "r", goal: "g", config }));
    // Per task, its firings in order (tasks of a batch interleave differently after a resume).
    const shape = (events: readonly RunEvent[]) => {
      const by: Record<string, string[]> = {};
      for (const e of of(events, "skill.fired")) {
        const key = e.taskId ?? "run";
        by[key] = [...(by[key] ?? []), `${e.skill}:${e.outcome}:${e.values.attempt}`];
      }
      return by;
    };
    expect(of(full.events, "skill.fired").some((f) => f.skill === "doubt-figures")).toBe(true);
    for (let k = 1; k < full.events.length; k++) {
      const prefix = full.events.slice(0, k);
      const { deps, events, work } = makeDeps({ plan, behaviours: runBehaviours });
      work.catchUp(prefix);
      events.push(...prefix);
      await drive(resumeRun(deps, prefix));
      expect(shape(events), `resumed after seq ${k - 1}`).toEqual(shape(full.events));
    }
  });
});

describe("model routing", () => {
  it("records the policy's tier for every call, and escalates a failing purpose at most to the top tier, then back", async () => {
    const run = async (maxLevels: number) => {
      const { deps, events } = makeDeps({ plan, behaviours: { a: { transient: 4 } } });
      await drive(
        await createRun(deps, {
          runId: "r",
          goal: "g",
          config: { routing: { escalation: { maxLevels } } },
        }),
      );
      return of(events, "model.called");
    };
    const plain = await run(0);
    expect(plain.every((c) => c.route?.level === 0)).toBe(true);
    expect(plain.filter((c) => c.purpose === "execute").every((c) => c.tier === "fast")).toBe(true);
    expect(plain.find((c) => c.purpose === "plan")?.tier).toBe("strong");

    const escalating = await run(2);
    const execA = escalating.filter((c) => c.purpose === "execute" && c.taskId === "a");
    expect(execA[0]).toMatchObject({ tier: "fast", route: { level: 0, failures: 0 } });
    const later = execA.slice(1);
    expect(later.length).toBeGreaterThan(0);
    // After a failure: one level up, which is the top of the ladder (never past it).
    expect(later.every((c) => c.tier === "strong" && c.route?.level === 1)).toBe(true);
    // Other subjects stay on their default.
    const execB = escalating.filter((c) => c.purpose === "execute" && c.taskId === "b");
    expect(execB.every((c) => c.tier === "fast" && c.route?.level === 0)).toBe(true);
  });

  it("takes a per-purpose policy from the run config and rejects a bad one", async () => {
    const { deps, events } = makeDeps({ plan, behaviours: {} });
    await drive(
      await createRun(deps, {
        runId: "r",
        goal: "g",
        config: { routing: { routes: { execute: "strong" } } },
      }),
    );
    const exec = of(events, "model.called").filter((c) => c.purpose === "execute");
    expect(exec.every((c) => c.tier === "strong")).toBe(true);
    const bad = makeDeps({ plan });
    await expect(
      createRun(bad.deps, {
        runId: "r",
        goal: "g",
        config: { routing: { escalation: { maxLevels: 3 } } },
      }),
    ).rejects.toThrow(/routing.escalation.maxLevels/);
  });
});
