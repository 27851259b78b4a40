import { authorize } from "@/lib/auth/authorize";
import { jsonBody, respond } from "@/lib/runs/http";
import { answerQuestion } from "@/lib/runs/service/answer-question";
import { getRunService } from "@/lib/runs/service-instance";

export async function POST(request: Request, { params }: { params: Promise<{ questionId: string }> }) {
  const { questionId } = await params;
  return respond(async () => {
    const actor = await authorize(request.headers, "answer");
    const body = (await jsonBody(request)) as object;
    const id = decodeURIComponent(questionId);
    // Signed by whoever is asking: a `by` in the body is overwritten, never trusted.
    return answerQuestion(await getRunService(), { ...body, questionId: id, by: actor.label });
  });
}
