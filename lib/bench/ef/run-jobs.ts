import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchModel } from "./bench-model";
import type { Arm, CaseResult } from "./results";
import type { Scenario } from "./scenario";

const here = path.dirname(fileURLToPath(import.meta.url));

export interface Job {
  index: number;
  scenario: number;
  arm: Arm;
  seed: number;
}

export interface RunJobsOptions {
  workers: number;
  outDir: string;
  keep: string;
  model: BenchModel;
  /**
   * Wall time one case may take. Past it the worker is stopped — a run stuck in a loop of its own
   * never yields, so nothing inside it can stop it — the case is recorded as failed, and a fresh
   * worker takes the next case. The other cases are not lost.
   */
  caseTimeoutMs: number;
}

export const label = (job: Job | undefined, scenarios: readonly Scenario[]) =>
  job ? `${scenarios[job.scenario]?.id} × ${job.arm} × seed ${job.seed}` : "?";

/** A case stopped at the time limit: failed, with the limit as its reason. */
export function timedOutCase(scenario: Scenario, job: Job, limitMs: number): CaseResult {
  return {
    scenarioId: scenario.id,
    category: scenario.category,
    arm: job.arm,
    seed: job.seed,
    success: false,
    failures: [`timed out: the run took longer than ${limitMs / 1000} s and its worker was stopped`],
    runId: "",
    status: "timed_out",
    toolCalls: 0,
    modelCalls: 0,
    tokens: 0,
    reflections: 0,
    justifiedReflections: 0,
    spuriousReflections: 0,
    interventions: 0,
    effectiveInterventions: 0,
    gateScored: 0,
    gateCorrect: 0,
    reruns: 0,
    askedUser: 0,
    needsUser: scenario.success.needsUser,
    wallMs: limitMs,
    criticalPathMs: null,
    unfiredFaults: [],
    eventsFile: null,
    codePaths: 0,
    modelPaths: 0,
    skillFirings: {},
    tiers: [],
  };
}

/** Run every job on `workers` processes, a job at a time each, so slow cases do not hold up the rest. */
export async function runJobs(
  scenarios: Scenario[],
  jobs: Job[],
  opts: RunJobsOptions,
  onDone: (n: number) => void,
): Promise<CaseResult[]> {
  const results: CaseResult[] = new Array(jobs.length);
  let next = 0;
  let finished = 0;
  const workerFile = path.join(here, "worker.ts");
  const live = new Set<ChildProcess>();
  try {
    await new Promise<void>((resolve, reject) => {
      const record = (index: number, result: CaseResult) => {
        results[index] = result;
        finished++;
        onDone(finished);
        if (finished === jobs.length) resolve();
      };
      const start = () => {
        const child = fork(workerFile, [], {
          execArgv: process.execArgv,
          stdio: ["ignore", "inherit", "inherit", "ipc"],
        });
        live.add(child);
        let current: Job | undefined;
        let timer: NodeJS.Timeout | undefined;
        let stopped = false;
        const feed = () => {
          current = jobs[next++];
          if (!current) {
            child.disconnect();
            return;
          }
          const job = current;
          timer = setTimeout(() => {
            // The worker is stuck in this case: stopped, the case failed, a new worker goes on.
            stopped = true;
            live.delete(child);
            child.kill("SIGKILL");
            record(job.index, timedOutCase(scenarios[job.scenario] as Scenario, job, opts.caseTimeoutMs));
            if (next < jobs.length) start();
          }, opts.caseTimeoutMs);
          child.send({ type: "case", ...job });
        };
        child.on("message", (m: { type: string; index: number; result?: CaseResult; message?: string }) => {
          if (stopped) return;
          if (m.type === "ready") return feed();
          clearTimeout(timer);
          if (m.type === "error")
            return reject(new Error(`case ${label(jobs[m.index], scenarios)} crashed:\n${m.message}`));
          record(m.index, m.result as CaseResult);
          if (finished < jobs.length) feed();
        });
        child.on("exit", (code) => {
          live.delete(child);
          clearTimeout(timer);
          if (!stopped && code && finished < jobs.length)
            reject(new Error(`a bench worker exited with code ${code}`));
        });
        child.send({ type: "init", scenarios, outDir: opts.outDir, keep: opts.keep, model: opts.model });
      };
      for (let w = 0; w < Math.min(opts.workers, jobs.length); w++) start();
    });
  } finally {
    for (const c of live) if (c.connected) c.kill();
  }
  return results;
}
