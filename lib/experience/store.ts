import { describeLesson, type Lesson, lessonKey, type NewLesson, type Situation } from "./lesson";
import { type RankableLesson, type RecalledLesson, rankLessons } from "./retrieve";

/** A lesson's use in a run, judged at the run's end: did the task it was recalled for then succeed? */
export interface LessonUse {
  lessonId: string;
  helped: boolean;
}

export interface LessonFilter {
  /** Matches the rendered sentence, tool, trigger, failure code or goal terms (case-insensitive). */
  search?: string;
  limit?: number;
}

/**
 * Where lessons live. The app keeps them in the database, the bench and the CLI in memory; both
 * recall through the same ranking (`rankLessons`), a store only narrows the candidates.
 */
export interface LessonStore {
  /**
   * Lessons that could be among the top 3: a store may leave out any lesson that cannot be (other
   * tool, trigger, failure code or language; a bound below the third best), never one that can.
   */
  candidates(s: Situation): Promise<RankableLesson[]>;
  /** Learn: a lesson already known (same situation, action and outcome) gains evidence and confidence. */
  learn(lessons: readonly NewLesson[], now: number): Promise<Lesson[]>;
  recordUses(uses: readonly LessonUse[], now: number): Promise<void>;
  list(filter?: LessonFilter): Promise<Lesson[]>;
  get(id: string): Promise<Lesson | null>;
  /** `by`: who switched it off (the database keeps it). */
  setDisabled(id: string, disabled: boolean, now: number, by?: string): Promise<Lesson | null>;
  remove(id: string): Promise<boolean>;
}

export async function recall(store: LessonStore, s: Situation): Promise<RecalledLesson[]> {
  return rankLessons(await store.candidates(s), s);
}

export const INITIAL_CONFIDENCE = 0.6;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** A lesson learned again from another run: more evidence (latest first, 5 kept), more confidence. */
export function relearn(l: Lesson, n: NewLesson, now: number): Lesson {
  if (l.evidence.some((e) => e.runId === n.evidence.runId)) return l;
  return {
    ...l,
    evidence: [n.evidence, ...l.evidence].slice(0, 5),
    createdCount: l.createdCount + 1,
    confidence: round3(Math.min(1, l.confidence + 0.1)),
    updatedAt: now,
  };
}

/** Helped: confidence rises a little. Used without helping: it decays, so a wrong lesson fades out. */
export function afterUse(l: Lesson, helped: boolean, now: number): Lesson {
  return {
    ...l,
    usedCount: l.usedCount + 1,
    helpedCount: l.helpedCount + (helped ? 1 : 0),
    confidence: round3(helped ? Math.min(1, l.confidence + 0.05) : l.confidence * 0.7),
    updatedAt: now,
  };
}

export function freshLesson(id: string, n: NewLesson, now: number): Lesson {
  return {
    ...n,
    id,
    evidence: [n.evidence],
    createdCount: 1,
    usedCount: 0,
    helpedCount: 0,
    confidence: INITIAL_CONFIDENCE,
    disabled: false,
    createdAt: now,
    updatedAt: now,
  };
}

/** The lesson's stable id: its key hashed (FNV-1a), so the same lesson has one id in every store. */
export function lessonId(n: Pick<NewLesson, "signature" | "action" | "outcome">): string {
  let h = 0x811c9dc5;
  for (const ch of lessonKey(n)) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `lesson_${h.toString(16).padStart(8, "0")}`;
}

export function matchesFilter(l: Lesson, describe: string, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  const s = l.signature;
  return [l.id, describe, s.tool, s.trigger, s.failureCode, ...s.goalTerms].some((x) =>
    x.toLowerCase().includes(q),
  );
}

/** The bucket of a lesson by its structural parts; a situation looks in the 8 that can match it. */
const bucketOf = (language: string, tool: string, failureCode: string, trigger: string) =>
  `${language}|${tool}|${failureCode}|${trigger}`;

/** Lessons in memory: the bench's sequence mode and the CLI (no database there). */
export class InMemoryLessonStore implements LessonStore {
  private readonly byId = new Map<string, Lesson>();
  /** Ids by bucket, so a recall reads the few lessons that can match, not all of them. */
  private readonly buckets = new Map<string, Set<string>>();

  constructor(lessons: readonly Lesson[] = []) {
    for (const l of lessons) this.put(l);
  }

  private put(l: Lesson): void {
    this.byId.set(l.id, l);
    const s = l.signature;
    const key = bucketOf(s.language, s.tool, s.failureCode, s.trigger);
    const ids = this.buckets.get(key) ?? new Set<string>();
    this.buckets.set(key, ids);
    ids.add(l.id);
  }

  get size(): number {
    return this.byId.size;
  }

  /** The same narrowing as the database's: each structural part unset or equal to the situation's. */
  async candidates(s: Situation): Promise<Lesson[]> {
    const out: Lesson[] = [];
    for (const tool of new Set(["", s.tool]))
      for (const code of new Set(["", s.failureCode]))
        for (const trigger of new Set(["", s.trigger]))
          for (const id of this.buckets.get(bucketOf(s.language, tool, code, trigger)) ?? []) {
            const l = this.byId.get(id);
            if (l) out.push(l);
          }
    return out;
  }

  async learn(lessons: readonly NewLesson[], now: number): Promise<Lesson[]> {
    const out: Lesson[] = [];
    for (const n of lessons) {
      const id = lessonId(n);
      const held = this.byId.get(id);
      const next = held ? relearn(held, n, now) : freshLesson(id, n, now);
      this.put(next);
      out.push(next);
    }
    return out;
  }

  async recordUses(uses: readonly LessonUse[], now: number): Promise<void> {
    for (const u of uses) {
      const l = this.byId.get(u.lessonId);
      if (l) this.byId.set(l.id, afterUse(l, u.helped, now));
    }
  }

  async list(filter: LessonFilter = {}): Promise<Lesson[]> {
    return [...this.byId.values()]
      .filter((l) => matchesFilter(l, describeLesson(l), filter.search ?? ""))
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .slice(0, filter.limit ?? 200);
  }

  async get(id: string): Promise<Lesson | null> {
    return this.byId.get(id) ?? null;
  }

  async setDisabled(id: string, disabled: boolean, now: number): Promise<Lesson | null> {
    const l = this.byId.get(id);
    if (!l) return null;
    const next = { ...l, disabled, updatedAt: now };
    this.byId.set(id, next);
    return next;
  }

  async remove(id: string): Promise<boolean> {
    const l = this.byId.get(id);
    if (!l) return false;
    const s = l.signature;
    this.buckets.get(bucketOf(s.language, s.tool, s.failureCode, s.trigger))?.delete(id);
    return this.byId.delete(id);
  }
}
