import { jsonBody, pathParam, respond } from "@/lib/runs/http";
import { cancelRun } from "@/lib/runs/service/cancel-run";
import { getRunService } from "@/lib/runs/service-instance";

export async function POST(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  const { runId: raw } = await params;
  return respond(async () => {
    const runId = pathParam(raw, "runId");
    const body = await jsonBody(request);
    return cancelRun(await getRunService(), { ...body, runId });
  });
}
