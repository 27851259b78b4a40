"use client";

import Link from "next/link";
import { StatusBadge } from "@/components/ui/status-badge";
import type { RunRow } from "@/lib/runs/run-store";
import type { Jsonified } from "./fetch-json";
import styles from "./runs.module.css";
import { formatDuration, TimeAgo, useNow } from "./time";

export type RunListItem = Jsonified<RunRow>;

export const isActive = (r: Pick<RunListItem, "status">) => r.status === "running" || r.status === "pending";

/** Live while the run works; otherwise from start to its last event. */
function RunDuration({ run }: { run: RunListItem }) {
  const now = useNow();
  const start = Date.parse(run.createdAt);
  const end = isActive(run) ? now : Date.parse(run.updatedAt);
  return <span className={styles.num}>{end === null ? "—" : formatDuration(end - start)}</span>;
}

function Progress({ run }: { run: RunListItem }) {
  const share = run.tasksTotal > 0 ? run.tasksDone / run.tasksTotal : 0;
  return (
    <div className={styles.progress}>
      <div>
        {run.tasksTotal === 0 ? (
          <span className={styles.hint}>no plan yet</span>
        ) : (
          <>
            <span className={styles.num}>
              {run.tasksDone}/{run.tasksTotal}
            </span>{" "}
            tasks
          </>
        )}
      </div>
      {/* Decoration only: the numbers above say the same for screen readers. */}
      <div className={styles.bar} aria-hidden="true">
        <div
          className={styles.barFill}
          data-status={run.status}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
      <div className={styles.hint}>
        <span className={styles.num}>{run.toolCalls}</span> tool calls
      </div>
    </div>
  );
}

interface TableProps {
  runs: RunListItem[];
  /** The pending question of each waiting run, by run id. */
  waitingFor?: Map<string, string>;
  /** Runs ticked for comparing. */
  picked?: ReadonlySet<string>;
  onPick?: (runId: string) => void;
}

export function RunsTable({ runs, waitingFor, picked, onPick }: TableProps) {
  return (
    <div className={styles.tableWrap}>
      <table data-testid="runs-table" className={styles.table}>
        <caption className={styles.srOnly}>Runs, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Goal</th>
            <th scope="col">Status</th>
            <th scope="col">Progress</th>
            <th scope="col">Model</th>
            <th scope="col">Started</th>
            <th scope="col">Duration</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <tr key={r.id} data-testid="run-row" data-status={r.status} data-run-id={r.id}>
              <td className={styles.goalCell}>
                <Link href={`/runs/${encodeURIComponent(r.id)}`} className={styles.goalLink}>
                  {r.goal}
                </Link>
                <div className={styles.runMeta}>
                  {onPick && (
                    <label className={styles.pick}>
                      <input
                        type="checkbox"
                        checked={picked?.has(r.id) ?? false}
                        onChange={() => onPick(r.id)}
                        data-testid="run-pick"
                        aria-label={`Compare ${r.goal}`}
                      />{" "}
                    </label>
                  )}
                  <code>{r.id}</code>
                  {r.parentRunId && <span> · fork of {r.parentRunId}</span>}
                  {r.readOnly && <span> · imported, read-only</span>}
                </div>
              </td>
              <td>
                <StatusBadge status={r.status} />
                {r.status === "waiting" && waitingFor?.get(r.id) && (
                  <div className={styles.waitingFor} data-testid="run-waiting-for">
                    Waits for an answer: <q>{waitingFor.get(r.id)}</q>{" "}
                    <Link href={`/runs/${encodeURIComponent(r.id)}`}>Answer</Link>
                  </div>
                )}
                {r.outcomeReason && r.status !== "succeeded" && r.status !== "waiting" && (
                  <div className={styles.outcome} title={r.outcomeReason}>
                    {r.outcomeReason}
                  </div>
                )}
              </td>
              <td data-label="Progress">
                <Progress run={r} />
              </td>
              <td data-label="Model">
                <code>{r.model}</code>
              </td>
              <td className={styles.nowrap} data-label="Started">
                <TimeAgo iso={r.createdAt} />
              </td>
              <td className={styles.nowrap} data-label="Duration">
                <RunDuration run={r} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
