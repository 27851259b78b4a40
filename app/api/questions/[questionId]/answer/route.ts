import { jsonBody, pathParam, respond } from "@/lib/runs/http";
import { answerQuestion } from "@/lib/runs/service/answer-question";
import { getRunService } from "@/lib/runs/service-instance";

export async function POST(request: Request, { params }: { params: Promise<{ questionId: string }> }) {
  const { questionId } = await params;
  return respond(async () => {
    const body = await jsonBody(request);
    return answerQuestion(await getRunService(), {
      ...body,
      questionId: pathParam(questionId, "questionId"),
    });
  });
}
