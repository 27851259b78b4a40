import { authorize } from "@/lib/auth/authorize";
import { jsonBody, pathParam, respond } from "@/lib/runs/http";
import { amendGoal } from "@/lib/runs/service/amend-goal";
import { getRunService } from "@/lib/runs/service-instance";

export async function POST(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  // Params are read inside respond: a malformed segment becomes a typed 400, not a 500.
  return respond(async () => {
    const runId = pathParam((await params).runId, "runId");
    const actor = await authorize(request.headers, "amend", runId);
    const body = await jsonBody(request);
    return amendGoal(await getRunService(), { ...body, runId, by: actor.label });
  });
}
