import { describe, expect, it } from "vitest";
import { cachedLayout, parseShape, prepareLayout, shapeKey } from "./graph-shape";
import { chooseDirection, layoutGraph } from "./layout";

const state = (deps: Record<string, string[]>) => ({
  taskOrder: Object.keys(deps),
  tasks: Object.fromEntries(Object.entries(deps).map(([id, dependencies]) => [id, { dependencies }])),
});

describe("graph shape and its layout", () => {
  it("keys a shape by ids and dependencies in plan order", () => {
    const a = state({ s: [], r: ["s"], x: ["r"] });
    expect(parseShape(shapeKey(a as never))).toEqual([
      { id: "s", dependencies: [] },
      { id: "r", dependencies: ["s"] },
      { id: "x", dependencies: ["r"] },
    ]);
    expect(shapeKey(state({ s: [], r: ["s"], x: ["s"] }) as never)).not.toBe(shapeKey(a as never));
  });

  it("lays a shape out once per direction, and a prepared layout is the one the graph then draws", () => {
    const key = shapeKey(state({ a: [], b: ["a"], c: ["a"], d: ["b", "c"] }) as never);
    const shape = parseShape(key);
    prepareLayout(key);
    const direction = chooseDirection(shape);
    const prepared = cachedLayout(key, shape, direction);
    expect(cachedLayout(key, parseShape(key), direction)).toBe(prepared);
    expect(prepared).toEqual(layoutGraph(shape, { direction }));
    const other = direction === "TB" ? "LR" : "TB";
    expect(cachedLayout(key, shape, other)).toEqual(layoutGraph(shape, { direction: other }));
  });
});
