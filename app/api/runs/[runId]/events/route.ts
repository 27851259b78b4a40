import { getRunService } from "@/lib/runs/service-instance";
import { sseResponse } from "@/lib/runs/sse-response";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  // The id is checked (decoded, shaped like a run id) inside, before any query.
  return sseResponse(await getRunService(), runId, request);
}
