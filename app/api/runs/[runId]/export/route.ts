import { authorize } from "@/lib/auth/authorize";
import { pathParam, respond } from "@/lib/runs/http";
import { exportRun } from "@/lib/runs/service/transfer-run";
import { getRunService } from "@/lib/runs/service-instance";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  try {
    const runId = pathParam((await params).runId, "runId");
    await authorize(request.headers, "read");
    const body = await exportRun(await getRunService(), runId);
    return new Response(body, {
      headers: {
        "Content-Type": "application/x-ndjson; charset=utf-8",
        "Content-Disposition": `attachment; filename="${runId}.jsonl"`,
      },
    });
  } catch (e) {
    return respond(() => Promise.reject(e));
  }
}
