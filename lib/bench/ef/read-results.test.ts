import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { benchDir, readCaseEvents, readLatestResults } from "./read-results";
import type { BenchResults, CaseResult, Interval } from "./results";

const interval = (value: number): Interval => ({ value, low: value * 0.8, high: value * 1.2, n: 4 });

const failedCase = (runId: string, eventsFile: string | null): CaseResult => ({
  scenarioId: "tf-permanent-read",
  category: "tool_failure",
  arm: "baseline",
  seed: 1,
  success: false,
  failures: ["milestone missed: report names the failed source"],
  runId,
  status: "failed",
  toolCalls: 9,
  modelCalls: 11,
  tokens: 4000,
  reflections: 0,
  justifiedReflections: 0,
  spuriousReflections: 0,
  interventions: 0,
  effectiveInterventions: 0,
  gateScored: 0,
  gateCorrect: 0,
  reruns: 1,
  askedUser: 0,
  needsUser: false,
  wallMs: 1200,
  criticalPathMs: 800,
  eventsFile,
});

const results = (cases: CaseResult[]): BenchResults => ({
  version: 1,
  startedAt: "2026-01-02T10:00:00.000Z",
  finishedAt: "2026-01-02T10:01:00.000Z",
  durationMs: 60_000,
  settings: { seeds: 2, arms: ["full", "baseline"], workers: 2, scenarioSources: ["scenarios/a.json"] },
  scenarios: [{ id: "tf-permanent-read", category: "tool_failure", title: "A source that stays down" }],
  summaries: [
    {
      arm: "full",
      category: "all",
      runs: 2,
      successes: 2,
      success: interval(1),
      passK: [{ k: 2, value: 1 }],
      toolCalls: interval(8),
      modelCalls: interval(10),
      tokens: interval(3900),
      reflections: {
        perRun: interval(1),
        justified: 2,
        spurious: 0,
        triggerRate: interval(1),
        justifiedRate: null,
      },
      repairEffectiveness: null,
      gateAccuracy: interval(0.9),
      askUser: { precision: null, recall: null },
      reruns: 0,
      wallRatio: interval(1.3),
    },
  ],
  targets: [{ name: "success (full)", target: "≥ 80%", measured: "100%", met: true }],
  cases,
});

let root: string;
const previousDataDir = process.env.PREFRONTAL_DATA_DIR;

function writeResults(value: unknown) {
  mkdirSync(benchDir(), { recursive: true });
  writeFileSync(
    path.join(benchDir(), "results.json"),
    typeof value === "string" ? value : JSON.stringify(value),
  );
}

function writeEvents(relative: string, text: string) {
  const file = path.join(benchDir(), relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "prefrontal-bench-"));
  process.env.PREFRONTAL_DATA_DIR = path.join(root, "data");
});

afterEach(() => {
  if (previousDataDir === undefined) delete process.env.PREFRONTAL_DATA_DIR;
  else process.env.PREFRONTAL_DATA_DIR = previousDataDir;
  rmSync(root, { recursive: true, force: true });
});

describe("readLatestResults", () => {
  it("reads from <dataDir>/bench/latest", () => {
    expect(benchDir()).toBe(path.join(root, "data", "bench", "latest"));
  });

  it("says missing before any benchmark has run", async () => {
    expect(await readLatestResults()).toEqual({ ok: false, reason: "missing" });
  });

  it("returns the parsed results", async () => {
    const value = results([failedCase("run_a", "runs/run_a.jsonl")]);
    writeResults(value);
    expect(await readLatestResults()).toEqual({ ok: true, results: value });
  });

  it("names the field at fault when the file does not match the schema", async () => {
    const value = results([]);
    writeResults({ ...value, settings: { ...value.settings, seeds: "two" } });
    const read = await readLatestResults();
    expect(read).toMatchObject({ ok: false, reason: "invalid" });
    expect(read.ok === false && read.reason === "invalid" && read.message).toMatch(/^settings\.seeds: /);
  });

  it("rejects a file that is not JSON, such as one cut short", async () => {
    writeResults('{"version": 1, "startedAt"');
    expect(await readLatestResults()).toEqual({
      ok: false,
      reason: "invalid",
      message: "results.json is not valid JSON.",
    });
  });
});

describe("readCaseEvents", () => {
  it("returns the kept events of a case of the results", async () => {
    writeResults(results([failedCase("run_a", "runs/run_a.jsonl")]));
    writeEvents("runs/run_a.jsonl", '{"type":"run.started"}\n');
    expect(await readCaseEvents("run_a")).toBe('{"type":"run.started"}\n');
  });

  it("returns null for a run that is not a case, a case without kept events, or no results", async () => {
    expect(await readCaseEvents("run_a")).toBeNull();
    writeResults(results([failedCase("run_a", "runs/run_a.jsonl"), failedCase("run_b", null)]));
    writeEvents("runs/run_b.jsonl", "{}\n");
    expect(await readCaseEvents("run_b")).toBeNull();
    expect(await readCaseEvents("runs/run_b")).toBeNull();
    // Listed, but its file is gone.
    expect(await readCaseEvents("run_a")).toBeNull();
  });

  it("never reads outside the results folder, whatever the case's eventsFile says", async () => {
    writeFileSync(path.join(root, "secret.jsonl"), "secret\n");
    const outside = path.join(root, "secret.jsonl");
    writeResults(
      results([
        failedCase("up", "../../../secret.jsonl"),
        failedCase("absolute", outside),
        failedCase("itself", "."),
        failedCase("linked", "runs/linked.jsonl"),
      ]),
    );
    mkdirSync(path.join(benchDir(), "runs"), { recursive: true });
    symlinkSync(outside, path.join(benchDir(), "runs", "linked.jsonl"));
    for (const runId of ["up", "absolute", "itself", "linked", "../../../secret"])
      expect(await readCaseEvents(runId)).toBeNull();
  });
});
