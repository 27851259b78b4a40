/** The synthetic runs bench:ui and its profile load into a production server, and how they get there. */
import type { RunEvent } from "@/lib/agent/events";
import { createRun, drive } from "@/lib/agent/loop";
import { makeDeps, policy, reportTask, workTask } from "@/lib/agent/testing/harness";
import { ScriptedModel } from "@/lib/llm/scripted-model";

/** A finished run of `tasks` tasks in chains `width` wide, `concurrency` at a time. */
export async function syntheticRun(tasks: number, width: number, concurrency: number): Promise<RunEvent[]> {
  const plan = Array.from({ length: tasks - 1 }, (_, i) =>
    workTask(`t${i}`, i >= width ? [`t${i - width}`] : []),
  );
  plan.push(reportTask(plan.slice(-width).map((t) => t.id)));
  const { deps, events } = makeDeps({ model: new ScriptedModel([], policy(plan)) });
  const state = await drive(
    await createRun(deps, {
      runId: "bench",
      goal: `Synthetic run of ${tasks} tasks`,
      config: {
        maxTasks: 1_000,
        concurrency,
        budgets: { iterations: 5_000, toolCalls: 50_000, tokens: 100_000_000 },
      },
    }),
  );
  if (state.status !== "succeeded")
    throw new Error(`synthetic run ${state.status}: ${state.outcome?.reason}`);
  console.log(
    `  synthetic: ${tasks} tasks, ${state.counters.iterations} iterations, ${events.length} events`,
  );
  return events;
}

/** Import a run's events into the server at `base`; returns the run's id there. */
export async function importRun(base: string, events: RunEvent[]): Promise<string> {
  const body = `${events.map((e) => JSON.stringify(e)).join("\n")}\n`;
  const post = () =>
    fetch(`${base}/api/runs/import`, {
      method: "POST",
      headers: { "Content-Type": "application/x-ndjson" },
      body,
    });
  // A kept-alive socket the server has closed fails the write (EPIPE); imports are idempotent by
  // content, so a second try on a fresh connection is safe.
  const res = await post().catch(post);
  if (!res.ok) throw new Error(`import failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { runId: string }).runId;
}

/** Wait for `ok`, polling every 100 ms for up to a minute. */
export async function until(ok: () => Promise<boolean>) {
  for (let i = 0; i < 600; i++) {
    if (await ok().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out");
}

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];
