import { authorize, ownRun } from "@/lib/auth/authorize";
import { jsonBody, respond } from "@/lib/runs/http";
import { forkRun } from "@/lib/runs/service/fork-run";
import { getRunService } from "@/lib/runs/service-instance";

export async function POST(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  return respond(async () => {
    const actor = await authorize(request.headers, "fork", runId);
    const body = (await jsonBody(request)) as object;
    const forked = await forkRun(await getRunService(), { ...body, runId, by: actor.label });
    await ownRun(actor, forked.runId);
    return forked;
  }, 201);
}
