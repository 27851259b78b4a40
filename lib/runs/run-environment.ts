import { existsSync } from "node:fs";
import path from "node:path";
import type { AgentDeps, EventSink } from "../agent/runtime";
import { seededRandom, systemClock } from "../agent/runtime";
import { BuiltinModel } from "../llm/builtin/builtin-model";
import type { ChatModel } from "../llm/chat-model";
import { LocalGgufModel } from "../llm/local-gguf-model";
import { openAIModelFromEnv } from "../llm/openai-model";
import { researchTools } from "../tools";
import { type ToolFault, withFaults } from "../tools/faults";
import type { DocumentLibrary } from "../tools/library/document-library";
import { defaultLibraryDir, loadLibraryFromDir } from "../tools/library/document-library";
import { toolRegistry } from "../tools/tool";
import { Workspace } from "../tools/workspace";

export type ModelChoice = "builtin" | "openai" | "local";

const localModels = new Map<string, LocalGgufModel>();

/**
 * `local` runs the GGUF file named by PREFRONTAL_GGUF in this process (node-llama-cpp); loaded
 * once per process and file, shared by every run.
 */
function localModel(env: NodeJS.ProcessEnv): LocalGgufModel {
  const file = env.PREFRONTAL_GGUF?.trim();
  if (!file) throw new Error("Invalid local model settings: PREFRONTAL_GGUF must name a .gguf file");
  if (!existsSync(file)) throw new Error(`Invalid local model settings: PREFRONTAL_GGUF: no file at ${file}`);
  const contextTokens = Number(env.PREFRONTAL_GGUF_CONTEXT_TOKENS ?? 2048);
  const key = `${path.resolve(file)}:${contextTokens}`;
  let model = localModels.get(key);
  if (!model) {
    model = new LocalGgufModel({
      modelPath: path.resolve(file),
      contextTokens: Number.isInteger(contextTokens) && contextTokens >= 256 ? contextTokens : 2048,
    });
    localModels.set(key, model);
  }
  return model;
}

export function createModel(choice: ModelChoice, env = process.env): ChatModel {
  if (choice === "openai") return openAIModelFromEnv(env);
  if (choice === "local") return localModel(env);
  return new BuiltinModel();
}

let library: Promise<DocumentLibrary> | undefined;

/** The demo library, loaded once per process. Files that fail to parse are reported, not fatal. */
export function demoLibrary(onError: (message: string) => void = console.warn): Promise<DocumentLibrary> {
  library ??= loadLibraryFromDir(defaultLibraryDir).then(({ library: lib, errors }) => {
    for (const e of errors) onError(`library: ${e.file}: ${e.message}`);
    return lib;
  });
  return library;
}

/** Everything a run needs from this machine: model, research tools, library, its own workspace folder. */
export async function runDeps(opts: {
  runDir: string;
  model: ChatModel;
  sink: EventSink;
  signal?: AbortSignal;
  library?: DocumentLibrary;
  seed?: number;
  faults?: readonly ToolFault[];
}): Promise<AgentDeps> {
  return {
    model: opts.model,
    tools: toolRegistry(withFaults(researchTools(), opts.faults ?? [])),
    library: opts.library ?? (await demoLibrary()),
    workspace: new Workspace(path.join(opts.runDir, "workspace")),
    clock: systemClock,
    random: seededRandom(opts.seed ?? 1),
    sink: opts.sink,
    signal: opts.signal,
  };
}
