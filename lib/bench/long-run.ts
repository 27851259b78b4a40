/**
 * A long scripted run for the time-travel bench: `tasks` `work` tasks in 5 chains plus the
 * deliverable, concurrency 1. Each task's first attempt returns no items, so its criteria fail
 * at the gate; the reflection rolls the task back with hint "v2" (a rollback is not a retry, so
 * `globalRetryCap` does not stop it) and the second attempt succeeds: two iterations per task.
 * Driven straight into a sink (a DbRunStore in the bench), as the service does; the events are
 * kept for replay checks, and the state's JSON size is sampled every `sampleEvery` events.
 */

import { rmSync } from "node:fs";
import type { RunEvent } from "../agent/events";
import { createRun, drive } from "../agent/loop";
import type { RunState } from "../agent/state";
import { type Behaviour, makeDeps, reportTask, workTask } from "../agent/testing/harness";

export interface LongRun {
  runId: string;
  events: RunEvent[];
  /** [seq, characters of JSON.stringify(state after seq)], every `sampleEvery` events and the last. */
  stateSizes: [number, number][];
  iterations: number;
  status: string;
  /** Driving the loop, appends included; sampling the state's size is left out. */
  driveMs: number;
  /** Time inside `append`. */
  appendMs: number;
}

export async function driveLongRun(
  runId: string,
  tasks: number,
  append: (event: RunEvent, state: RunState) => Promise<void>,
  sampleEvery: number,
): Promise<LongRun> {
  const work = Array.from({ length: tasks }, (_, i) => workTask(`t${i}`, i >= 5 ? [`t${i - 5}`] : []));
  const plan = [...work, reportTask(work.slice(-5).map((t) => t.id))];
  const behaviours: Record<string, Behaviour> = {};
  for (const t of work) {
    behaviours[t.id] = { empty: true };
    behaviours[`${t.id}:v2`] = {};
  }
  const { deps } = makeDeps({
    plan,
    behaviours,
    overrides: {
      reflect: (c) => ({
        goalAlignment: "aligned",
        evidence: "none",
        missingConditions: "items",
        conflicts: "none",
        nextAction: "roll back and try variant v2",
        action: "rollback",
        hint: "v2",
        question: "",
        conclusion: `Task ${c.purpose === "reflect" ? c.task.id : "?"} needs another variant`,
      }),
    },
  });
  const events: RunEvent[] = [];
  const stateSizes: [number, number][] = [];
  let last: RunState | undefined;
  let sampling = 0;
  let appendMs = 0;
  deps.sink = {
    append: async (e, s) => {
      const a = performance.now();
      await append(e, s);
      appendMs += performance.now() - a;
      events.push(e);
      last = s;
      if (e.seq % sampleEvery === 0) {
        const t = performance.now();
        stateSizes.push([e.seq, JSON.stringify(s).length]);
        sampling += performance.now() - t;
      }
    },
  };
  const t0 = performance.now();
  const state = await drive(
    await createRun(deps, {
      runId,
      goal: "Long scripted run for the time-travel bench",
      config: {
        maxTasks: 500,
        concurrency: 1,
        budgets: { iterations: 10_000, toolCalls: 100_000, tokens: 100_000_000 },
      },
    }),
  );
  rmSync(deps.workspace.root, { recursive: true, force: true });
  const final = events.at(-1);
  if (final && final.seq % sampleEvery !== 0) stateSizes.push([final.seq, JSON.stringify(last).length]);
  return {
    runId,
    events,
    stateSizes,
    iterations: state.counters.iterations,
    status: state.status,
    driveMs: performance.now() - t0 - sampling,
    appendMs,
  };
}
