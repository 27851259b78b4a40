import { createHash } from "node:crypto";
import { authorize, ownRun } from "@/lib/auth/authorize";
import { readCaseEvents } from "@/lib/bench/ef/read-results";
import { respond } from "@/lib/runs/http";
import { importRun } from "@/lib/runs/service/transfer-run";
import { getRunService } from "@/lib/runs/service-instance";

export const dynamic = "force-dynamic";

/**
 * The app's id for a bench case's run: stable, so opening the case again reuses the first import,
 * and tied to the events' content, so a later benchmark that reuses the run id gets a fresh import.
 */
function importedRunId(caseRunId: string, jsonl: string): string {
  const safe = caseRunId.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 60);
  const digest = createHash("sha256").update(jsonl).digest("hex").slice(0, 12);
  return `bench_${safe}_${digest}`;
}

/**
 * Open a failed bench case in the debugger: import its kept events (once), then redirect to the run.
 * `?set=<name>` says which result set the case is from; without it, the set /bench shows first.
 */
export async function GET(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  const set = new URL(request.url).searchParams.get("set") || undefined;
  try {
    const actor = await authorize(request.headers, "import");
    const jsonl = await readCaseEvents(set, runId);
    if (jsonl === null) {
      const from = set === undefined ? "The bench results have" : `The bench result set ${set} has`;
      return Response.json(
        { ok: false, code: "case_not_found", message: `${from} no kept events for run ${runId}.` },
        { status: 404 },
      );
    }
    const imported = await importRun(await getRunService(), jsonl, importedRunId(runId, jsonl));
    await ownRun(actor, imported.runId);
    // Relative, so the redirect stays on whatever host and port the browser used.
    return new Response(null, { status: 303, headers: { Location: `/runs/${imported.runId}` } });
  } catch (e) {
    return respond(() => Promise.reject(e));
  }
}
