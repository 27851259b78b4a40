import { authorize } from "@/lib/auth/authorize";
import { jsonBody, pathParam, respond } from "@/lib/runs/http";
import { answerQuestion } from "@/lib/runs/service/answer-question";
import { getRunService } from "@/lib/runs/service-instance";

export async function POST(request: Request, { params }: { params: Promise<{ questionId: string }> }) {
  return respond(async () => {
    const questionId = pathParam((await params).questionId, "questionId");
    const actor = await authorize(request.headers, "answer");
    const body = await jsonBody(request);
    // Signed by whoever is asking: a `by` in the body is overwritten, never trusted.
    return answerQuestion(await getRunService(), { ...body, questionId, by: actor.label });
  });
}
