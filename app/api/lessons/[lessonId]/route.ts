import { authorize } from "@/lib/auth/authorize";
import { jsonBody, pathParam, respond } from "@/lib/runs/http";
import { changeLesson } from "@/lib/runs/service/lessons";
import { getRunService } from "@/lib/runs/service-instance";

/** Disable, enable or delete a lesson: `{ "action": "disable" | "enable" | "delete" }`. */
export async function POST(request: Request, { params }: { params: Promise<{ lessonId: string }> }) {
  return respond(async () => {
    const lessonId = pathParam((await params).lessonId, "lessonId");
    const actor = await authorize(request.headers, "curate");
    const body = await jsonBody(request);
    return changeLesson(await getRunService(), { ...body, lessonId }, actor.label);
  });
}
