import type { RunState } from "@/lib/agent/state";
import { chooseDirection, type LayoutDirection, type LayoutResult, layoutGraph } from "./layout";

export type Shape = { id: string; dependencies: string[] }[];

/** The graph's shape (ids and dependencies, in plan order) as a string: equal shapes, equal keys. */
export function shapeKey(state: Pick<RunState, "taskOrder" | "tasks">): string {
  return JSON.stringify(state.taskOrder.map((id) => [id, state.tasks[id]?.dependencies ?? []]));
}

export function parseShape(key: string): Shape {
  return (JSON.parse(key) as [string, string[]][]).map(([id, dependencies]) => ({ id, dependencies }));
}

const LAYOUTS_KEPT = 8;
const layouts = new Map<string, LayoutResult>();

/**
 * The layout of a shape, computed once per shape and direction: a plan version is laid out once
 * however often the page draws it, and can be laid out ahead (see `prepareLayout`).
 */
export function cachedLayout(key: string, shape: Shape, direction: LayoutDirection): LayoutResult {
  const id = `${direction}|${key}`;
  let layout = layouts.get(id);
  if (!layout) {
    layout = layoutGraph(shape, { direction });
    layouts.set(id, layout);
    if (layouts.size > LAYOUTS_KEPT) layouts.delete(layouts.keys().next().value as string);
  }
  return layout;
}

/** Lay the shape out in its automatic direction now, so the graph's first draw finds it done. */
export function prepareLayout(key: string): void {
  const shape = parseShape(key);
  if (shape.length === 0) return;
  cachedLayout(key, shape, chooseDirection(shape));
}
