import { NewRunForm } from "@/components/runs/new-run-form";
import { parseStatusFilter } from "@/components/runs/run-filters";
import styles from "@/components/runs/runs.module.css";
import { RunsList } from "@/components/runs/runs-list";
import type { RunListItem } from "@/components/runs/runs-table";
import { requireReader } from "@/lib/auth/next";
import { openAIModelFromEnv } from "@/lib/llm/openai-model";
import { listRuns } from "@/lib/runs/service/queries";
import { getRunService } from "@/lib/runs/service-instance";

export const dynamic = "force-dynamic";

/** The first list, read here so it shows without a loading flash; on failure the client shows the error. */
async function firstRuns(status: string): Promise<RunListItem[] | undefined> {
  try {
    const runs = await listRuns(await getRunService(), status === "all" ? {} : { status });
    // The same shape the client gets from GET /api/runs (dates as ISO strings).
    return JSON.parse(JSON.stringify(runs)) as RunListItem[];
  } catch (e) {
    console.error("runs page: could not prefetch the runs list:", e);
    return undefined;
  }
}

/** Why the OpenAI option cannot be used on this server, or null when it can. */
function openAIUnavailable(): string | null {
  try {
    openAIModelFromEnv();
    return null;
  } catch (e) {
    // The message names the variables, never their values.
    return e instanceof Error ? e.message : "The OpenAI endpoint is not configured.";
  }
}

export default async function RunsPage({ searchParams }: { searchParams: Promise<{ status?: string }> }) {
  await requireReader();
  const filter = parseStatusFilter((await searchParams).status);
  return (
    <div className={styles.page}>
      <NewRunForm openAIUnavailable={openAIUnavailable()} />
      <RunsList initialStatus={filter} initialRuns={await firstRuns(filter)} />
    </div>
  );
}
