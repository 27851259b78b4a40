import { respond } from "@/lib/runs/http";
import { listQuestions } from "@/lib/runs/service/queries";
import { getRunService } from "@/lib/runs/service-instance";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return respond(async () => ({ questions: await listQuestions(await getRunService(), params) }));
}
