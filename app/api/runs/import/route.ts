import { authorize, ownRun } from "@/lib/auth/authorize";
import { cappedBody, respond } from "@/lib/runs/http";
import { importRun, MAX_IMPORT_BYTES } from "@/lib/runs/service/import-run";
import { getRunService } from "@/lib/runs/service-instance";

/**
 * Body: a run exported as JSON Lines, read as it streams in, refused past 200 MB. The same file
 * imported again returns the first import (its id comes from the content).
 */
export async function POST(request: Request) {
  return respond(async () => {
    const actor = await authorize(request.headers, "import");
    const imported = await importRun(
      await getRunService(),
      cappedBody(request, MAX_IMPORT_BYTES, "The file"),
    );
    await ownRun(actor, imported.runId);
    return imported;
  }, 201);
}
