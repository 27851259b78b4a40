import { authorize } from "@/lib/auth/authorize";
import { jsonBody, pathParam, respond } from "@/lib/runs/http";
import { rollbackRun } from "@/lib/runs/service/rollback-run";
import { getRunService } from "@/lib/runs/service-instance";

export async function POST(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  // Params are read inside respond: a malformed segment becomes a typed 400, not a 500.
  return respond(async () => {
    const runId = pathParam((await params).runId, "runId");
    const actor = await authorize(request.headers, "rollback", runId);
    const body = await jsonBody(request);
    return rollbackRun(await getRunService(), { ...body, runId, by: actor.label });
  });
}
