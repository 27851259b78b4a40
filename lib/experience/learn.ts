import type { RunEvent } from "../agent/events";
import type { ExperienceSource } from "../agent/runtime";
import type { ChatModel } from "../llm/chat-model";
import { distillLessons, lessonUses } from "./distill";
import { distillByModel, isLanguageModel, type ModelDistillation } from "./distill-model";
import type { Lesson } from "./lesson";
import { type LessonStore, recall } from "./store";

export interface Learned {
  lessons: Lesson[];
  uses: { lessonId: string; helped: boolean }[];
  /** The model's part, when the run's model is a language model (null: not asked). */
  model: ModelDistillation | null;
}

export interface LearnOptions {
  /** The run's model: when it is a language model, it is asked once for lessons too. */
  model?: ChatModel;
  signal?: AbortSignal;
  /** Where a failed distillation call is reported; the rule-distilled lessons are stored anyway. */
  log?: (...args: unknown[]) => void;
}

/**
 * At a run's end: learn what its events teach and judge the lessons it used. Call it only for runs
 * this installation drove — never for imported runs, whose events nobody here witnessed.
 */
export async function learnFromRun(
  store: LessonStore,
  events: readonly RunEvent[],
  now: number,
  options: LearnOptions = {},
): Promise<Learned> {
  const uses = lessonUses(events);
  await store.recordUses(uses, now);
  let model: ModelDistillation | null = null;
  if (options.model && isLanguageModel(options.model.name)) {
    try {
      model = await distillByModel(options.model, events, options.signal);
    } catch (e) {
      options.log?.("the model's lessons could not be distilled; the rules' are kept:", e);
    }
  }
  const lessons = await store.learn([...distillLessons(events), ...(model?.lessons ?? [])], now);
  return { lessons, uses, model };
}

/** What a run's deps get: recall through the shared ranking from this store. */
export const experienceFrom = (store: LessonStore): ExperienceSource => ({ recall: (s) => recall(store, s) });
