import type { RunRow } from "@/lib/runs/run-store";
import { listRuns } from "@/lib/runs/service/queries";
import { getRunService } from "@/lib/runs/service-instance";

export const dynamic = "force-dynamic";

const when = (d: Date) => d.toISOString().replace("T", " ").slice(0, 19);
const duration = (r: RunRow) => `${((r.updatedAt.getTime() - r.createdAt.getTime()) / 1000).toFixed(1)} s`;

export default async function RunsPage() {
  const runs = await listRuns(await getRunService(), { limit: 200 });
  return (
    <>
      <h1>Runs</h1>
      {runs.length === 0 ? (
        <div className="empty" data-testid="runs-empty">
          No runs yet. Start one with <code>POST /api/runs</code> or import a CLI run with{" "}
          <code>POST /api/runs/import</code>.
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
              <tr key={r.id} data-testid="run-row">
                <td>
                  {r.goal}
                  <br />
                  <code>{r.id}</code>
                </td>
                <td className={`status status-${r.status}`}>{r.status}</td>
                <td>
                  {r.tasksDone}/{r.tasksTotal} tasks · {r.toolCalls} tool calls
                </td>
                <td>{r.model}</td>
                <td>{when(r.createdAt)}</td>
                <td>{duration(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
