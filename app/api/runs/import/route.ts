import { authorize, ownRun } from "@/lib/auth/authorize";
import { respond } from "@/lib/runs/http";
import { importRun } from "@/lib/runs/service/transfer-run";
import { getRunService } from "@/lib/runs/service-instance";

/** Body: a run exported as JSON Lines. */
export async function POST(request: Request) {
  return respond(async () => {
    const actor = await authorize(request.headers, "import");
    const imported = await importRun(await getRunService(), await request.text());
    await ownRun(actor, imported.runId);
    return imported;
  }, 201);
}
