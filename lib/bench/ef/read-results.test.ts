import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  benchRoot,
  chooseSet,
  defaultSet,
  isSetName,
  listSets,
  readCaseEvents,
  readResults,
  resultsFile,
  setDir,
} from "./read-results";
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
  unfiredFaults: [],
  eventsFile,
  codePaths: 0,
  modelPaths: 0,
  skillFirings: {},
  tiers: [],
});

const results = (cases: CaseResult[]): BenchResults => ({
  version: 1,
  startedAt: "2026-01-02T10:00:00.000Z",
  finishedAt: "2026-01-02T10:01:00.000Z",
  durationMs: 60_000,
  settings: {
    seeds: 2,
    arms: ["full", "baseline"],
    workers: 2,
    model: "builtin",
    scenarioSources: ["scenarios/a.json"],
  },
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
      decisionPaths: { code: 0, model: 0, codeShare: null },
      tiers: [],
    },
  ],
  targets: [{ name: "success (full)", target: "≥ 80%", measured: "100%", met: true }],
  cases,
});

let root: string;
const previousDataDir = process.env.PREFRONTAL_DATA_DIR;

function writeResults(value: unknown, set = "latest") {
  mkdirSync(setDir(set), { recursive: true });
  writeFileSync(resultsFile(set), typeof value === "string" ? value : JSON.stringify(value));
}

