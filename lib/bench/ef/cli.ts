// EF-Bench: `npm run bench -- [--scenarios <dir or file>]... [--arms a,b] [--seeds N] [--out <dir>]`
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { dataDir } from "../../runs/data-dir";
import { defaultLibraryDir, loadLibraryFromDir } from "../../tools/library/document-library";
import { summariseAll, targets } from "./aggregate";
import { armProblem } from "./arms";
import { BENCH_MODELS, type BenchModel, benchModelName, benchModelOptions } from "./bench-model";
import { toMarkdown } from "./markdown";
import { ARMS, type Arm, BenchResults, type CaseResult } from "./results";
import { demoDocuments, type RunCaseOptions } from "./run-case";
import { type Job, runJobs } from "./run-jobs";
import { loadScenarios, type Scenario, ScenarioError, scenarioJsonSchema } from "./scenario";
import { traceCase } from "./trace-case";

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_SCENARIOS = path.join(here, "scenarios");

const usage = `Usage: npm run bench -- [options]
  --scenarios <path>   a scenario file or a folder of them (repeatable; default ${path.relative(process.cwd(), DEFAULT_SCENARIOS)})
  --arms <list>        comma-separated, from ${ARMS.join(", ")} (default: all but
                       full-without-experience, which differs from full only in sequence mode),
                       and -skill:<id> for full with one skill switched off (e.g. full,-skill:reflect)
  --model <name>       builtin (default: the rule-based model with each scenario's persona noise) or
                       openai (any OpenAI-compatible endpoint: OPENAI_BASE_URL, OPENAI_API_KEY,
                       OPENAI_MODEL… as for npm run agent; no persona noise)
  --seeds <n>          seeds per scenario and arm (default 25)
  --out <dir>          where results.json, results.md and failed runs go (default <data dir>/bench/latest;
                       /bench shows each <data dir>/bench/<name> as a set)
  --workers <n>        processes (default: one per core)
  --keep <which>       events kept: failed (default), all or none
  --trace              print each case's timeline, verdict and report instead of running the benchmark
                       (for writing scenarios: e.g. --trace --scenarios my.json --arms full --seeds 2)
  --seed <n>           with --trace: only this seed (e.g. the one a failed case in results.md names)
  --case-timeout <s>   wall time one run may take before its worker is stopped and the run counted
                       as failed, timed out (default 600)
  --schema             print the scenario JSON Schema and exit`;

class UsageError extends Error {}

