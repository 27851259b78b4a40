import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES } from "./results";
import { loadScenarios, parseScenario, ScenarioError, scenarioJsonSchema } from "./scenario";

const here = path.dirname(fileURLToPath(import.meta.url));
const SCENARIOS = path.join(here, "scenarios");
const SCHEMA_FILE = path.join(here, "scenario.schema.json");

/** The smallest scenario the format accepts. */
const minimal = (over: Record<string, unknown> = {}) => ({
  id: "tmp-minimal",
  category: "tool_failure",
  title: "A minimal scenario",
  goal: "Project X market size 2025",
  ...over,
});

/** The ScenarioError a call throws; fails the test on success or on any other error. */
async function scenarioErrorOf(call: () => unknown): Promise<ScenarioError> {
  try {
    await call();
  } catch (e) {
    if (e instanceof ScenarioError) return e;
    throw e;
  }
  throw new Error("expected a ScenarioError");
}

const parseError = (value: unknown, file = "bad.json") =>
  scenarioErrorOf(() => parseScenario(typeof value === "string" ? value : JSON.stringify(value), file));

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "efbench-scenario-test-"));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe("bundled scenarios", () => {
  it("all load, at least 24 of them, at least 6 per category, with unique ids", async () => {
    const files = (await readdir(SCENARIOS)).filter((n) => n.endsWith(".json"));
    const scenarios = await loadScenarios([SCENARIOS]);
    expect(scenarios).toHaveLength(files.length);
    expect(scenarios.length).toBeGreaterThanOrEqual(24);
    for (const category of ["missing_info", "tool_failure", "goal_drift", "dependent_steps"] as const) {
      expect(CATEGORIES).toContain(category);
      expect(
        scenarios.filter((s) => s.category === category).length,
        `scenarios in ${category}`,
      ).toBeGreaterThanOrEqual(6);
    }
    const ids = scenarios.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("each file parses on its own", async () => {
    const files = (await readdir(SCENARIOS)).filter((n) => n.endsWith(".json"));
    for (const name of files) {
      const file = path.join(SCENARIOS, name);
      expect(() => parseScenario(readFileSync(file, "utf8"), file), name).not.toThrow();
    }
  });

  it("the committed scenario.schema.json is what --schema prints (the published schema cannot drift)", async () => {
    const committed = JSON.parse(await readFile(SCHEMA_FILE, "utf8"));
    const generated = JSON.parse(`${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
    expect(committed).toEqual(generated);
  });
});

describe("parseScenario rejects bad input with file, field and reason", () => {
  it("accepts the minimal scenario and fills the defaults", () => {
    const s = parseScenario(JSON.stringify(minimal()), "ok.json");
    expect(s.library.base).toBe("demo");
    expect(s.faults).toEqual([]);
    expect(s.persona.malformedJson).toBe(0);
    expect(s.latency.tools.search).toBe(300);
    expect(s.success.outcome).toBe("report");
  });

  it("invalid JSON", async () => {
    const e = await parseError('{"id": "x",', "broken.json");
    expect(e.file).toBe("broken.json");
    expect(e.field).toBe("");
    expect(e.reason).toMatch(/not valid JSON/);
    expect(e.message).toContain("broken.json");
  });

  it("unknown top-level field: the reason names the key", async () => {
    const e = await parseError(minimal({ extra: 1 }), "extra.json");
    expect(e.file).toBe("extra.json");
    expect(e.reason).toContain('"extra"');
    expect(e.message).toContain("extra.json");
  });

  // Was a bug: for an unknown top-level key zod reports the issue at the object's path ([]), so
  // ScenarioError.field is "" and the message reads "extra.json: (file): Unrecognized key: "extra"",
  // although parseScenario promises "every problem is a ScenarioError naming the field".
  // Expected field "extra"; actual "". (A nested unknown key likewise gives "faults.0", not "faults.0.bogus".)
  it("unknown top-level field: the field is the unknown key", async () => {
    const e = await parseError(minimal({ extra: 1 }), "extra.json");
    expect(e.field).toBe("extra");
  });

  it("wrong category", async () => {
    const e = await parseError(minimal({ category: "nope" }));
    expect(e.file).toBe("bad.json");
    expect(e.field).toBe("category");
    expect(e.reason).toMatch(/missing_info/);
  });

  it("a corrupt fault without from/to", async () => {
    const e = await parseError(minimal({ faults: [{ tool: "read", kind: "corrupt" }] }));
    expect(e.field).toBe("faults.0.from");
    expect(e.reason).toMatch(/corrupt fault needs `from` and `to`/);
    const onlyFrom = await parseError(minimal({ faults: [{ tool: "read", kind: "corrupt", from: "4.2" }] }));
    expect(onlyFrom.field).toBe("faults.0.from");
  });

  it("a slow fault without delayMs", async () => {
    const e = await parseError(
      minimal({
        faults: [
          { tool: "search", kind: "transient" },
          { tool: "read", kind: "slow" },
        ],
      }),
    );
    expect(e.field).toBe("faults.1.delayMs");
    expect(e.reason).toMatch(/delayMs/);
  });

  it("an invalid regular expression in a reviewer answer", async () => {
    const e = await parseError(
      minimal({
        reviewer: {
          answers: [
            { match: "budget", answer: "USD 1 million" },
            { match: "(unclosed", answer: "no" },
          ],
        },
      }),
    );
    expect(e.field).toBe("reviewer.answers.1.match");
    expect(e.reason).toMatch(/not a valid regular expression/);
  });

  it("an invalid regular expression in a report_matches milestone", async () => {
    const e = await parseError(
      minimal({
        success: {
          milestones: [
            { kind: "cites", min: 1 },
            { kind: "report_matches", pattern: "[a-", description: "a range" },
          ],
        },
      }),
    );
    expect(e.field).toBe("success.milestones.1.pattern");
    expect(e.reason).toMatch(/not a valid regular expression/);
  });

  it("an invalid regular expression in an asked_user milestone", async () => {
    const e = await parseError(minimal({ success: { milestones: [{ kind: "asked_user", match: "*x" }] } }));
    expect(e.field).toBe("success.milestones.0.match");
  });

  it("an invalid regular expression in a calls_matching minefield", async () => {
    const e = await parseError(
      minimal({
        success: {
          minefields: [
            { kind: "states", value: "USD 9.9 billion", description: "the vendor's figure" },
            { kind: "calls_matching", pattern: "gossip(" },
          ],
        },
      }),
    );
    expect(e.field).toBe("success.minefields.1.pattern");
    expect(e.reason).toMatch(/not a valid regular expression/);
  });

  it("validates regular expressions with the flags the judge uses (iu)", async () => {
    // Valid without `u`, invalid with it: the judge would throw on it at run time.
    expect(() => /-/i).not.toThrow();
    const e = await parseError(minimal({ reviewer: { answers: [{ match: "\\-", answer: "a" }] } }));
    expect(e.field).toBe("reviewer.answers.0.match");
  });
});

describe("loadScenarios", () => {
  const write = async (file: string, value: unknown) => {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, typeof value === "string" ? value : JSON.stringify(value, null, 2));
    return file;
  };

  it("accepts a folder and a file outside the repo", async () => {
    const dir = path.join(tmp, "outside");
    await write(path.join(dir, "a.json"), minimal({ id: "outside-a" }));
    await write(path.join(dir, "b.json"), minimal({ id: "outside-b", category: "goal_drift" }));
    await write(path.join(dir, "notes.txt"), "not a scenario");
    await write(path.join(dir, "nested", "c.json"), minimal({ id: "outside-nested" }));
    const single = await write(path.join(tmp, "single.json"), minimal({ id: "outside-single" }));
    const loaded = await loadScenarios([dir, single]);
    expect(loaded.map((s) => s.id)).toEqual(["outside-a", "outside-b", "outside-single"]);
    expect(loaded[1]?.category).toBe("goal_drift");
  });

  it("accepts a relative path to a bundled file", async () => {
    const rel = path.relative(process.cwd(), path.join(SCENARIOS, "tf-permanent-read.json"));
    const [s] = await loadScenarios([rel]);
    expect(s?.id).toBe("tf-permanent-read");
  });

  it("rejects duplicate ids across two files, naming the second file and field id", async () => {
    const a = await write(path.join(tmp, "dup", "one.json"), minimal({ id: "same-id" }));
    const b = await write(path.join(tmp, "dup2", "two.json"), minimal({ id: "same-id" }));
    const e = await scenarioErrorOf(() => loadScenarios([a, b]));
    expect(e.file).toBe(b);
    expect(e.field).toBe("id");
    expect(e.reason).toContain("same-id");
    expect(e.reason).toContain(a);
  });

  it("rejects duplicate ids within a folder", async () => {
    const dir = path.join(tmp, "dup-folder");
    await write(path.join(dir, "a.json"), minimal({ id: "twice" }));
    await write(path.join(dir, "b.json"), minimal({ id: "twice" }));
    const e = await scenarioErrorOf(() => loadScenarios([dir]));
    expect(e.file).toBe(path.join(dir, "b.json"));
    expect(e.field).toBe("id");
  });

  it("rejects a missing path, naming it", async () => {
    const missing = path.join(tmp, "does-not-exist.json");
    const e = await scenarioErrorOf(() => loadScenarios([missing]));
    expect(e.file).toBe(missing);
    expect(e.field).toBe("");
    expect(e.reason).toMatch(/no such file or folder/);
  });

  it("rejects an empty folder (and one with no .json)", async () => {
    const empty = path.join(tmp, "empty");
    await mkdir(empty, { recursive: true });
    const e = await scenarioErrorOf(() => loadScenarios([empty]));
    expect(e.file).toBe(empty);
    expect(e.reason).toMatch(/no \.json scenario/);
    const noJson = path.join(tmp, "no-json");
    await write(path.join(noJson, "readme.txt"), "hello");
    expect((await scenarioErrorOf(() => loadScenarios([noJson]))).file).toBe(noJson);
  });

  it("rejects a file over 1 MB even when it is a valid scenario", async () => {
    const text = JSON.stringify(minimal({ id: "too-big" }));
    const big = await write(path.join(tmp, "big.json"), `${text}${" ".repeat(1_000_001 - text.length)}`);
    expect(() => parseScenario(text, big)).not.toThrow();
    const e = await scenarioErrorOf(() => loadScenarios([big]));
    expect(e.file).toBe(big);
    expect(e.reason).toMatch(/larger than 1 MB/);
  });

  it("names the file of a bad scenario inside a folder", async () => {
    const dir = path.join(tmp, "mixed");
    await write(path.join(dir, "a-good.json"), minimal({ id: "mixed-good" }));
    await write(path.join(dir, "b-bad.json"), minimal({ id: "mixed-bad", category: "nope" }));
    const e = await scenarioErrorOf(() => loadScenarios([dir]));
    expect(e.file).toBe(path.join(dir, "b-bad.json"));
    expect(e.field).toBe("category");
  });
});
