/** bench:service section 1 — events appended per second, 20 concurrent runs. */
import type { RunService } from "../../runs/service/run-service";
import { startRun } from "../../runs/service/start-run";
import { GOALS, LOAD_ROUNDS, median, ms } from "./shared";

// ---- 1. events appended per second, 20 concurrent runs ---------------------------------------

interface Load {
  wallMs: number;
  events: number;
  perRunMs: number[];
  statuses: Record<string, number>;
}

async function load20(service: RunService): Promise<Load> {
  const t0 = performance.now();
  const perRunMs: number[] = [];
  const started = await Promise.all(
    GOALS.map(async (goal) => {
      const s = performance.now();
      const { runId } = await startRun(service, { goal });
      const done = service.active.get(runId)?.done ?? Promise.resolve();
      return { runId, done: done.then(() => void perRunMs.push(performance.now() - s)) };
    }),
  );
  await Promise.all(started.map((r) => r.done));
  await service.idle();
  const wallMs = performance.now() - t0;
  let events = 0;
  const statuses: Record<string, number> = {};
  for (const { runId } of started) {
    const run = await service.store.run(runId);
    if (!run) throw new Error(`no run ${runId}`);
    events += run.lastSeq + 1;
    statuses[run.status] = (statuses[run.status] ?? 0) + 1;
  }
  return { wallMs, events, perRunMs, statuses };
}

/** `LOAD_ROUNDS` rounds of 20 concurrent runs on `service`; prints the section's line. */
export async function appendThroughput(service: RunService, errors: readonly unknown[]): Promise<void> {
  const loads: Load[] = [];
  for (let i = 0; i < LOAD_ROUNDS; i++) loads.push(await load20(service));
  const rate = loads.map((l) => l.events / (l.wallMs / 1000));
  const l0 = loads[0] as Load;
  console.log(
    `  1. 20 concurrent runs (builtin, zero latency), ${LOAD_ROUNDS} rounds: ${median(rate).toFixed(0)} events/s median (rounds: ${rate.map((x) => x.toFixed(0)).join(", ")}); ${loads.map((l) => l.events).join(" / ")} events in ${loads.map((l) => (l.wallMs / 1000).toFixed(1)).join(" / ")} s; per-run wall time median ${ms(median(loads.map((l) => median(l.perRunMs))))} (max ${ms(median(loads.map((l) => Math.max(...l.perRunMs))))}); statuses ${JSON.stringify(l0.statuses)}${errors.length ? `; ${errors.length} loop errors` : ""}`,
  );
}
