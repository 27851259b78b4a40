"use client";

import { Handle, type MiniMapNodeProps, type Node, type NodeProps, Position } from "@xyflow/react";
import { memo } from "react";
import { StatusBadge } from "@/components/ui/status-badge";
import type { TaskState, TaskStatus } from "@/lib/agent/state";
import { type PlanMarker, planMarker } from "./plan-marker";
import { useShownTasks } from "./task-source";

/** Nothing about the task's state: a node reads that from the task source, by its id. */
export type TaskNodeData = Record<string, never>;
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

/** The id of the hidden text that names a node (React Flow's wrapper points at it). */
export const nodeLabelId = (taskId: string) => `dag-label-${encodeURIComponent(taskId)}`;

/**
 * One task on the canvas. It subscribes to its own task, so a step re-renders it only when that
 * task changed; plain markup otherwise: a long run has a thousand of these.
 */
function TaskNodeView({ id, selected, sourcePosition, targetPosition }: NodeProps<TaskNode>) {
  const task = useShownTasks((s) => s.tasks[id]);
  const firstSeen = useShownTasks((s) => s.firstSeen);
  const threshold = useShownTasks((s) => s.threshold);
  const grayZone = useShownTasks((s) => s.grayZone);
  if (!task) return null;
  const marker = planMarker(task, firstSeen);
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
      <span className="dag-node-label" id={nodeLabelId(task.id)}>
        {`${task.title} (${task.id}), ${task.status}${marker ? `, ${marker.label}` : ""}`}
      </span>
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

/** A task on the minimap, coloured by its status; like the nodes, it follows its own task only. */
function MiniMapTaskView({ id, x, y, width, height, borderRadius, shapeRendering }: MiniMapNodeProps) {
  const status = useShownTasks((s) => (s.tasks[id] as TaskState | undefined)?.status);
  return (
    <rect
      className="react-flow__minimap-node"
      x={x}
      y={y}
      rx={borderRadius}
      ry={borderRadius}
      width={width}
      height={height}
      style={{ fill: status ? `var(--${statusTone[status]})` : undefined }}
      shapeRendering={shapeRendering}
    />
  );
}

export const MiniMapTask = memo(MiniMapTaskView);
