import { expect, it } from "vitest";
import type { NewLesson, Situation } from "@/lib/experience/lesson";
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
