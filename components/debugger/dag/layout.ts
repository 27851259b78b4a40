import dagre, { type EdgeLabel, type GraphLabel, type NodeLabel } from "@dagrejs/dagre";

export type LayoutDirection = "TB" | "LR";
type Shape = { id: string; dependencies: string[] }[];

export interface LayoutOptions {
  direction?: LayoutDirection;
  nodeWidth?: number;
  nodeHeight?: number;
  /** Gap between ranks (dependency levels). */
  ranksep?: number;
  /** Gap between nodes of one rank. */
  nodesep?: number;
}

export interface LayoutResult {
  /** Top-left corner of each node, React Flow's default node origin. */
  positions: Record<string, { x: number; y: number }>;
  width: number;
  height: number;
}

export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 112;
/** Above this many tasks the layout trades a little balance for speed. */
const LARGE_GRAPH = 120;
const gaps = { TB: { ranksep: 56, nodesep: 24 }, LR: { ranksep: 72, nodesep: 16 } } as const;

/**
 * Rank a task graph with dagre: dependencies above (TB) or left of (LR) their dependents.
 * Pure and synchronous so the browser computes it from the event log alone, and tests run it in node.
 * Dependencies on unknown ids are ignored: a plan being replaced can briefly reference them.
 */
export function layoutGraph(tasks: Shape, opts: LayoutOptions = {}): LayoutResult {
  const width = opts.nodeWidth ?? NODE_WIDTH;
  const height = opts.nodeHeight ?? NODE_HEIGHT;
  const direction = opts.direction ?? "TB";
  const large = tasks.length > LARGE_GRAPH;
  const g = new dagre.graphlib.Graph<GraphLabel, NodeLabel, EdgeLabel>();
  g.setGraph({
    rankdir: direction,
    ranksep: opts.ranksep ?? gaps[direction].ranksep,
    nodesep: opts.nodesep ?? gaps[direction].nodesep,
    marginx: 16,
    marginy: 16,
    // Network simplex took ~0.8 s on a dense 300-task plan (550 edges); tight-tree ranks it in a
    // fraction of that. Small plans keep the better-balanced ranker.
    ranker: large ? "tight-tree" : "network-simplex",
  });
  g.setDefaultEdgeLabel(() => ({}));
  const ids = new Set(tasks.map((t) => t.id));
  for (const t of tasks) g.setNode(t.id, { width, height });
  for (const t of tasks) {
    for (const dep of t.dependencies) if (dep !== t.id && ids.has(dep)) g.setEdge(dep, t.id);
  }
  // The crossing-reduction sweeps are the other half of the cost; on plan-shaped graphs (fan-out,
  // then merge) the initial depth-first order measured no more crossings than the swept one.
  dagre.layout(g, { disableOptimalOrderHeuristic: large });

  const positions: LayoutResult["positions"] = {};
  for (const t of tasks) {
    const n = g.node(t.id);
    // dagre places centres; React Flow places top-left corners.
    positions[t.id] = { x: (n.x ?? 0) - width / 2, y: (n.y ?? 0) - height / 2 };
  }
  const label = g.graph();
  return { positions, width: Number(label.width ?? 0), height: Number(label.height ?? 0) };
}

/**
 * The direction whose layout fits a `aspect`:1 viewport at the larger zoom. Plans are usually wide
 * (many parallel searches) and shallow, which reads better left-to-right; long chains read better
 * top-down. Estimated from rank counts (longest path), without running the layout twice.
 */
export function chooseDirection(tasks: Shape, aspect = 1.5): LayoutDirection {
  const ids = new Set(tasks.map((t) => t.id));
  const rank = new Map<string, number>();
  const indegree = new Map(tasks.map((t) => [t.id, 0]));
  const dependents = new Map<string, string[]>();
  for (const t of tasks) {
    for (const d of new Set(t.dependencies)) {
      if (d === t.id || !ids.has(d)) continue;
      indegree.set(t.id, (indegree.get(t.id) ?? 0) + 1);
      dependents.set(d, [...(dependents.get(d) ?? []), t.id]);
    }
  }
  const queue = tasks.filter((t) => indegree.get(t.id) === 0).map((t) => t.id);
  for (const id of queue) rank.set(id, 0);
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i] as string;
    for (const next of dependents.get(id) ?? []) {
      rank.set(next, Math.max(rank.get(next) ?? 0, (rank.get(id) ?? 0) + 1));
      const left = (indegree.get(next) ?? 1) - 1;
      indegree.set(next, left);
      if (left === 0) queue.push(next);
    }
  }
  const perRank = new Map<number, number>();
  for (const t of tasks) perRank.set(rank.get(t.id) ?? 0, (perRank.get(rank.get(t.id) ?? 0) ?? 0) + 1);
  const depth = Math.max(1, perRank.size);
  const breadth = Math.max(1, ...perRank.values());
  const zoomToFit = (w: number, h: number) => Math.min(aspect / w, 1 / h);
  const tb = zoomToFit(breadth * (NODE_WIDTH + gaps.TB.nodesep), depth * (NODE_HEIGHT + gaps.TB.ranksep));
  const lr = zoomToFit(depth * (NODE_WIDTH + gaps.LR.ranksep), breadth * (NODE_HEIGHT + gaps.LR.nodesep));
  return lr > tb ? "LR" : "TB";
}
