// A bench worker process: receives scenarios once, then one case at a time; replies with the verdict.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { defaultLibraryDir, loadLibraryFromDir } from "../../tools/library/document-library";
import { type BenchModel, benchModelOptions } from "./bench-model";
import { evaluateCase } from "./evaluate-case";
import type { Arm } from "./results";
import { demoDocuments, type RunCaseOptions } from "./run-case";
import type { Scenario } from "./scenario";

type Message =
  | {
      type: "init";
      scenarios: Scenario[];
      outDir: string;
      keep: "failed" | "all" | "none";
      model: BenchModel;
    }
  | { type: "case"; index: number; scenario: number; arm: Arm; seed: number };

let scenarios: Scenario[] = [];
let outDir = "";
let keep: "failed" | "all" | "none" = "failed";
// Built once per process from this process's environment (OPENAI_*), which the CLI passes on.
let options: RunCaseOptions = {};
const demo = loadLibraryFromDir(defaultLibraryDir).then(({ library }) => demoDocuments(library));

process.on("message", async (m: Message) => {
  if (m.type === "init") {
    ({ scenarios, outDir, keep } = m);
    options = benchModelOptions(m.model);
    await mkdir(path.join(outDir, "runs"), { recursive: true });
    process.send?.({ type: "ready" });
    return;
  }
  try {
    const scenario = scenarios[m.scenario] as Scenario;
    const { result, jsonl } = await evaluateCase(scenario, m.arm, m.seed, await demo, options);
    if (keep === "all" || (keep === "failed" && !result.success)) {
      result.eventsFile = `runs/${result.runId}.jsonl`;
      await writeFile(path.join(outDir, result.eventsFile), jsonl);
    }
    process.send?.({ type: "done", index: m.index, result });
  } catch (e) {
    process.send?.({
      type: "error",
      index: m.index,
      message: e instanceof Error ? (e.stack ?? e.message) : String(e),
    });
  }
});
