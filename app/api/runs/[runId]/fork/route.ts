import { authorize, ownRun } from "@/lib/auth/authorize";
import { jsonBody, pathParam, respond } from "@/lib/runs/http";
import { forkRun } from "@/lib/runs/service/fork-run";
import { getRunService } from "@/lib/runs/service-instance";

export async function POST(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  // Params are read inside respond: a malformed segment becomes a typed 400, not a 500.
  return respond(async () => {
    const runId = pathParam((await params).runId, "runId");
    const actor = await authorize(request.headers, "fork", runId);
    const body = await jsonBody(request);
    const forked = await forkRun(await getRunService(), { ...body, runId, by: actor.label });
    await ownRun(actor, forked.runId);
    return forked;
  }, 201);
}
