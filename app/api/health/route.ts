import { checkHealth } from "@/lib/runs/health";

export const dynamic = "force-dynamic";

/** 200 when the database answers and the disk has room; 503 saying which is wrong otherwise. */
export async function GET() {
  const health = await checkHealth();
  return Response.json(health, { status: health.ok ? 200 : 503 });
}
