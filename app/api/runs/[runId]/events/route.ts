import { getRunService } from "@/lib/runs/service-instance";
import { sseResponse } from "@/lib/runs/sse-response";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  return sseResponse(await getRunService(), runId, request);
}
