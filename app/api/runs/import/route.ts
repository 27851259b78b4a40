import { respond } from "@/lib/runs/http";
import { importRun } from "@/lib/runs/service/transfer-run";
import { getRunService } from "@/lib/runs/service-instance";

/**
 * Body: a run exported as JSON Lines. `?runId=` makes the import idempotent (the UI derives it
 * from the file's content, so importing the same file twice returns the first import).
 */
export async function POST(request: Request) {
  const runId = new URL(request.url).searchParams.get("runId") ?? undefined;
  return respond(async () => importRun(await getRunService(), await request.text(), runId), 201);
}
