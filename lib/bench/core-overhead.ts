/**
 * bench:core — the loop's own cost per iteration, with a zero-latency model and tools on a
 * 50-task run. Time inside model calls and tool runs is measured and subtracted, so what remains
 * is the runtime: event creation, the reducer, memory, monitor, planning rules, the sink.
 */
import os from "node:os";
import { createRun, drive } from "../agent/loop";
import { replay } from "../agent/reducer";
import { makeDeps, policy, reportTask, reportTool, workTask, workTool } from "../agent/testing/harness";
import { ScriptedModel } from "../llm/scripted-model";
import { timed, timedTool } from "./timed";

const TASKS = 50;
const RUNS = 5;

function plan() {
  const tasks = Array.from({ length: TASKS - 1 }, (_, i) => workTask(`t${i}`, i >= 5 ? [`t${i - 5}`] : []));
  return [...tasks, reportTask(tasks.slice(-5).map((t) => t.id))];
}

async function once(concurrency: number) {
  const spent = { ms: 0 };
  const p = plan();
  const model = timed(new ScriptedModel([], policy(p)), spent);
  const work = workTool();
  const { deps, events } = makeDeps({
    model,
    tools: [timedTool(work.tool, spent), timedTool(reportTool, spent)],
  });
  const t = performance.now();
  const state = await drive(
    await createRun(deps, {
      runId: "bench",
      goal: "bench",
      config: { maxTasks: 60, concurrency, memoryCapacity: 50 },
    }),
  );
  const total = performance.now() - t;
  if (state.status !== "succeeded") {
    throw new Error(`bench run ended ${state.status}: ${state.outcome?.reason}`);
  }
  const r0 = performance.now();
  replay(events);
  const replayMs = performance.now() - r0;
  return {
    replayMs,
    perIteration: (total - spent.ms) / state.counters.iterations,
    iterations: state.counters.iterations,
    events: events.length,
    total,
    spent: spent.ms,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

console.log(`bench:core — ${TASKS}-task run, zero-latency scripted model and tools, median of ${RUNS}`);
console.log(
  `machine: ${os.cpus()[0]?.model ?? "unknown cpu"} × ${os.cpus().length}, node ${process.version}`,
);
await once(3); // warm-up: JIT and module loading are not the loop's cost
for (const concurrency of [1, 3]) {
  const rs = [];
  for (let i = 0; i < RUNS; i++) rs.push(await once(concurrency));
  const m = median(rs.map((r) => r.perIteration));
  const r0 = rs[0] as (typeof rs)[number];
  console.log(
    `concurrency ${concurrency}: ${r0.iterations} iterations, ${r0.events} events; overhead per iteration ${m.toFixed(3)} ms (runs: ${rs.map((r) => r.perIteration.toFixed(2)).join(", ")}) — target < 2 ms: ${m < 2 ? "met" : "NOT met"}`,
  );
  console.log(
    `  replay of the whole log: ${median(rs.map((r) => r.replayMs)).toFixed(2)} ms (${((median(rs.map((r) => r.replayMs)) * 1000) / r0.events).toFixed(1)} µs per event)`,
  );
}
