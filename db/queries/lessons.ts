import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { describeLesson, type Lesson, type NewLesson, type Situation } from "@/lib/experience/lesson";
import {
  MATCH_THRESHOLD,
  MATCH_WEIGHTS,
  MIN_CONFIDENCE,
  type RankableLesson,
  TOP_K,
} from "@/lib/experience/retrieve";
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

/**
 * The recall query, built once per store (a prepared statement: PostgreSQL plans it once per
 * connection, and neither driver rebuilds the SQL text per recall). See `DbLessonStore.candidates`.
 */
function recallQuery(db: Db) {
  const weight = (part: "tool" | "failureCode" | "trigger") =>
    sql`case when ${lessons[part]} <> '' then ${sql.raw(String(MATCH_WEIGHTS[part]))}::float8 else 0 end`;
  const narrowed = db.$with("narrowed").as(
    db
      .select({
        id: lessons.id,
        tool: lessons.tool,
        trigger: lessons.trigger,
        failureCode: lessons.failureCode,
        language: lessons.language,
        goalTerms: lessons.goalTerms,
        action: lessons.action,
        outcome: lessons.outcome,
        confidence: lessons.confidence,
        usedCount: lessons.usedCount,
        structural: sql<number>`${weight("tool")} + ${weight("failureCode")} + ${weight("trigger")}`.as(
          "structural",
        ),
      })
      .from(lessons)
      .where(
        and(
          eq(lessons.language, sql.placeholder("language")),
          inArray(lessons.tool, ["", sql.placeholder("tool")]),
          inArray(lessons.failureCode, ["", sql.placeholder("failureCode")]),
          inArray(lessons.trigger, ["", sql.placeholder("trigger")]),
          eq(lessons.disabled, false),
          gte(lessons.confidence, MIN_CONFIDENCE),
        ),
      ),
  );
  const float = (n: number) => sql.raw(`${n}::float8`);
  const goal = float(MATCH_WEIGHTS.goalTerms);
  // Rows at or above the threshold on structure alone are surely recalled: the third best of them.
  const thirdLowerBound = sql`coalesce((select n.structural * n.confidence from ${narrowed} n
    where n.structural >= ${float(MATCH_THRESHOLD)}
    order by 1 desc offset ${sql.raw(String(TOP_K - 1))} limit 1), 0)`;
  // Rounding twice to 3 decimals moves a score by at most 0.001 each side: 0.0025 covers both and float noise.
  return db
    .with(narrowed)
    .select()
    .from(narrowed)
    .where(
      and(
        sql`${narrowed.structural} + ${goal} >= ${float(MATCH_THRESHOLD - 0.001)}`,
        sql`(${narrowed.structural} + ${goal}) * ${narrowed.confidence} >= ${thirdLowerBound} - ${float(0.0025)}`,
      ),
    )
    .prepare("lessons_recall");
}

/** Lessons in the app's database (PGlite or PostgreSQL); recall ranks them with the shared code. */
export class DbLessonStore implements LessonStore {
  private recall: ReturnType<typeof recallQuery> | undefined;

  constructor(private readonly db: Db) {}

  /**
   * Only rows that can be among the top 3, in one query. The recall index narrows to rows whose
   * structural parts are each unset or equal to the situation's (same language, enabled, not
   * decayed away). Of those, the structural part of the score is exact in SQL and the goal-term
   * part lies in [0, its weight], so a row's final score lies in [structural × confidence,
   * (structural + goal weight) × confidence], give or take the ranking's rounding to 3 decimals.
   * A row whose upper bound is below the third-best lower bound by more than that rounding cannot
   * reach the top 3 and stays in the database; the rest (usually a few) are ranked in JS by the
   * shared `rankLessons`, so the match and its reasons are computed in one place.
   */
  async candidates(s: Situation): Promise<RankableLesson[]> {
    this.recall ??= recallQuery(this.db);
    const rows = await this.recall.execute({
      language: s.language,
      tool: s.tool,
      failureCode: s.failureCode,
      trigger: s.trigger,
    });
    return rows.map((r) => ({
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
      confidence: r.confidence,
      usedCount: r.usedCount,
      disabled: false,
    }));
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
