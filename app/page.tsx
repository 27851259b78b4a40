import { dataDir, runDir } from "@/lib/runs/data-dir";
import { JsonlRunLog, listRunDirs } from "@/lib/runs/jsonl-run-log";
import { type RunSummary, summariseRun } from "@/lib/runs/run-summary";

export const dynamic = "force-dynamic";

function loadRuns(): { runs: RunSummary[]; errors: string[] } {
  const root = dataDir();
  const runs: RunSummary[] = [];
  const errors: string[] = [];
  for (const id of listRunDirs(root)) {
    try {
      runs.push(summariseRun(new JsonlRunLog(runDir(root, id)).read()));
    } catch (e) {
      errors.push(`${id}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  runs.sort((a, b) => (b.startedAt ?? 0) - (a.startedAt ?? 0));
  return { runs, errors };
}

const when = (ms: number | null) => (ms ? new Date(ms).toISOString().replace("T", " ").slice(0, 19) : "—");
const duration = (r: RunSummary) =>
  r.startedAt && r.updatedAt ? `${((r.updatedAt - r.startedAt) / 1000).toFixed(1)} s` : "—";

export default function RunsPage() {
  const { runs, errors } = loadRuns();
  return (
    <>
      <h1>Runs</h1>
      {errors.length > 0 && (
        <p role="alert">
          {errors.length} run log(s) could not be read: {errors.join("; ")}
        </p>
      )}
      {runs.length === 0 ? (
        <div className="empty" data-testid="runs-empty">
          No runs yet. Start one from a terminal:{" "}
          <code>npm run agent -- "Compare Loomwork and Relaywright"</code>
        </div>
      ) : (
        <table data-testid="runs-table">
          <thead>
            <tr>
              <th>Goal</th>
              <th>Status</th>
              <th>Progress</th>
              <th>Model</th>
              <th>Started</th>
              <th>Duration</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r) => (
              <tr key={r.runId} data-testid="run-row">
                <td>
                  {r.goal}
                  <br />
                  <code>{r.runId}</code>
                </td>
                <td className={`status status-${r.status}`}>{r.status}</td>
                <td>
                  {r.tasksDone}/{r.tasksTotal} tasks · {r.toolCalls} tool calls
                </td>
                <td>{r.model}</td>
                <td>{when(r.startedAt)}</td>
                <td>{duration(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
