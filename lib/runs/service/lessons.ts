import { z } from "zod";
import { describeLesson, type Lesson } from "../../experience/lesson";
import type { LessonStore } from "../../experience/store";
import { invalidInput, ServiceError } from "../errors";
import type { RunService } from "./run-service";

/** A lesson as the /lessons page shows it: its fields plus the sentence rendered from them. */
export type LessonView = Lesson & { summary: string };

const view = (l: Lesson): LessonView => ({ ...l, summary: describeLesson(l) });

export const ListLessonsInput = z.object({
  q: z.string().trim().max(200).default(""),
  limit: z.coerce.number().int().min(1).max(1_000).default(200),
});

export const ChangeLessonInput = z.object({
  lessonId: z.string().regex(/^lesson_[0-9a-f]{8}$/, "not a lesson id"),
  action: z.enum(["disable", "enable", "delete"]),
});
export type ChangeLessonInput = z.input<typeof ChangeLessonInput>;

function storeOf(service: RunService): LessonStore {
  const store = service.o.lessons;
  if (!store) throw new ServiceError("unavailable", "This server keeps no lessons.");
  return store;
}

export async function listLessons(service: RunService, input: unknown): Promise<LessonView[]> {
  const parsed = ListLessonsInput.safeParse(input ?? {});
  if (!parsed.success) throw invalidInput(parsed.error);
  return (await storeOf(service).list({ search: parsed.data.q, limit: parsed.data.limit })).map(view);
}

/** A reviewer switches a lesson off (kept, never recalled), back on, or deletes it. */
export async function changeLesson(
  service: RunService,
  input: unknown,
  by: string,
): Promise<{ lesson: LessonView | null; deleted: boolean }> {
  const parsed = ChangeLessonInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { lessonId, action } = parsed.data;
  const store = storeOf(service);
  const missing = () => new ServiceError("lesson_not_found", `No lesson ${lessonId}.`);
  if (action === "delete") {
    if (!(await store.remove(lessonId))) throw missing();
    return { lesson: null, deleted: true };
  }
  const changed = await store.setDisabled(lessonId, action === "disable", Date.now(), by);
  if (!changed) throw missing();
  return { lesson: view(changed), deleted: false };
}
