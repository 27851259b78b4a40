import { authorize } from "@/lib/auth/authorize";
import { respond } from "@/lib/runs/http";
import { listLessons } from "@/lib/runs/service/lessons";
import { getRunService } from "@/lib/runs/service-instance";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return respond(async () => {
    await authorize(request.headers, "read");
    return { lessons: await listLessons(await getRunService(), params) };
  });
}
