import { respond } from "@/lib/runs/http";
import { importRun } from "@/lib/runs/service/transfer-run";
import { getRunService } from "@/lib/runs/service-instance";

/** Body: a run exported as JSON Lines. */
export async function POST(request: Request) {
  return respond(async () => importRun(await getRunService(), await request.text()), 201);
}
