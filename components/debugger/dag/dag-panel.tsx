"use client";

import {
  Background,
  Controls,
  type Edge,
  MarkerType,
  MiniMap,
  type NodeChange,
  type NodeHandle,
  Position,
  ReactFlow,
  useReactFlow,
  useStore,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { RunState, TaskState } from "@/lib/agent/state";
import { DagEmpty } from "./dag-empty";
import { cachedLayout, parseShape, shapeKey } from "./graph-shape";
import { chooseDirection, type LayoutDirection, NODE_HEIGHT, NODE_WIDTH } from "./layout";
import { firstSeenVersions } from "./plan-marker";
import { MiniMapTask, nodeLabelId, type TaskNode, TaskNodeComponent } from "./task-node";
import { createTaskSource, TaskSourceContext } from "./task-source";
import "./dag.css";

interface Props {
  state: RunState;
  selectedTaskId: string | null;
  onSelectTask: (id: string | null) => void;
}

const nodeTypes = { task: TaskNodeComponent };
const fitOptions = { padding: 0.12, maxZoom: 1, minZoom: 0.05 };
/** Beyond this, drawing only what is on screen is cheaper than drawing everything. */
const VISIBLE_ONLY_FROM = 150;
/** Node titles are 13 px: at this zoom they render at 11 px, the smallest that reads comfortably. */
const LEGIBLE_ZOOM = 11 / 13;
const FIT_PADDING = 24;

/**
 * Handles at known offsets: with a fixed node size React Flow never has to measure a node, so a
 * status update re-renders one node and never re-lays out the canvas.
 */
function handlesFor(direction: LayoutDirection): NodeHandle[] {
  return direction === "TB"
    ? [
        { type: "target", position: Position.Top, x: NODE_WIDTH / 2 - 0.5, y: 0, width: 1, height: 1 },
        {
          type: "source",
          position: Position.Bottom,
          x: NODE_WIDTH / 2 - 0.5,
          y: NODE_HEIGHT - 1,
          width: 1,
          height: 1,
        },
      ]
    : [
        { type: "target", position: Position.Left, x: 0, y: NODE_HEIGHT / 2 - 0.5, width: 1, height: 1 },
        {
          type: "source",
          position: Position.Right,
          x: NODE_WIDTH - 1,
          y: NODE_HEIGHT / 2 - 0.5,
          width: 1,
          height: 1,
        },
      ];
}

export function DagPanel({ state, selectedTaskId, onSelectTask }: Props) {
  const [chosenDirection, setDirection] = useState<LayoutDirection | null>(null);
  const tasks = useMemo(
    () => state.taskOrder.map((id) => state.tasks[id]).filter((t): t is TaskState => t !== undefined),
    [state.taskOrder, state.tasks],
  );
  // The graph's shape changes only with the task list or a plan version (dependencies are set by
  // plans and repairs), so it is not serialised again for the status updates of every other event.
  const shapeCache = useRef<{ order: string[]; plans: unknown; key: string } | null>(null);
  if (shapeCache.current?.order !== state.taskOrder || shapeCache.current.plans !== state.plans) {
    shapeCache.current = { order: state.taskOrder, plans: state.plans, key: shapeKey(state) };
  }
  const key = shapeCache.current.key;
  const shape = useMemo(() => parseShape(key), [key]);
  const autoDirection = useMemo(() => chooseDirection(shape), [shape]);
  const direction = chosenDirection ?? autoDirection;
  const layout = useMemo(() => cachedLayout(key, shape, direction), [key, shape, direction]);
  const firstSeen = useMemo(() => firstSeenVersions(state.plans), [state.plans]);
  const { confidenceThreshold: threshold, grayZone } = state.config;
  const shown = useMemo(
    () => ({ tasks: state.tasks, firstSeen, threshold, grayZone }),
    [state.tasks, firstSeen, threshold, grayZone],
  );
  const [source] = useState(() => createTaskSource(shown));
  // Before paint, so the nodes on screen show the same moment as the rest of the page.
  useLayoutEffect(() => source.set(shown), [source, shown]);

  // Node objects depend on the shape, the layout and the selection, never on a task's state.
  const nodes = useMemo(() => {
    const handles = handlesFor(direction);
    return shape.map(
      ({ id }): TaskNode => ({
        id,
        type: "task",
        position: layout.positions[id] ?? { x: 0, y: 0 },
        data: {},
        selected: id === selectedTaskId,
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        measured: { width: NODE_WIDTH, height: NODE_HEIGHT },
        handles,
        sourcePosition: direction === "TB" ? Position.Bottom : Position.Right,
        targetPosition: direction === "TB" ? Position.Top : Position.Left,
        domAttributes: { "aria-labelledby": nodeLabelId(id) },
      }),
    );
  }, [shape, layout, selectedTaskId, direction]);

  // Edges depend on the shape and the selection only, so a status update re-renders no edge.
  const edges = useMemo(() => {
    const ids = new Set(shape.map((t) => t.id));
    const out: Edge[] = [];
    for (const t of shape) {
      for (const dep of t.dependencies) {
        if (!ids.has(dep) || dep === t.id) continue;
        const active = selectedTaskId !== null && (dep === selectedTaskId || t.id === selectedTaskId);
        out.push({
          id: `${dep}->${t.id}`,
          source: dep,
          target: t.id,
          className: active ? "dag-edge-active" : undefined,
          markerEnd: { type: MarkerType.ArrowClosed, color: active ? "var(--accent)" : "var(--muted)" },
          zIndex: active ? 1 : 0,
        });
      }
    }
    return out;
  }, [shape, selectedTaskId]);

  // React Flow reports clicks and Enter/Escape on a focused node as selection changes.
  const onNodesChange = useCallback(
    (changes: NodeChange<TaskNode>[]) => {
      let picked: string | null | undefined;
      for (const c of changes) {
        if (c.type !== "select") continue;
        if (c.selected) picked = c.id;
        else if (picked === undefined) picked = null;
      }
      if (picked !== undefined) onSelectTask(picked);
    },
    [onSelectTask],
  );

  if (tasks.length === 0) {
    return (
      <div className="dag" data-testid="dag">
        <DagEmpty state={state} />
      </div>
    );
  }

  const counts = summarize(tasks);
  return (
    <div className="dag" data-testid="dag" data-direction={direction}>
      <div className="dag-toolbar">
        <h2>Task graph</h2>
        <span className="muted dag-counts" data-testid="dag-counts">
          {counts}
        </span>
        <fieldset className="dag-toggle" aria-label="Layout direction">
          {(["TB", "LR"] as const).map((d) => (
            <button
              key={d}
              type="button"
              className="btn btn-ghost"
              aria-pressed={direction === d}
              onClick={() => setDirection(d)}
            >
              {d === "TB" ? "Top-down" : "Left-right"}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="dag-canvas">
        <TaskSourceContext.Provider value={source}>
          <ReactFlow<TaskNode>
            nodes={nodes}
            edges={edges}
            nodeTypes={nodeTypes}
            onNodesChange={onNodesChange}
            nodesDraggable={false}
            nodesConnectable={false}
            edgesFocusable={false}
            elementsSelectable
            deleteKeyCode={null}
            selectionKeyCode={null}
            multiSelectionKeyCode={null}
            onlyRenderVisibleElements={nodes.length >= VISIBLE_ONLY_FROM}
            minZoom={0.05}
            maxZoom={1.5}
            attributionPosition="top-right"
            ariaLabelConfig={{ "node.a11yDescription.default": "Press Enter to show this task's details." }}
          >
            <FitOnGrow fitKey={`${shape.length}:${direction}`} positions={layout.positions} />
            <Background gap={24} size={1} />
            <Controls showInteractive={false} fitViewOptions={fitOptions} />
            {nodes.length > 40 && <MiniMap pannable zoomable nodeComponent={MiniMapTask} />}
          </ReactFlow>
        </TaskSourceContext.Provider>
      </div>
    </div>
  );
}

/**
 * Fit the view on the first layout and when the graph changes (a new plan version, time travel to
 * an older state, another direction), but not on status updates: the user may have zoomed in.
 * A graph that fits only below a legible zoom is shown at that zoom from where the plan starts
 * (top-left), and panned for the rest; the Fit button still gives the whole overview.
 */
function FitOnGrow({
  fitKey,
  positions,
}: {
  fitKey: string;
  positions: Record<string, { x: number; y: number }>;
}) {
  const { fitView, setViewport } = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  useEffect(() => {
    const points = Object.values(positions);
    if (!fitKey || !width || !height || points.length === 0) return;
    const minX = Math.min(...points.map((p) => p.x));
    const minY = Math.min(...points.map((p) => p.y));
    const w = Math.max(...points.map((p) => p.x)) + NODE_WIDTH - minX;
    const h = Math.max(...points.map((p) => p.y)) + NODE_HEIGHT - minY;
    const room = { w: width - 2 * FIT_PADDING, h: height - 2 * FIT_PADDING };
    if (Math.min(room.w / w, room.h / h) >= LEGIBLE_ZOOM) {
      void fitView(fitOptions);
      return;
    }
    const zoom = LEGIBLE_ZOOM;
    const x = w * zoom <= room.w ? (width - w * zoom) / 2 - minX * zoom : FIT_PADDING - minX * zoom;
    const y = h * zoom <= room.h ? (height - h * zoom) / 2 - minY * zoom : FIT_PADDING - minY * zoom;
    void setViewport({ x, y, zoom });
  }, [fitKey, positions, width, height, fitView, setViewport]);
  return null;
}

function summarize(tasks: TaskState[]): string {
  const by: Partial<Record<string, number>> = {};
  for (const t of tasks) by[t.status] = (by[t.status] ?? 0) + 1;
  const parts = ["succeeded", "running", "waiting", "failed", "pending", "ready", "skipped"]
    .filter((s) => by[s])
    .map((s) => `${by[s]} ${s}`);
  return `${tasks.length} task${tasks.length === 1 ? "" : "s"} · ${parts.join(" · ")}`;
}
