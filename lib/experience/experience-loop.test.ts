import { describe, expect, it } from "vitest";
import type { EventOf, RunEvent, RunEventType } from "../agent/events";
import { createRun, drive, resumeRun } from "../agent/loop";
import type { ExperienceSource } from "../agent/runtime";
import { makeDeps, reportTask, workTask } from "../agent/testing/harness";
import { distillLessons, lessonUses } from "./distill";
import type { Situation } from "./lesson";
import { InMemoryLessonStore, recall } from "./store";

const of = <T extends RunEventType>(events: readonly RunEvent[], type: T) =>
  events.filter((e): e is EventOf<T> => e.type === type);

const plan = [workTask("a"), reportTask(["a"])];
// Attempts of `a` fail transiently until the plan is repaired around it (the policy skips it).
const behaviours = { a: { transient: 5 } };
const config = { toolRetries: 0 };

async function run(runId: string, experience?: ExperienceSource, extra: Record<string, unknown> = {}) {
  const h = makeDeps({ plan, behaviours });
  const ctx = await createRun(
    { ...h.deps, experience },
    { runId, goal: "Research the pricing of vendors", config: { ...config, ...extra } },
  );
  const state = await drive(ctx);
  return { ...h, state };
}

const sourceOf = (store: InMemoryLessonStore, calls: Situation[] = []): ExperienceSource => ({
  recall: (s) => {
    calls.push(s);
    return recall(store, s);
  },
});

describe("experience across runs", () => {
  it("learns from a retry that failed the same way, and the next run repairs at once", async () => {
    const first = await run("r1");
    const lessons = distillLessons(first.events);
    const retry = lessons.find((l) => l.rule === "retry_failed_same");
    expect(retry).toMatchObject({
      action: "retry",
      outcome: "did_not_help",
      signature: { tool: "work", trigger: "transient_error", failureCode: "unavailable", language: "en" },
      evidence: { runId: "r1" },
    });
    // Its evidence points at the events that show it.
    const seqs = new Set(first.events.map((e) => e.seq));
    for (const s of retry?.evidence.seqs ?? []) expect(seqs.has(s)).toBe(true);
    expect(first.work.executions.filter((k) => k === "a")).toHaveLength(2);

    const store = new InMemoryLessonStore();
    await store.learn(lessons, 1);
    const second = await run("r2", sourceOf(store));
    expect(second.state.status).toBe("succeeded");
    // One attempt instead of two: the lesson turned the retry into a repair.
    expect(second.work.executions.filter((k) => k === "a")).toHaveLength(1);
    const decision = of(second.events, "decision").find((d) => d.trigger === "experience");
    expect(decision?.kind).toBe("repair");
    const recalled = of(second.events, "experience.recalled").find((e) => e.point === "gate");
    expect(recalled?.lessons[0]).toMatchObject({ action: "retry", outcome: "did_not_help" });
    expect(recalled?.lessons[0]?.reasons).toEqual(
      expect.arrayContaining([
        "same tool work",
        "same failure code unavailable",
        "same trigger transient_error",
      ]),
    );
    expect(decision?.seq).toBeGreaterThan(recalled?.seq ?? Infinity);
    // Working memory holds the lesson as an experience entry, which decays like a result.
    const entry = Object.values(second.state.memory.entries).find((e) => e.kind === "experience");
    expect(entry?.content).toContain("retrying the same call did not help");
    const decays = of(second.events, "memory.decayed").flatMap((e) => e.changes);
    expect(decays.some((c) => c.id === entry?.id)).toBe(true);
    // The use is judged at the run's end.
    expect(lessonUses(second.events)).toEqual(
      expect.arrayContaining([{ lessonId: recalled?.lessons[0]?.lessonId, helped: false }]),
    );
  });

  it("recalls nothing when executive.experience is off, and decides as without experience", async () => {
    const store = new InMemoryLessonStore();
    await store.learn(distillLessons((await run("r1")).events), 1);
    const calls: Situation[] = [];
    const off = await run("r3", sourceOf(store, calls), { executive: { experience: false } });
    expect(calls).toHaveLength(0);
    expect(of(off.events, "experience.recalled")).toHaveLength(0);
    expect(off.work.executions.filter((k) => k === "a")).toHaveLength(2);
  });

  it("does not recall again when a run resumes after the recall was recorded", async () => {
    const store = new InMemoryLessonStore();
    await store.learn(distillLessons((await run("r1")).events), 1);
    const live = await run("r4", sourceOf(store));
    const at = of(live.events, "experience.recalled")[0]?.seq ?? -1;
    expect(at).toBeGreaterThan(0);
    const calls: Situation[] = [];
    const h = makeDeps({ plan, behaviours });
    h.work.catchUp(live.events.slice(0, at + 1));
    const resumed = resumeRun(
      { ...h.deps, experience: sourceOf(store, calls) },
      live.events.slice(0, at + 1),
    );
    const state = await drive(resumed);
    expect(state.status).toBe("succeeded");
    expect(calls.every((c) => c.trigger !== "transient_error")).toBe(true);
    expect(of(h.events, "decision").some((d) => d.trigger === "experience")).toBe(true);
  });

  it("a failing lesson store never fails the run", async () => {
    const broken: ExperienceSource = { recall: () => Promise.reject(new Error("database down")) };
    const r = await run("r5", broken);
    expect(r.state.status).toBe("succeeded");
    expect(of(r.events, "experience.recalled")).toHaveLength(0);
  });

  it("a fork does not learn from the events it copied from its parent", async () => {
    const parent = (await run("r6")).events;
    expect(distillLessons(parent).length).toBeGreaterThan(0);
    const last = parent.at(-1)?.seq ?? 0;
    const copied = parent.map((e) => (e.type === "run.started" ? { ...e, forkSeq: last } : e));
    expect(distillLessons(copied)).toEqual([]);
  });
});
