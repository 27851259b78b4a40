import { and, desc, eq, gte, inArray } from "drizzle-orm";
import { describeLesson, type Lesson, type NewLesson, type Situation } from "@/lib/experience/lesson";
import { MIN_CONFIDENCE } from "@/lib/experience/retrieve";
import {
  afterUse,
  freshLesson,
  type LessonFilter,
  type LessonStore,
  type LessonUse,
  lessonId,
  matchesFilter,
  relearn,
} from "@/lib/experience/store";
import type { Db } from "../client";
import { type LessonRecord, lessons } from "../schema";

const toLesson = (r: LessonRecord): Lesson => ({
  id: r.id,
  signature: {
    goalTerms: r.goalTerms,
    tool: r.tool,
    trigger: r.trigger,
    failureCode: r.failureCode,
    language: r.language,
  },
  action: r.action,
  outcome: r.outcome,
  rule: r.rule as Lesson["rule"],
  evidence: r.evidence,
  createdCount: r.createdCount,
  usedCount: r.usedCount,
  helpedCount: r.helpedCount,
  confidence: r.confidence,
  disabled: r.disabled,
  createdAt: r.createdAt.getTime(),
  updatedAt: r.updatedAt.getTime(),
});

const toRecord = (l: Lesson) => ({
  id: l.id,
  tool: l.signature.tool,
  trigger: l.signature.trigger,
  failureCode: l.signature.failureCode,
  language: l.signature.language,
  goalTerms: l.signature.goalTerms,
  action: l.action,
  outcome: l.outcome,
  rule: l.rule,
  evidence: l.evidence,
  createdCount: l.createdCount,
  usedCount: l.usedCount,
  helpedCount: l.helpedCount,
  confidence: l.confidence,
  disabled: l.disabled,
  createdAt: new Date(l.createdAt),
  updatedAt: new Date(l.updatedAt),
});

/** Lessons in the app's database (PGlite or PostgreSQL); recall ranks them with the shared code. */
export class DbLessonStore implements LessonStore {
  constructor(private readonly db: Db) {}

  /**
   * Only rows that can match: the same language, and each structural part either unset or equal
   * to the situation's (the index covers these), enabled and not decayed away.
   */
  async candidates(s: Situation): Promise<Lesson[]> {
    const rows = await this.db
      .select()
      .from(lessons)
      .where(
        and(
          eq(lessons.language, s.language),
          inArray(lessons.tool, ["", s.tool]),
          inArray(lessons.failureCode, ["", s.failureCode]),
          inArray(lessons.trigger, ["", s.trigger]),
          eq(lessons.disabled, false),
          gte(lessons.confidence, MIN_CONFIDENCE),
        ),
      );
    return rows.map(toLesson);
  }

  async learn(news: readonly NewLesson[], now: number): Promise<Lesson[]> {
    return this.db.transaction(async (tx) => {
      const out: Lesson[] = [];
      for (const n of news) {
        const id = lessonId(n);
        const [held] = await tx.select().from(lessons).where(eq(lessons.id, id)).for("update");
        const next = held ? relearn(toLesson(held), n, now) : freshLesson(id, n, now);
        await tx
          .insert(lessons)
          .values(toRecord(next))
          .onConflictDoUpdate({ target: lessons.id, set: toRecord(next) });
        out.push(next);
      }
      return out;
    });
  }

  async recordUses(uses: readonly LessonUse[], now: number): Promise<void> {
    if (uses.length === 0) return;
    await this.db.transaction(async (tx) => {
      for (const u of uses) {
        const [held] = await tx.select().from(lessons).where(eq(lessons.id, u.lessonId)).for("update");
        if (!held) continue;
        const next = afterUse(toLesson(held), u.helped, now);
        await tx
          .update(lessons)
          .set({
            usedCount: next.usedCount,
            helpedCount: next.helpedCount,
            confidence: next.confidence,
            updatedAt: new Date(now),
          })
          .where(eq(lessons.id, u.lessonId));
      }
    });
  }

  /** Latest first; the search also matches the rendered sentence, which is not a column, so it filters here. */
  async list(filter: LessonFilter = {}): Promise<Lesson[]> {
    const limit = Math.min(filter.limit ?? 200, 1_000);
    const rows = await this.db
      .select()
      .from(lessons)
      .orderBy(desc(lessons.updatedAt))
      .limit(filter.search ? 5_000 : limit);
    return rows
      .map(toLesson)
      .filter((l) => matchesFilter(l, describeLesson(l), filter.search ?? ""))
      .slice(0, limit);
  }

  async get(id: string): Promise<Lesson | null> {
    const [row] = await this.db.select().from(lessons).where(eq(lessons.id, id));
    return row ? toLesson(row) : null;
  }

  async setDisabled(id: string, disabled: boolean, now: number, by?: string): Promise<Lesson | null> {
    const [row] = await this.db
      .update(lessons)
      .set({ disabled, disabledBy: disabled ? (by ?? null) : null, updatedAt: new Date(now) })
      .where(eq(lessons.id, id))
      .returning();
    return row ? toLesson(row) : null;
  }

  async remove(id: string): Promise<boolean> {
    const rows = await this.db.delete(lessons).where(eq(lessons.id, id)).returning({ id: lessons.id });
    return rows.length > 0;
  }
}
