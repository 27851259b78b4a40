import { authorize } from "@/lib/auth/authorize";
import { jsonBody, respond } from "@/lib/runs/http";
import { amendGoal } from "@/lib/runs/service/amend-goal";
import { getRunService } from "@/lib/runs/service-instance";

export async function POST(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  return respond(async () => {
    const actor = await authorize(request.headers, "amend", runId);
    const body = (await jsonBody(request)) as object;
    return amendGoal(await getRunService(), { ...body, runId, by: actor.label });
  });
}
