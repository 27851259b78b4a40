import { describe, expect, it } from "vitest";
import { chooseDirection, layoutGraph, NODE_HEIGHT, NODE_WIDTH } from "./layout";

const diamond = [
  { id: "search", dependencies: [] },
  { id: "read-a", dependencies: ["search"] },
  { id: "read-b", dependencies: ["search"] },
  { id: "report", dependencies: ["read-a", "read-b"] },
];

/** A wide, layered plan like a big research run: fan-out searches, reads, a merge per group. */
function bigPlan(n: number) {
  const tasks: { id: string; dependencies: string[] }[] = [];
  for (let i = 0; i < n; i++) {
    const deps = i === 0 ? [] : [`t${Math.floor((i - 1) / 3)}`];
    if (i > 10 && i % 7 === 0) deps.push(`t${i - 5}`);
    tasks.push({ id: `t${i}`, dependencies: deps });
  }
  return tasks;
}

describe("layoutGraph", () => {
  it("gives every task a position", () => {
    const { positions } = layoutGraph(diamond);
    expect(Object.keys(positions).sort()).toEqual(["read-a", "read-b", "report", "search"]);
    for (const p of Object.values(positions)) {
      expect(Number.isFinite(p.x)).toBe(true);
      expect(Number.isFinite(p.y)).toBe(true);
    }
  });

  it("ranks dependencies above their dependents top-to-bottom", () => {
    const { positions: p } = layoutGraph(diamond);
    const y = (id: string) => p[id]?.y ?? Number.NaN;
    expect(y("search")).toBeLessThan(y("read-a"));
    expect(y("read-a")).toBe(y("read-b"));
    expect(y("read-b") + NODE_HEIGHT).toBeLessThanOrEqual(y("report"));
  });

  it("ranks dependencies left of their dependents left-to-right", () => {
    const { positions: p } = layoutGraph(diamond, { direction: "LR" });
    const x = (id: string) => p[id]?.x ?? Number.NaN;
    expect(x("search") + NODE_WIDTH).toBeLessThanOrEqual(x("read-a"));
    expect(x("read-a")).toBeLessThan(x("report"));
  });

  it("keeps siblings from overlapping", () => {
    const { positions: p } = layoutGraph(diamond);
    const a = p["read-a"];
    const b = p["read-b"];
    expect(a && b && Math.abs(a.x - b.x) >= NODE_WIDTH).toBe(true);
  });

  it("ignores dependencies on unknown tasks and self-dependencies", () => {
    const { positions } = layoutGraph([
      { id: "a", dependencies: ["ghost", "a"] },
      { id: "b", dependencies: ["a"] },
    ]);
    expect(Object.keys(positions).sort()).toEqual(["a", "b"]);
  });

  it("lays out an empty plan", () => {
    expect(layoutGraph([]).positions).toEqual({});
  });

  it("lays out 300 tasks with every dependency ranked above its dependent", () => {
    const tasks = bigPlan(300);
    const { positions: p, width, height } = layoutGraph(tasks);
    expect(Object.keys(p)).toHaveLength(300);
    expect(width).toBeGreaterThan(0);
    expect(height).toBeGreaterThan(0);
    for (const t of tasks) {
      for (const d of t.dependencies) expect(p[d]?.y ?? Number.NaN).toBeLessThan(p[t.id]?.y ?? Number.NaN);
    }
  });
});

describe("chooseDirection", () => {
  it("lays a wide, shallow plan out left-to-right", () => {
    const fan = [
      { id: "root", dependencies: [] },
      ...Array.from({ length: 8 }, (_, i) => ({ id: `s${i}`, dependencies: ["root"] })),
    ];
    expect(chooseDirection(fan)).toBe("LR");
  });

  it("lays a long chain out top-down", () => {
    const chain = Array.from({ length: 8 }, (_, i) => ({
      id: `c${i}`,
      dependencies: i ? [`c${i - 1}`] : [],
    }));
    expect(chooseDirection(chain)).toBe("TB");
  });

  it("copes with cycles and unknown dependencies", () => {
    expect(["TB", "LR"]).toContain(
      chooseDirection([
        { id: "a", dependencies: ["b", "ghost"] },
        { id: "b", dependencies: ["a"] },
      ]),
    );
  });
});
