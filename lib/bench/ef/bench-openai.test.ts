import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BuiltinModel } from "../../llm/builtin/builtin-model";
import type { ObjectRequest, ToolCallRequest } from "../../llm/chat-model";
import {
  type FakeOpenAIServer,
  type ScriptedReply,
  startFakeOpenAIServer,
} from "../../llm/testing/fake-openai-server";
import { defaultLibraryDir, loadLibraryFromDir } from "../../tools/library/document-library";
import { benchModelOptions } from "./bench-model";
import { evaluateCase } from "./evaluate-case";
import { BenchResults } from "./results";
import { demoDocuments } from "./run-case";
import { loadScenarios, type Scenario } from "./scenario";

/**
 * `npm run bench -- --model openai` against a real HTTP server speaking the Chat Completions
 * protocol. The endpoint's answers are the builtin model's answers to the very requests the agent
 * sent, so the run can succeed; what is tested is that the bench drives any OpenAI-compatible
 * model through the same scenario (faults, injections, reviewer) and records it as such.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, "../../..");
const TSX = path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
const CLI = path.join("lib", "bench", "ef", "cli.ts");
const SLOW = 90_000;
const PULL = "Also cover the Project X celebrity endorsements.";

const ANSWER = "Zentrix Robotics reported 2025 revenue of USD 310 million in its annual report.";
const TINY = {
  id: "openai-tiny",
  category: "missing_info",
  title:
    "A flaky first search, a pull, a fact only the reviewer has, and a persona that would break every reply",
  goal: "Project X market size in 2025 and Zentrix Robotics revenue in 2025",
  // Would make every builtin reply malformed JSON: the persona is for the builtin model only.
  persona: { malformedJson: 1 },
  faults: [{ tool: "search", match: { nth: 1 }, kind: "transient", expect: ["retry", "continue"] }],
  injections: [{ kind: "pull", afterIteration: 1, text: PULL }],
  reviewer: { answers: [{ match: "zentrix", answer: ANSWER }] },
  success: {
    needsUser: true,
    milestones: [
      { kind: "asked_user", match: "zentrix" },
      { kind: "names", values: ["310 million", "4.2 billion"] },
    ],
  },
};

let tmp: string;
let file: string;
let scenario: Scenario;
let server: FakeOpenAIServer;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "efbench-openai-test-"));
  file = path.join(tmp, "openai-tiny.json");
  await writeFile(file, JSON.stringify(TINY));
  [scenario] = (await loadScenarios([file])) as [Scenario];
  server = await startFakeOpenAIServer();
});
afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

const env = () => ({
  OPENAI_BASE_URL: server.url,
  OPENAI_API_KEY: "test-key",
  OPENAI_MODEL: "bench-test-model",
});

/** The builtin model's answer to a request, as the wire reply an endpoint would send. */
async function builtinReply(builtin: BuiltinModel, r: ObjectRequest<unknown> | ToolCallRequest) {
  if ("schema" in r) return { content: JSON.stringify((await builtin.generateObject(r)).output) };
  const { calls } = await builtin.callTools(r);
  return { toolCalls: calls.map((c) => ({ name: c.name, arguments: JSON.stringify(c.arguments) })) };
}

const recorded: ScriptedReply[] = [];

describe("EF-Bench against an OpenAI-compatible endpoint", () => {
  it(
    "runs one case through the endpoint: faults fire, the pull and the reviewer's answer reach the model, no persona noise",
    async () => {
      const demo = await demoDocuments((await loadLibraryFromDir(defaultLibraryDir)).library);
      const builtin = new BuiltinModel({ now: () => 0 });
      const options = benchModelOptions("openai", env());
      const onModelRequest = async (r: ObjectRequest<unknown> | ToolCallRequest) => {
        const reply = await builtinReply(builtin, r);
        recorded.push(reply);
        server.enqueue(reply);
      };
      const before = server.requests.length;
      const { result } = await evaluateCase(scenario, "full", 1, demo, { ...options, onModelRequest });
      const sent = server.requests.slice(before);
      expect(sent.length).toBe(recorded.length); // one HTTP request per model call, no repair rounds
      expect(sent.length).toBeGreaterThan(5);
      expect(sent.every((q) => q.body.model === "bench-test-model")).toBe(true);
      expect(JSON.stringify(sent[0]?.body.messages)).toContain(TINY.goal);
      expect(sent.some((q) => q.body.response_format?.type === "json_schema")).toBe(true);
      expect(sent.some((q) => Array.isArray(q.body.tools))).toBe(true);
      expect(sent.some((q) => JSON.stringify(q.body.messages).includes(PULL))).toBe(true);
      expect(result.askedUser).toBeGreaterThanOrEqual(1);
      expect(sent.some((q) => JSON.stringify(q.body.messages).includes("310 million"))).toBe(true);
      expect(result.unfiredFaults).toEqual([]);
      expect(result.gateScored).toBeGreaterThanOrEqual(1);
      expect(result.failures).toEqual([]);
      expect(result.success).toBe(true);
    },
    SLOW,
  );

  it(
    "npm run bench -- --model openai writes results for that model (1 seed, 1 worker)",
    async () => {
      expect(recorded.length).toBeGreaterThan(0);
      // The same case replays the same requests: the endpoint gets the same answers again.
      server.enqueue(...recorded);
      const before = server.requests.length;
      const out = path.join(tmp, "out");
      const r = await cli(
        [
          "--model",
          "openai",
          "--scenarios",
          file,
          "--arms",
          "full",
          "--seeds",
          "1",
          "--workers",
          "1",
          "--out",
          out,
        ],
        env(),
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain("model openai:bench-test-model");
      expect(server.requests.length - before).toBe(recorded.length);
      const results = BenchResults.parse(JSON.parse(await readFile(path.join(out, "results.json"), "utf8")));
      expect(results.settings.model).toBe("openai:bench-test-model");
      expect(results.cases).toHaveLength(1);
      expect(results.cases[0]).toMatchObject({ scenarioId: "openai-tiny", arm: "full", success: true });
      const md = await readFile(path.join(out, "results.md"), "utf8");
      expect(md).toContain("Model: openai:bench-test-model (no persona noise");
      expect(md).toContain("| openai-tiny | missing_info | 1/1 |");
    },
    SLOW,
  );

  it(
    "--model openai without OPENAI_BASE_URL or OPENAI_API_KEY exits 2 before running anything",
    async () => {
      const out = path.join(tmp, "never");
      const r = await cli(["--model", "openai", "--scenarios", file, "--seeds", "1", "--out", out], {});
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/Invalid OpenAI settings: OPENAI_API_KEY is required/);
      const bad = await cli(["--model", "gpt", "--scenarios", file, "--out", out], {});
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/Unknown model "gpt"/);
    },
    SLOW,
  );
});

/** The real CLI with only these OPENAI_* variables set. */
function cli(args: string[], openai: Record<string, string>) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("OPENAI_")));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [TSX, CLI, ...args],
      {
        cwd: ROOT,
        timeout: SLOW,
        env: { ...clean, ...openai } as NodeJS.ProcessEnv,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr }),
    );
  });
}