function parse(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      scenarios: { type: "string", multiple: true },
      arms: { type: "string" },
      model: { type: "string", default: "builtin" },
      seeds: { type: "string", default: "25" },
      out: { type: "string" },
      workers: { type: "string" },
      keep: { type: "string", default: "failed" },
      schema: { type: "boolean" },
      trace: { type: "boolean" },
      seed: { type: "string" },
      "case-timeout": { type: "string", default: "600" },
      help: { type: "boolean", short: "h" },
    },
  });
  const arms = (values.arms ?? ARMS.filter((a) => a !== "full-without-experience").join(","))
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
  const problem = arms.map(armProblem).find((p) => p !== null);
  if (problem) throw new UsageError(`${problem} Use ${ARMS.join(", ")} or -skill:<id>.`);
  if (!(BENCH_MODELS as readonly string[]).includes(values.model))
    throw new UsageError(`Unknown model "${values.model}": use ${BENCH_MODELS.join(" or ")}.`);
  const seeds = Number(values.seeds);
  if (!Number.isInteger(seeds) || seeds < 1 || seeds > 1_000)
    throw new UsageError("--seeds must be 1..1000.");
  const workers = values.workers === undefined ? availableParallelism() : Number(values.workers);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64)
    throw new UsageError("--workers must be 1..64.");
  let seed: number | null = null;
  if (values.seed !== undefined) {
    seed = Number(values.seed);
    if (!Number.isInteger(seed) || seed < 1 || seed > 1_000) throw new UsageError("--seed must be 1..1000.");
    if (!values.trace) throw new UsageError("--seed picks one case to trace: use it with --trace.");
  }
  const caseTimeout = Number(values["case-timeout"]);
  if (!Number.isFinite(caseTimeout) || caseTimeout <= 0 || caseTimeout > 86_400)
    throw new UsageError("--case-timeout is seconds, more than 0 and at most 86400.");
  if (!["failed", "all", "none"].includes(values.keep))
    throw new UsageError("--keep is failed, all or none.");
  return {
    help: values.help ?? false,
    schema: values.schema ?? false,
    trace: values.trace ?? false,
    sources: values.scenarios?.length ? values.scenarios : [DEFAULT_SCENARIOS],
    arms: arms as Arm[],
    model: values.model as BenchModel,
    seeds,
    seed,
    out: path.resolve(values.out ?? path.join(dataDir(), "bench", "latest")),
    workers,
    keep: values.keep as "failed" | "all" | "none",
    caseTimeoutMs: Math.round(caseTimeout * 1000),
  };
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  let opts: ReturnType<typeof parse>;
  try {
    opts = parse(argv);
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    console.error(usage);
    return 2;
  }
  if (opts.help) {
    console.log(usage);
    return 0;
  }
  if (opts.schema) {
    console.log(JSON.stringify(scenarioJsonSchema(), null, 2));
    return 0;
  }
  let scenarios: Scenario[];
  try {
    scenarios = await loadScenarios(opts.sources);
  } catch (e) {
    if (e instanceof ScenarioError) {
      console.error(`Bad scenario — ${e.message}`);
      return 2;
    }
    throw e;
  }
  let modelOptions: RunCaseOptions;
  try {
    // Checked here, once, so a bad OPENAI_* setting stops the command before any worker starts.
    modelOptions = benchModelOptions(opts.model);
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    return 2;
  }
  if (opts.trace) {
    const { library } = await loadLibraryFromDir(defaultLibraryDir);
    const demo = await demoDocuments(library);
    const seeds = opts.seed ? [opts.seed] : Array.from({ length: opts.seeds }, (_, i) => i + 1);
    for (const s of scenarios)
      for (const arm of opts.arms)
        for (const seed of seeds) console.log(`${await traceCase(s, arm, seed, demo, modelOptions)}\n`);
    return 0;
  }
  const jobs: Job[] = [];
  for (let s = 0; s < scenarios.length; s++)
    for (const arm of opts.arms)
      for (let seed = 1; seed <= opts.seeds; seed++)
        jobs.push({ index: jobs.length, scenario: s, arm, seed });
  const staging = `${opts.out}.partial-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(path.join(staging, "runs"), { recursive: true });
  const startedAt = new Date();
  const started = performance.now();
  console.log(
    `EF-Bench: ${scenarios.length} scenarios × ${opts.arms.length} arms × ${opts.seeds} seeds = ${jobs.length} runs on ${opts.workers} workers, model ${benchModelName(modelOptions)}`,
  );
  let lastReport = 0;
  let cases: CaseResult[];
  try {
    cases = await runJobs(
      scenarios,
      jobs,
      {
        workers: opts.workers,
        outDir: staging,
        keep: opts.keep,
        model: opts.model,
        caseTimeoutMs: opts.caseTimeoutMs,
      },
      (n) => {
        if (process.stdout.isTTY || performance.now() - lastReport > 15_000 || n === jobs.length) {
          lastReport = performance.now();
          console.log(`  ${n}/${jobs.length} runs (${((performance.now() - started) / 1000).toFixed(0)} s)`);
        }
      },
    );
  } catch (e) {
    // A crashed run leaves nothing half-written behind.
    await rm(staging, { recursive: true, force: true });
    throw e;
  }
  const summaries = summariseAll(opts.arms, cases);
  const results = BenchResults.parse({
    version: 1,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    durationMs: Math.round(performance.now() - started),
    settings: {
      seeds: opts.seeds,
      arms: opts.arms,
      workers: opts.workers,
      model: benchModelName(modelOptions),
      scenarioSources: opts.sources.map((s) => path.resolve(s)),
    },
    scenarios: scenarios.map((s) => ({ id: s.id, category: s.category, title: s.title })),
    summaries,
    targets: targets(summaries, cases),
    cases,
  });
  await writeFile(path.join(staging, "results.json"), `${JSON.stringify(results, null, 1)}\n`);
  const markdown = toMarkdown(results);
  await writeFile(path.join(staging, "results.md"), markdown);
  await rm(opts.out, { recursive: true, force: true });
  await mkdir(path.dirname(opts.out), { recursive: true });
  await rename(staging, opts.out);
  console.log(markdown.split("\n## Per arm")[0]);
  console.log(`Results: ${path.join(opts.out, "results.json")} and results.md`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (e) => {
      console.error(e instanceof Error ? (e.stack ?? e.message) : e);
      process.exit(1);
    },
  );
}
