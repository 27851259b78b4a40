import { pathParam, respond } from "@/lib/runs/http";
import { getRun } from "@/lib/runs/service/queries";
import { getRunService } from "@/lib/runs/service-instance";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ runId: string }> }) {
  return respond(async () => {
    const { runId } = await params;
    return { run: await getRun(await getRunService(), pathParam(runId, "runId")) };
  });
}
