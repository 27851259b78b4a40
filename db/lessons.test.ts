import { expect, it } from "vitest";
import { seededRandom } from "@/lib/agent/runtime";
import type { NewLesson, Situation } from "@/lib/experience/lesson";
import { rankLessons } from "@/lib/experience/retrieve";
import { InMemoryLessonStore, type LessonStore, recall } from "@/lib/experience/store";
import { DbLessonStore } from "./queries/lessons";
import { describeOnEachDatabase } from "./test-databases";

const lesson = (over: Partial<NewLesson["signature"]> = {}, runId = "run_a"): NewLesson => ({
  signature: {
    goalTerms: ["price", "vendor"],
    tool: "read",
    trigger: "transient_error",
    failureCode: "timeout",
    language: "en",
    ...over,
  },
  action: "retry",
  outcome: "did_not_help",
  rule: "retry_failed_same",
  evidence: { runId, seqs: [3, 8] },
});
const situation: Situation = {
  goalTerms: ["price"],
  tool: "read",
  trigger: "transient_error",
  failureCode: "timeout",
  language: "en",
};

async function exercise(store: LessonStore) {
  await store.learn(
    [
      lesson(),
      lesson({ tool: "search" }),
      lesson({ failureCode: "" }),
      lesson({ language: "zh" }),
      lesson({ trigger: "" }),
    ],
    1_000,
  );
  await store.learn([lesson({}, "run_b")], 2_000);
  const [first] = await recall(store, situation);
  await store.recordUses([{ lessonId: first?.lessonId ?? "", helped: false }], 3_000);
  return { recalled: await recall(store, situation), all: await store.list() };
}

describeOnEachDatabase("the lesson store", (handle) => {
  it("learns, merges, narrows and recalls exactly as the in-memory store does", async () => {
    const db = new DbLessonStore(handle().db);
    const mem = await exercise(new InMemoryLessonStore());
    const got = await exercise(db);
    expect(got.recalled).toEqual(mem.recalled);
    expect(got.recalled.length).toBe(3);
    expect(got.all.length).toBe(5);
    const merged = got.all.find((l) => l.evidence.length === 2);
    expect(merged).toMatchObject({ createdCount: 2, usedCount: 1, helpedCount: 0 });
    expect(merged?.evidence.map((e) => e.runId)).toEqual(["run_b", "run_a"]);
    // Candidates never include a lesson about another tool or language.
    const candidates = await db.candidates(situation);
    expect(candidates.map((l) => l.signature.tool)).not.toContain("search");
    expect(candidates.map((l) => l.signature.language)).not.toContain("zh");
  });

  it("a reviewer can disable a lesson (never recalled again) and delete one", async () => {
    const db = new DbLessonStore(handle().db);
    const before = await recall(db, situation);
    const id = before[0]?.lessonId ?? "";
    expect((await db.setDisabled(id, true, 4_000, "rev@example.test"))?.disabled).toBe(true);
    expect((await recall(db, situation)).map((l) => l.lessonId)).not.toContain(id);
    expect((await db.list({ search: "did not help" })).length).toBeGreaterThan(0);
    expect(await db.list({ search: "search" })).toHaveLength(1);
    expect(await db.remove(id)).toBe(true);
    expect(await db.get(id)).toBeNull();
    expect(await db.remove(id)).toBe(false);
  });
});

/**
 * A fixed set where ranking is hard: few tools, codes and terms (many matches, many ties, shared
 * terms, repeated terms), confidences moved by uses and relearning, some lessons disabled.
 */
function fixedSet() {
  const next = seededRandom(1515);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T;
  const terms = ["price", "vendor", "europ", "tariff", "margin", "revenu", "cost", "growth"];
  const sig = (): NewLesson["signature"] => ({
    goalTerms: Array.from({ length: Math.floor(next() * 4) }, () => pick(terms)),
    tool: pick(["", "read", "search", "extract"]),
    trigger: pick(["", "transient_error", "low_confidence"]),
    failureCode: pick(["", "timeout", "not_found"]),
    language: next() < 0.9 ? "en" : "zh",
  });
  const news: NewLesson[] = Array.from({ length: 600 }, (_, i) => ({
    signature: sig(),
    action: pick(["retry", "reflect", "repair", "ask_user"] as const),
    outcome: next() < 0.5 ? "helped" : "did_not_help",
    rule: "model",
    evidence: { runId: `run_${i % 40}`, seqs: [i + 1] },
  }));
  const situations: Situation[] = Array.from({ length: 120 }, () => ({
    ...sig(),
    tool: pick(["read", "search", "extract"]),
    trigger: pick(["transient_error", "low_confidence"]),
  }));
  return { news, situations, next };
}

async function teach(store: LessonStore, news: NewLesson[], next: () => number) {
  const learned = await store.learn(news, 1);
  const ids = [...new Set(learned.map((l) => l.id))];
  const uses = ids.filter(() => next() < 0.4).map((lessonId) => ({ lessonId, helped: next() < 0.5 }));
  await store.recordUses(uses, 2);
  await store.recordUses(
    uses.filter((_, i) => i % 3 === 0),
    3,
  );
  for (const id of ids.filter((_, i) => i % 17 === 0)) await store.setDisabled(id, true, 4);
  return ids.length;
}

describeOnEachDatabase("lesson recall ranking on a fixed set", (handle) => {
  it("the database's narrowed query recalls the same top 3 as ranking every lesson", async () => {
    const { news, situations } = fixedSet();
    const db = new DbLessonStore(handle().db);
    const mem = new InMemoryLessonStore();
    // The same uses and disables on both stores (one random stream each, same seed).
    const distinct = await teach(db, news, seededRandom(7));
    await teach(mem, news, seededRandom(7));
    const every = await mem.list({ limit: 10_000 });
    expect(every).toHaveLength(distinct);
    expect(new Set(every.map((l) => l.confidence)).size).toBeGreaterThan(3);
    let recalled = 0;
    let narrowedAway = 0;
    for (const s of situations) {
      const want = rankLessons(every, s);
      const got = await recall(db, s);
      expect(got).toEqual(want);
      expect(await recall(mem, s)).toEqual(want);
      recalled += want.length;
      const matching = every.filter((l) => !l.disabled && rankLessons([l], s).length > 0).length;
      narrowedAway += matching - (await db.candidates(s)).length;
    }
    // Not a vacuous comparison: most situations recall 3, and the query left matching rows out.
    expect(recalled).toBeGreaterThan(situations.length * 2);
    expect(narrowedAway).toBeGreaterThan(0);
  }, 60_000);
});
