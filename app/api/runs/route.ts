import { authorize, ownRun } from "@/lib/auth/authorize";
import { jsonBody, respond } from "@/lib/runs/http";
import { listRuns } from "@/lib/runs/service/queries";
import { startRun } from "@/lib/runs/service/start-run";
import { getRunService } from "@/lib/runs/service-instance";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return respond(async () => {
    await authorize(request.headers, "read");
    return { runs: await listRuns(await getRunService(), params) };
  });
}

export async function POST(request: Request) {
  return respond(async () => {
    const actor = await authorize(request.headers, "start");
    const started = await startRun(await getRunService(), await jsonBody(request));
    await ownRun(actor, started.runId);
    return started;
  }, 201);
}
