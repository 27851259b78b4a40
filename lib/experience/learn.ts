import type { RunEvent } from "../agent/events";
import type { ExperienceSource } from "../agent/runtime";
import { distillLessons, lessonUses } from "./distill";
import type { Lesson } from "./lesson";
import { type LessonStore, recall } from "./store";

export interface Learned {
  lessons: Lesson[];
  uses: { lessonId: string; helped: boolean }[];
}

/**
 * At a run's end: learn what its events teach and judge the lessons it used. Call it only for runs
 * this installation drove — never for imported runs, whose events nobody here witnessed.
 */
export async function learnFromRun(
  store: LessonStore,
  events: readonly RunEvent[],
  now: number,
): Promise<Learned> {
  const uses = lessonUses(events);
  await store.recordUses(uses, now);
  const lessons = await store.learn(distillLessons(events), now);
  return { lessons, uses };
}

/** What a run's deps get: recall through the shared ranking from this store. */
export const experienceFrom = (store: LessonStore): ExperienceSource => ({ recall: (s) => recall(store, s) });
