"use client";

import { Handle, type Node, type NodeProps, Position } from "@xyflow/react";
import { memo } from "react";
import { StatusBadge } from "@/components/ui/status-badge";
import type { TaskState, TaskStatus } from "@/lib/agent/state";
import type { PlanMarker } from "./plan-marker";

export type TaskNodeData = {
  task: TaskState;
  marker: PlanMarker | null;
  /** The run's confidence threshold and gray zone, to colour the confidence bar. */
  threshold: number;
  grayZone: number;
};
export type TaskNode = Node<TaskNodeData, "task">;

/** Status → design-token tone; the badge carries the status as text and symbol too. */
export const statusTone: Record<TaskStatus, "ok" | "bad" | "warn" | "info" | "idle"> = {
  succeeded: "ok",
  failed: "bad",
  waiting: "warn",
  running: "info",
  ready: "info",
  pending: "idle",
  skipped: "idle",
};

const markerSymbol: Record<PlanMarker["kind"], string> = { added: "+", rewritten: "✎", dropped: "⊘" };

function confidenceTone(c: number, threshold: number, grayZone: number) {
  if (c >= threshold) return "ok";
  return c >= threshold - grayZone ? "warn" : "bad";
}

/**
 * One task on the canvas. Kept to plain markup with no hooks beyond memo: 300 of these render at once,
 * and React Flow re-renders only the nodes whose objects changed.
 */
function TaskNodeView({ data, selected, sourcePosition, targetPosition }: NodeProps<TaskNode>) {
  const { task, marker, threshold, grayZone } = data;
  const conf = task.confidence;
  const classes = ["dag-node", `tone-${statusTone[task.status]}`];
  if (selected) classes.push("is-selected");
  if (marker) classes.push(`marker-${marker.kind}`);
  return (
    <div
      className={classes.join(" ")}
      data-testid="dag-node"
      data-task-id={task.id}
      data-status={task.status}
      data-marker={marker?.kind}
      title={task.note || task.title}
    >
      <Handle
        type="target"
        position={targetPosition ?? Position.Top}
        isConnectable={false}
        className="dag-handle"
      />
      <div className="dag-node-top">
        <StatusBadge status={task.status} />
        {task.attempt > 1 && <span className="dag-attempt">attempt {task.attempt}</span>}
      </div>
      <div className="dag-node-title">{task.title}</div>
      <div className="dag-node-meta">
        <span className="dag-node-id">{task.id}</span>
        <span aria-hidden="true">·</span>
        <span className="dag-node-tool">{task.tool}</span>
        {/* Inside the node's box: edges end on the box's border, so the marker can never sit on one. */}
        {marker && (
          <span className="dag-marker" data-testid="dag-marker" title={marker.label}>
            <span aria-hidden="true">{markerSymbol[marker.kind]}</span> {marker.short}
          </span>
        )}
      </div>
      <div className="dag-conf" title="Calibrated confidence; the tick marks the run's threshold">
        <div className="dag-conf-track" aria-hidden="true">
          {conf !== null && (
            <span
              className={`dag-conf-fill conf-${confidenceTone(conf, threshold, grayZone)}`}
              style={{ width: `${Math.round(Math.min(1, Math.max(0, conf)) * 100)}%` }}
            />
          )}
          <span className="dag-conf-threshold" style={{ left: `${Math.round(threshold * 100)}%` }} />
        </div>
        <span className="dag-conf-value">{conf === null ? "conf —" : `conf ${conf.toFixed(2)}`}</span>
      </div>
      <Handle
        type="source"
        position={sourcePosition ?? Position.Bottom}
        isConnectable={false}
        className="dag-handle"
      />
    </div>
  );
}

export const TaskNodeComponent = memo(TaskNodeView);
