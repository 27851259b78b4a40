import { jsonBody, pathParam, respond } from "@/lib/runs/http";
import { forkRun } from "@/lib/runs/service/fork-run";
import { getRunService } from "@/lib/runs/service-instance";

export async function POST(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  const { runId: raw } = await params;
  return respond(async () => {
    const runId = pathParam(raw, "runId");
    const body = await jsonBody(request);
    return forkRun(await getRunService(), { ...body, runId });
  }, 201);
}
