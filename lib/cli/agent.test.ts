import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const cli = (args: string[], dataDir: string) =>
  run(process.execPath, ["--import", "tsx", "lib/cli/agent.ts", ...args], {
    env: { ...process.env, PREFRONTAL_DATA_DIR: dataDir },
    timeout: 60_000,
  }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      stdout: e.stdout,
      stderr: e.stderr,
    }),
  );

describe("npm run agent", () => {
  it("runs a goal headless: one line per event, then the report path and the metrics", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "prefrontal-cli-"));
    const { code, stdout } = await cli(["Project X pricing across vendors"], dataDir);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\s+0 run\.started\s+Project X pricing across vendors/m);
    expect(stdout).toMatch(/decision\s+\[s1\] continue ← criteria_met/);
    const report = stdout.match(/^report\s+(\S+)$/m)?.[1];
    expect(report && existsSync(report)).toBe(true);
    expect(readFileSync(report as string, "utf8")).toContain("## Sources");
    for (const metric of [
      "iterations",
      "tool calls",
      "model calls",
      "tokens",
      "reflections",
      "decisions",
      "wall time",
    ]) {
      expect(stdout).toMatch(new RegExp(`^${metric}\\s+\\S`, "m"));
    }
  }, 60_000);

  it("refuses an empty goal with a clear error before anything starts", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "prefrontal-cli-"));
    const { code, stderr } = await cli(["   "], dataDir);
    expect(code).toBe(2);
    expect(stderr).toMatch(/Invalid input: The goal is empty/);
    expect(existsSync(path.join(dataDir, "runs"))).toBe(false);
  }, 60_000);
});