function writeEvents(relative: string, text: string, set = "latest") {
  const file = path.join(setDir(set), relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Backdate a set's results.json, so which set is newest does not depend on the test's speed. */
function writtenAt(set: string, iso: string) {
  const at = new Date(iso);
  utimesSync(resultsFile(set), at, at);
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

describe("readResults", () => {
  it("reads a set from <dataDir>/bench/<set>", () => {
    expect(benchRoot()).toBe(path.join(root, "data", "bench"));
    expect(resultsFile("heldout-v2")).toBe(path.join(root, "data", "bench", "heldout-v2", "results.json"));
  });

  it("says missing before any benchmark has run", async () => {
    expect(await readResults("latest")).toEqual({ ok: false, reason: "missing" });
  });

  it("returns the parsed results", async () => {
    const value = results([failedCase("run_a", "runs/run_a.jsonl")]);
    writeResults(value);
    expect(await readResults("latest")).toEqual({ ok: true, results: value });
  });

  it("names the field at fault when the file does not match the schema", async () => {
    const value = results([]);
    writeResults({ ...value, settings: { ...value.settings, seeds: "two" } });
    const read = await readResults("latest");
    expect(read).toMatchObject({ ok: false, reason: "invalid" });
    expect(read.ok === false && read.reason === "invalid" && read.message).toMatch(/^settings\.seeds: /);
  });

  it("rejects a file that is not JSON, such as one cut short", async () => {
    writeResults('{"version": 1, "startedAt"');
    expect(await readResults("latest")).toEqual({
      ok: false,
      reason: "invalid",
      message: "results.json is not valid JSON.",
    });
  });

  it("never reads a results.json outside the bench folder, whatever the set's name", async () => {
    writeResults(results([]), "latest");
    // <dataDir>/results.json and <dataDir>/bench/results.json, one and zero levels up.
    writeFileSync(path.join(root, "data", "results.json"), JSON.stringify(results([])));
    writeFileSync(path.join(benchRoot(), "results.json"), JSON.stringify(results([])));
    for (const set of ["..", ".", "../bench", "latest/..", "", "a".repeat(81)])
      expect(await readResults(set)).toEqual({ ok: false, reason: "missing" });
  });
});

describe("set names", () => {
  it("accepts folder names, refuses anything that could leave the bench folder", () => {
    for (const name of ["latest", "heldout-v2", "ablation_2026.01", "a".repeat(80)])
      expect(isSetName(name)).toBe(true);
    for (const name of ["", ".", "..", "../latest", "a/b", "a\\b", "with space", "%2e%2e", "a".repeat(81)])
      expect(isSetName(name)).toBe(false);
  });
});

describe("listSets", () => {
  it("is empty before any benchmark has run", async () => {
    expect(await listSets()).toEqual([]);
  });

  it("lists every folder with a results.json, by name, and nothing else", async () => {
    writeResults(results([]), "latest");
    writeResults(results([]), "heldout-v2");
    writeResults(results([]), "ablation");
    mkdirSync(setDir("empty"), { recursive: true });
    writeFileSync(path.join(benchRoot(), "notes.txt"), "not a set\n");
    // A benchmark still being written, a name no URL can carry, and a link out of the bench folder.
    writeResults(results([]), "second.partial-4242");
    writeResults(results([]), "with space");
    mkdirSync(path.join(root, "elsewhere"));
    writeFileSync(path.join(root, "elsewhere", "results.json"), JSON.stringify(results([])));
    symlinkSync(path.join(root, "elsewhere"), setDir("linked"));
    expect((await listSets()).map((s) => s.name)).toEqual(["ablation", "heldout-v2", "latest"]);
  });
});

describe("choosing a set", () => {
  it("defaults to latest when there is one, else to the most recently written set", async () => {
    writeResults(results([]), "older");
    writeResults(results([]), "newer");
    writtenAt("older", "2026-01-01T00:00:00Z");
    writtenAt("newer", "2026-02-01T00:00:00Z");
    expect(defaultSet(await listSets())).toBe("newer");
    expect(await chooseSet(undefined)).toMatchObject({ ok: true, set: "newer" });

    writeResults(results([]), "latest");
    writtenAt("latest", "2025-12-01T00:00:00Z");
    expect(defaultSet(await listSets())).toBe("latest");
    expect(defaultSet([])).toBeNull();
  });

  it("takes a set asked for by name, and refuses names that are not one of the sets", async () => {
    expect(await chooseSet(undefined)).toEqual({ ok: false, reason: "none" });
    expect(await chooseSet("latest")).toEqual({ ok: false, reason: "none" });
    writeResults(results([]), "latest");
    writeResults(results([]), "heldout-v2");
    expect(await chooseSet("heldout-v2")).toMatchObject({ ok: true, set: "heldout-v2" });
    expect(await chooseSet("latest")).toMatchObject({ ok: true, set: "latest" });
    for (const asked of ["missing", "", "..", ".", "../bench/latest", "latest/"])
      expect(await chooseSet(asked)).toMatchObject({ ok: false, reason: "unknown" });
  });
});

describe("readCaseEvents", () => {
  it("returns the kept events of a case of the default set", async () => {
    writeResults(results([failedCase("run_a", "runs/run_a.jsonl")]));
    writeEvents("runs/run_a.jsonl", '{"type":"run.started"}\n');
    expect(await readCaseEvents(undefined, "run_a")).toBe('{"type":"run.started"}\n');
    expect(await readCaseEvents("latest", "run_a")).toBe('{"type":"run.started"}\n');
  });

  it("reads a case from the set named, even when another set has a run of the same id", async () => {
    writeResults(results([failedCase("run_a", "runs/run_a.jsonl")]), "latest");
    writeEvents("runs/run_a.jsonl", "from latest\n", "latest");
    writeResults(
      results([failedCase("run_a", "runs/run_a.jsonl"), failedCase("run_b", "runs/b.jsonl")]),
      "second",
    );
    writeEvents("runs/run_a.jsonl", "from second\n", "second");
    writeEvents("runs/b.jsonl", "only in second\n", "second");
    expect(await readCaseEvents("second", "run_a")).toBe("from second\n");
    expect(await readCaseEvents("latest", "run_a")).toBe("from latest\n");
    expect(await readCaseEvents("second", "run_b")).toBe("only in second\n");
    expect(await readCaseEvents("latest", "run_b")).toBeNull();
    expect(await readCaseEvents(undefined, "run_b")).toBeNull();
  });

  it("returns null for a set that does not exist or cannot be one", async () => {
    writeResults(results([failedCase("run_a", "runs/run_a.jsonl")]));
    writeEvents("runs/run_a.jsonl", "events\n");
    for (const set of ["second", "", "..", ".", "latest/..", "../bench/latest", "latest/runs"])
      expect(await readCaseEvents(set, "run_a")).toBeNull();
  });

  it("returns null for a run that is not a case, a case without kept events, or no results", async () => {
    expect(await readCaseEvents(undefined, "run_a")).toBeNull();
    writeResults(results([failedCase("run_a", "runs/run_a.jsonl"), failedCase("run_b", null)]));
    writeEvents("runs/run_b.jsonl", "{}\n");
    expect(await readCaseEvents("latest", "run_b")).toBeNull();
    expect(await readCaseEvents("latest", "runs/run_b")).toBeNull();
    // Listed, but its file is gone.
    expect(await readCaseEvents("latest", "run_a")).toBeNull();
  });

  it("never reads outside the set's folder, whatever the case's eventsFile says", async () => {
    writeFileSync(path.join(root, "secret.jsonl"), "secret\n");
    const outside = path.join(root, "secret.jsonl");
    writeResults(
      results([
        failedCase("up", "../../../secret.jsonl"),
        failedCase("absolute", outside),
        failedCase("itself", "."),
        failedCase("linked", "runs/linked.jsonl"),
        failedCase("sibling", "../other/runs/run_o.jsonl"),
      ]),
    );
    writeResults(results([]), "other");
    writeEvents("runs/run_o.jsonl", "another set's\n", "other");
    mkdirSync(path.join(setDir("latest"), "runs"), { recursive: true });
    symlinkSync(outside, path.join(setDir("latest"), "runs", "linked.jsonl"));
    for (const runId of ["up", "absolute", "itself", "linked", "sibling", "../../../secret"])
      expect(await readCaseEvents("latest", runId)).toBeNull();
  });
});
