import { authorize } from "@/lib/auth/authorize";
import { respond } from "@/lib/runs/http";
import { getRunService } from "@/lib/runs/service-instance";
import { sseResponse } from "@/lib/runs/sse-response";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  try {
    await authorize(request.headers, "read");
  } catch (e) {
    return respond(() => Promise.reject(e));
  }
  return sseResponse(await getRunService(), runId, request);
}
