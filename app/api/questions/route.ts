import { authorize } from "@/lib/auth/authorize";
import { respond } from "@/lib/runs/http";
import { listQuestions } from "@/lib/runs/service/queries";
import { getRunService } from "@/lib/runs/service-instance";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return respond(async () => {
    await authorize(request.headers, "read");
    return { questions: await listQuestions(await getRunService(), params) };
  });
}
