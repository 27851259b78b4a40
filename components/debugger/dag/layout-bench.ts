/**
 * The task graph's layout cost on 300 tasks, three shapes, both directions: median of 7 runs after
 * the first (cold) one, which is printed too because the browser pays it on first paint.
 * Run: npx tsx components/debugger/dag/layout-bench.ts
 */
import os from "node:os";
import { chooseDirection, type LayoutDirection, layoutGraph } from "./layout";

type Shape = { id: string; dependencies: string[] }[];
const N = 300;
const RUNS = 7;

/** Research-shaped: search → 2 reads → extract per topic, then merge and report. */
function research(n: number): Shape {
  const out: Shape = [];
  const extracts: string[] = [];
  for (let g = 0; out.length < n - 2; g++) {
    out.push({ id: `s${g}`, dependencies: [] });
    out.push({ id: `r${g}a`, dependencies: [`s${g}`] }, { id: `r${g}b`, dependencies: [`s${g}`] });
    out.push({ id: `x${g}`, dependencies: [`r${g}a`, `r${g}b`] });
    extracts.push(`x${g}`);
  }
  return [
    ...out.slice(0, n - 2),
    { id: "merge", dependencies: extracts },
    { id: "report", dependencies: ["merge"] },
  ];
}

/** A ternary tree with some cross links. */
function tree(n: number): Shape {
  return Array.from({ length: n }, (_, i) => ({
    id: `t${i}`,
    dependencies: [
      ...(i ? [`t${Math.floor((i - 1) / 3)}`] : []),
      ...(i > 10 && i % 7 === 0 ? [`t${i - 5}`] : []),
    ],
  }));
}

/** Dense layered: 15 ranks of 20, each task depends on 1–3 tasks one or two ranks up (seeded). */
function dense(n: number): Shape {
  let seed = 1;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: n }, (_, i) => {
    const rank = Math.floor(i / 20);
    const deps = new Set<string>();
    for (let k = 0; rank > 0 && k < 1 + Math.floor(rnd() * 3); k++) {
      deps.add(`t${Math.max(0, rank - 1 - Math.floor(rnd() * 2)) * 20 + Math.floor(rnd() * 20)}`);
    }
    return { id: `t${i}`, dependencies: [...deps] };
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(
  `${os.cpus().length}× ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, load ${os.loadavg()[0]?.toFixed(1)}`,
);
for (const [name, make] of [
  ["research", research],
  ["tree", tree],
  ["dense", dense],
] as const) {
  const tasks = make(N);
  const edges = tasks.reduce((sum, t) => sum + t.dependencies.length, 0);
  for (const direction of ["TB", "LR"] as LayoutDirection[]) {
    const times: number[] = [];
    for (let r = 0; r <= RUNS; r++) {
      const t0 = performance.now();
      layoutGraph(tasks, { direction });
      times.push(performance.now() - t0);
    }
    const auto = chooseDirection(tasks) === direction ? " (auto)" : "";
    console.log(
      `${name.padEnd(8)} ${direction}${auto.padEnd(7)} ${tasks.length} tasks ${edges} edges: ` +
        `first ${times[0]?.toFixed(0)} ms, median ${median(times.slice(1)).toFixed(0)} ms`,
    );
  }
}
