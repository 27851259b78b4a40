import { authorize } from "@/lib/auth/authorize";
import { jsonBody, pathParam, respond } from "@/lib/runs/http";
import { cancelRun } from "@/lib/runs/service/cancel-run";
import { getRunService } from "@/lib/runs/service-instance";

export async function POST(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  // Params are read inside respond: a malformed segment becomes a typed 400, not a 500.
  return respond(async () => {
    const runId = pathParam((await params).runId, "runId");
    const actor = await authorize(request.headers, "cancel", runId);
    const body = await jsonBody(request);
    return cancelRun(await getRunService(), { ...body, runId, by: actor.label });
  });
}
