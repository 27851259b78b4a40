"use client";

import { StatusBadge } from "@/components/ui/status-badge";
import type { TaskState } from "@/lib/agent/state";
import { describeCriterion } from "@/lib/monitor/criteria";
import type { TaskSpec } from "@/lib/planner/plan-schema";
import { type ChangedField, type DiffRow, describeChange } from "./plan-diff";

const symbol: Record<DiffRow["kind"], string> = { added: "+", removed: "−", changed: "~", same: "=" };

interface Props {
  row: DiffRow;
  leftVersion: number;
  rightVersion: number;
  /** The task as it is now, for its status. */
  task: TaskState | undefined;
  /** Statuses describe the latest plan only; an older right side shows none. */
  showStatus: boolean;
}

export function PlanDiffRow({ row, leftVersion, rightVersion, task, showStatus }: Props) {
  return (
    <tr
      className={`pd-row pd-${row.kind}`}
      data-testid="plan-row"
      data-change={row.kind}
      data-task-id={row.id}
    >
      <td className="pd-col-change">
        <span className="pd-label">
          <span aria-hidden="true">{symbol[row.kind]} </span>
          {describeChange(row)}
        </span>
      </td>
      <td>
        {row.before ? (
          <TaskCell spec={row.before} changes={row.changes} />
        ) : (
          <span className="muted">not in v{leftVersion}</span>
        )}
        {/* A removed task's fate (usually skipped: dropped) is only visible here. */}
        {row.kind === "removed" && showStatus && task && (
          <div className="pd-status">
            <StatusBadge status={task.status} />
            {task.note && <span className="muted pd-note">{task.note}</span>}
          </div>
        )}
      </td>
      <td>
        {row.after ? (
          <>
            <TaskCell spec={row.after} changes={row.changes} />
            {showStatus && task && (
              <div className="pd-status">
                <StatusBadge status={task.status} />
              </div>
            )}
            {row.before && row.changes.some((f) => f !== "title" && f !== "tool") && (
              <FieldChanges before={row.before} after={row.after} changes={row.changes} />
            )}
          </>
        ) : (
          <span className="muted">not in v{rightVersion}</span>
        )}
      </td>
    </tr>
  );
}

function TaskCell({ spec, changes }: { spec: TaskSpec; changes: ChangedField[] }) {
  const mark = (f: ChangedField) => (changes.includes(f) ? "pd-diff" : undefined);
  return (
    <div className="pd-task">
      <strong className={mark("title")}>{spec.title}</strong>
      <span className="mono muted">
        {spec.id} · <span className={mark("tool")}>{spec.tool}</span>
        {spec.deliverable && " · deliverable"}
      </span>
    </div>
  );
}

const show: Partial<Record<ChangedField, (t: TaskSpec) => string>> = {
  input: (t) => JSON.stringify(t.input),
  dependencies: (t) => (t.dependencies.length ? t.dependencies.join(", ") : "none"),
  criteria: (t) => t.successCriteria.map(describeCriterion).join("; ") || "none",
  deliverable: (t) => (t.deliverable ? "yes" : "no"),
};

/** Title and tool changes show in the cells; the rest is spelled out before → after on demand. */
function FieldChanges({
  before,
  after,
  changes,
}: {
  before: TaskSpec;
  after: TaskSpec;
  changes: ChangedField[];
}) {
  const listed = changes.filter((f) => show[f]);
  return (
    <details className="pd-details">
      <summary>What changed</summary>
      <dl>
        {listed.map((f) => (
          <div key={f}>
            <dt>{f}</dt>
            <dd>
              <span className="pd-before">
                <span className="muted">before </span>
                <code>{show[f]?.(before)}</code>
              </span>
              <span className="pd-after">
                <span className="muted">after </span>
                <code>{show[f]?.(after)}</code>
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
