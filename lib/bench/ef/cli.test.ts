import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BenchResults } from "./results";

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, "../../..");
const TSX = path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
const CLI = path.join("lib", "bench", "ef", "cli.ts");
const SCENARIO = path.join("lib", "bench", "ef", "scenarios", "tf-permanent-read.json");
const TINY = ["--scenarios", SCENARIO, "--arms", "full,baseline", "--seeds", "2", "--workers", "2"];
const SLOW = 60_000;

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run the real CLI as `npm run bench` does; resolves with the exit code whatever it is. */
function bench(args: string[]): Promise<Exit> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [TSX, CLI, ...args],
      { cwd: ROOT, timeout: SLOW, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "efbench-cli-test-"));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function readResults(out: string) {
  return BenchResults.parse(JSON.parse(await readFile(path.join(out, "results.json"), "utf8")));
}

describe("npm run bench: bad input", () => {
  it(
    "--scenarios with a missing path exits 2 and names the path",
    async () => {
      const r = await bench(["--scenarios", "/nonexistent", "--out", path.join(tmp, "never")]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("/nonexistent");
      expect(r.stderr).toMatch(/no such file or folder/);
      expect(existsSync(path.join(tmp, "never"))).toBe(false);
    },
    SLOW,
  );

  it(
    "a scenario file with a bad field exits 2 naming the file and the field",
    async () => {
      const file = path.join(tmp, "bad-category.json");
      await writeFile(
        file,
        JSON.stringify({ id: "bad-category", category: "nope", title: "Bad", goal: "Project X market" }),
      );
      const r = await bench(["--scenarios", file, "--out", path.join(tmp, "never")]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(file);
      expect(r.stderr).toContain("category");
      expect(existsSync(path.join(tmp, "never"))).toBe(false);
    },
    SLOW,
  );

  it(
    "--arms with an unknown arm exits 2",
    async () => {
      const r = await bench(["--arms", "full,nope", "--out", path.join(tmp, "never")]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("nope");
      expect(r.stderr).toContain("Usage");
    },
    SLOW,
  );

  it(
    "--seeds 0 exits 2",
    async () => {
      const r = await bench(["--scenarios", SCENARIO, "--seeds", "0", "--out", path.join(tmp, "never")]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/--seeds/);
    },
    SLOW,
  );
});

describe("npm run bench: a run past the time limit", () => {
  it(
    "stops the worker, counts the run as failed and timed out, and goes on with fresh workers",
    async () => {
      const out = path.join(tmp, "timeout");
      // No real run finishes in 50 ms: every case meets the limit, on workers started for each.
      const r = await bench([...TINY, "--case-timeout", "0.05", "--out", out]);
      expect(r.code, r.stderr).toBe(0);
      const results = await readResults(out);
      expect(results.cases).toHaveLength(4);
      for (const c of results.cases) {
        expect(c.success).toBe(false);
        expect(c.status).toBe("timed_out");
        expect(c.failures[0]).toMatch(/^timed out: the run took longer than 0\.05 s/);
      }
      const bad = await bench([...TINY, "--case-timeout", "0", "--out", path.join(tmp, "never")]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/--case-timeout/);
    },
    SLOW,
  );
});

describe("npm run bench -- --trace", () => {
  it(
    "--seed N traces only that seed and prints its report",
    async () => {
      const r = await bench(["--trace", "--scenarios", SCENARIO, "--arms", "full", "--seed", "2"]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain("tf-permanent-read × full × seed 2");
      expect(r.stdout).not.toMatch(/× seed (1|3)\b/);
      expect(r.stdout).toMatch(/\nreport:\n {2}\| # /);
      expect(r.stdout).toMatch(/ {2}\| ## Sources/);
    },
    SLOW,
  );

  it(
    "--seed without --trace, or out of range, exits 2",
    async () => {
      const alone = await bench(["--scenarios", SCENARIO, "--seed", "2", "--out", path.join(tmp, "never")]);
      expect(alone.code).toBe(2);
      expect(alone.stderr).toMatch(/--seed .*--trace/);
      const zero = await bench(["--trace", "--scenarios", SCENARIO, "--seed", "0"]);
      expect(zero.code).toBe(2);
      expect(zero.stderr).toMatch(/--seed must be/);
      expect(existsSync(path.join(tmp, "never"))).toBe(false);
    },
    SLOW,
  );

  it(
    "a scenario whose fault names an unknown tool exits 2 with file: field: reason",
    async () => {
      const file = path.join(tmp, "unknown-tool.json");
      await writeFile(
        file,
        JSON.stringify({
          id: "unknown-tool",
          category: "tool_failure",
          title: "Typo",
          goal: "Project X market",
          faults: [{ tool: "serach", kind: "empty" }],
        }),
      );
      const r = await bench(["--scenarios", file, "--out", path.join(tmp, "never")]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${file}: faults.0.tool: unknown tool "serach"`);
    },
    SLOW,
  );
});

describe("npm run bench: a tiny run", () => {
  it(
    "writes results.json (4 cases, both arms), results.md with targets, and events of failed cases",
    async () => {
      const out = path.join(tmp, "tiny");
      const r = await bench([...TINY, "--out", out]);
      expect(r.code, r.stderr).toBe(0);
      const results = await readResults(out);
      expect(results.cases).toHaveLength(4);
      expect(results.cases.map((c) => `${c.arm}:${c.seed}`).sort()).toEqual([
        "baseline:1",
        "baseline:2",
        "full:1",
        "full:2",
      ]);
      expect(results.cases.every((c) => c.scenarioId === "tf-permanent-read")).toBe(true);
      expect(results.settings).toMatchObject({ seeds: 2, arms: ["full", "baseline"], workers: 2 });
      for (const arm of ["full", "baseline"] as const) {
        expect(results.summaries).toContainEqual(expect.objectContaining({ arm, category: "all", runs: 2 }));
        expect(results.summaries).toContainEqual(expect.objectContaining({ arm, category: "tool_failure" }));
      }
      const md = await readFile(path.join(out, "results.md"), "utf8");
      expect(md).toContain("## Targets");
      const targets = md.split("## Targets")[1] ?? "";
      expect(targets).toMatch(
        /\n\| target \| wanted \| measured \| met \|\n\| --- \| --- \| --- \| --- \|\n\| /,
      );
      expect(md).toContain("| scenario | category | full | baseline |");
      expect(md).toMatch(/\| tf-permanent-read \| tool_failure \| \d\/2 \| \d\/2 \|/);
      // --keep failed (the default): events of failed cases only, each a run's JSON Lines.
      for (const c of results.cases) {
        if (c.success) {
          expect(c.eventsFile).toBeNull();
          continue;
        }
        expect(c.eventsFile).not.toBeNull();
        const file = path.join(out, c.eventsFile as string);
        expect(existsSync(file), file).toBe(true);
        const first = JSON.parse((await readFile(file, "utf8")).split("\n")[0] ?? "");
        expect(first.type).toBe("run.started");
      }
      // Nothing left in the folder's parent from staging.
      expect((await readdir(tmp)).filter((n) => n.startsWith("tiny."))).toEqual([]);
    },
    SLOW,
  );

  it(
    "running again into the same --out replaces the old results, leaving no stale runs/ files",
    async () => {
      const out = path.join(tmp, "twice");
      const first = await bench([
        "--scenarios",
        SCENARIO,
        "--arms",
        "full",
        "--seeds",
        "1",
        "--workers",
        "1",
        "--keep",
        "all",
        "--out",
        out,
      ]);
      expect(first.code, first.stderr).toBe(0);
      const before = await readResults(out);
      expect(before.cases).toHaveLength(1);
      expect(await readdir(path.join(out, "runs"))).toHaveLength(1);
      await writeFile(path.join(out, "runs", "stale-run.jsonl"), '{"type":"run.started"}\n');
      await mkdir(path.join(out, "extra"), { recursive: true });
      await writeFile(path.join(out, "extra", "note.txt"), "left from before");

      const second = await bench([...TINY, "--out", out]);
      expect(second.code, second.stderr).toBe(0);
      const after = await readResults(out);
      expect(after.cases).toHaveLength(4);
      expect(after.startedAt).not.toBe(before.startedAt);
      expect((await readdir(out)).sort()).toEqual(["results.json", "results.md", "runs"]);
      const kept = after.cases.flatMap((c) => (c.eventsFile ? [path.basename(c.eventsFile)] : []));
      expect((await readdir(path.join(out, "runs"))).sort()).toEqual(kept.sort());
      expect((await readdir(tmp)).filter((n) => n.startsWith("twice."))).toEqual([]);
    },
    SLOW,
  );
});
