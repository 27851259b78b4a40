import { notFound } from "next/navigation";
import { RunDebugger } from "@/components/debugger/run-debugger";
import { requireReader } from "@/lib/auth/next";
import { isServiceError } from "@/lib/runs/errors";
import { getRun } from "@/lib/runs/service/queries";
import { getRunService } from "@/lib/runs/service-instance";

export const dynamic = "force-dynamic";

export default async function RunPage({
  params,
  searchParams,
}: {
  params: Promise<{ runId: string }>;
  searchParams: Promise<{ at?: string }>;
}) {
  await requireReader();
  const { runId } = await params;
  const { at } = await searchParams;
  try {
    const run = await getRun(await getRunService(), runId);
    const cursor = at !== undefined && /^\d{1,9}$/.test(at) ? Number(at) : null;
    return (
      <RunDebugger
        runId={run.id}
        initialCursor={cursor}
        parentRunId={run.parentRunId}
        forkSeq={run.forkSeq}
        readOnly={run.readOnly}
      />
    );
  } catch (e) {
    if (isServiceError(e) && e.code === "run_not_found") notFound();
    throw e;
  }
}
