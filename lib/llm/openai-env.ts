import { z } from "zod";
import { OpenAIChatModel } from "./openai-model";

const unsetIfBlank = <S extends z.ZodType>(schema: S) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    schema.optional(),
  );

const OpenAIEnv = z.object({
  OPENAI_BASE_URL: unsetIfBlank(z.url()),
  OPENAI_API_KEY: unsetIfBlank(z.string()),
  OPENAI_MODEL: unsetIfBlank(z.string()),
  OPENAI_MODEL_FAST: unsetIfBlank(z.string()),
  OPENAI_MODEL_STRONG: unsetIfBlank(z.string()),
  OPENAI_TIMEOUT_MS: unsetIfBlank(z.coerce.number().int().positive()),
  OPENAI_FIRST_BYTE_TIMEOUT_MS: unsetIfBlank(z.coerce.number().int().positive()),
  OPENAI_MAX_RETRIES: unsetIfBlank(z.coerce.number().int().min(0).max(10)),
  OPENAI_MAX_OUTPUT_TOKENS: unsetIfBlank(z.coerce.number().int().min(16)),
  OPENAI_CONTEXT_TOKENS: unsetIfBlank(z.coerce.number().int().min(256)),
  OPENAI_PRICE_INPUT_PER_MTOK: unsetIfBlank(z.coerce.number().nonnegative()),
  OPENAI_PRICE_OUTPUT_PER_MTOK: unsetIfBlank(z.coerce.number().nonnegative()),
});

/** Builds the model from `OPENAI_*` variables; throws a message naming each bad variable (never its value). */
export function openAIModelFromEnv(env: Record<string, string | undefined> = process.env): OpenAIChatModel {
  const parsed = OpenAIEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid OpenAI settings: ${problems.join("; ")}`);
  }
  const settings = parsed.data;
  // Local servers (Ollama, vLLM) need no key, but api.openai.com always does.
  if (!settings.OPENAI_API_KEY && !settings.OPENAI_BASE_URL) {
    throw new Error("Invalid OpenAI settings: OPENAI_API_KEY is required unless OPENAI_BASE_URL is set");
  }
  const fallbackModel = settings.OPENAI_MODEL ?? "gpt-4o-mini";
  const pricesGiven =
    settings.OPENAI_PRICE_INPUT_PER_MTOK !== undefined || settings.OPENAI_PRICE_OUTPUT_PER_MTOK !== undefined;
  return new OpenAIChatModel({
    baseURL: settings.OPENAI_BASE_URL,
    apiKey: settings.OPENAI_API_KEY ?? "not-needed",
    fastModel: settings.OPENAI_MODEL_FAST ?? fallbackModel,
    strongModel: settings.OPENAI_MODEL_STRONG ?? fallbackModel,
    timeoutMs: settings.OPENAI_TIMEOUT_MS,
    firstByteTimeoutMs: settings.OPENAI_FIRST_BYTE_TIMEOUT_MS,
    maxRetries: settings.OPENAI_MAX_RETRIES,
    maxOutputTokens: settings.OPENAI_MAX_OUTPUT_TOKENS,
    contextTokens: settings.OPENAI_CONTEXT_TOKENS,
    prices: pricesGiven
      ? {
          inputPerMTok: settings.OPENAI_PRICE_INPUT_PER_MTOK ?? 0,
          outputPerMTok: settings.OPENAI_PRICE_OUTPUT_PER_MTOK ?? 0,
        }
      : undefined,
  });
}
