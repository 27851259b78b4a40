import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RunDebugger } from "@/components/debugger/run-debugger";
import { requireReader } from "@/lib/auth/next";
import { isServiceError } from "@/lib/runs/errors";
import { getRun, listForks } from "@/lib/runs/service/queries";
import { getRunService } from "@/lib/runs/service-instance";

export const dynamic = "force-dynamic";

/** The tab names the run, so a reviewer with several runs open can tell them apart. */
export async function generateMetadata({
  params,
}: {
  params: Promise<{ runId: string }>;
}): Promise<Metadata> {
  const { runId } = await params;
  try {
    const run = await getRun(await getRunService(), runId);
    const goal = run.goal.length > 60 ? `${run.goal.slice(0, 59)}…` : run.goal;
    return { title: `${goal} (${run.status})` };
  } catch {
    return { title: "Run not found" };
  }
}

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
    const service = await getRunService();
    const run = await getRun(service, runId);
    const forks = (await listForks(service, run.id)).map((f) => ({
      id: f.id,
      forkSeq: f.forkSeq,
      status: f.status,
    }));
    const asked = at !== undefined && /^\d{1,9}$/.test(at) ? Number(at) : null;
    // A deep link past the end (a typo, or a link to a longer run) shows the last event, and says so.
    const cursor = asked === null ? null : Math.min(asked, Math.max(0, run.lastSeq));
    const atNote =
      at === undefined
        ? null
        : asked === null
          ? `?at=${at.slice(0, 20)} is not an event number; showing the run live.`
          : asked > run.lastSeq
            ? `Event #${asked} does not exist; the run has events #0–#${run.lastSeq}, so #${cursor} is shown.`
            : null;
    return (
      <RunDebugger
        runId={run.id}
        initialCursor={cursor}
        atNote={atNote}
        parentRunId={run.parentRunId}
        forkSeq={run.forkSeq}
        readOnly={run.readOnly}
        forks={forks}
        lastSeq={run.lastSeq}
      />
    );
  } catch (e) {
    if (isServiceError(e) && e.code === "run_not_found") notFound();
    throw e;
  }
}
