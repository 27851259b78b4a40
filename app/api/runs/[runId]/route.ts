import { authorize } from "@/lib/auth/authorize";
import { pathParam, respond } from "@/lib/runs/http";
import { getRun } from "@/lib/runs/service/queries";
import { getRunService } from "@/lib/runs/service-instance";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  return respond(async () => {
    const { runId } = await params;
    await authorize(request.headers, "read");
    return { run: await getRun(await getRunService(), pathParam(runId, "runId")) };
  });
}
