import { jsonBody, respond } from "@/lib/runs/http";
import { answerQuestion } from "@/lib/runs/service/answer-question";
import { getRunService } from "@/lib/runs/service-instance";

export async function POST(request: Request, { params }: { params: Promise<{ questionId: string }> }) {
  const { questionId } = await params;
  return respond(async () => {
    const body = (await jsonBody(request)) as object;
    return answerQuestion(await getRunService(), { ...body, questionId: decodeURIComponent(questionId) });
  });
}
