import { openAIModelFromEnv } from "../../llm/openai-model";
import type { RunCaseOptions } from "./run-case";

/**
 * The model EF-Bench measures. `builtin`: the rule-based model with each scenario's persona noise.
 * `openai`: any OpenAI-compatible endpoint, configured by the same `OPENAI_*` variables as
 * `npm run agent -- --model openai`, so users can measure their own model on the same scenarios,
 * faults, reviewer and injections (no persona noise: the model makes its own mistakes).
 */
export const BENCH_MODELS = ["builtin", "openai"] as const;
export type BenchModel = (typeof BENCH_MODELS)[number];

/** The run options for a model; throws a message naming each bad OPENAI_* variable. */
export function benchModelOptions(
  model: BenchModel,
  env: Record<string, string | undefined> = process.env,
): RunCaseOptions {
  return model === "openai" ? { model: openAIModelFromEnv(env) } : {};
}

/** The model's name as results record it: `builtin` or `openai:<strong model>`. */
export const benchModelName = (options: RunCaseOptions): string => options.model?.name ?? "builtin";
