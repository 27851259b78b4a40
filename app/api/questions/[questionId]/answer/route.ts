import { jsonBody, pathParam, respond } from "@/lib/runs/http";
import { answerQuestion } from "@/lib/runs/service/answer-question";
import { getRunService } from "@/lib/runs/service-instance";

export async function POST(request: Request, { params }: { params: Promise<{ questionId: string }> }) {
  return respond(async () => {
    const questionId = pathParam((await params).questionId, "questionId");
    const body = await jsonBody(request);
    return answerQuestion(await getRunService(), { ...body, questionId });
  });
}
