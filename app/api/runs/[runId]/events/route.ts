import { authorize } from "@/lib/auth/authorize";
import { respond } from "@/lib/runs/http";
import { getRunService } from "@/lib/runs/service-instance";
import { sseResponse } from "@/lib/runs/sse-response";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  try {
    await authorize(request.headers, "read");
  } catch (e) {
    return respond(() => Promise.reject(e));
  }
  // A segment that cannot be decoded becomes "%", which the check inside refuses with a 400; the
  // id is checked (decoded, shaped like a run id) there, before any query.
  const runId = await params.then(
    (p) => p.runId,
    () => "%",
  );
  return sseResponse(await getRunService(), runId, request);
}
