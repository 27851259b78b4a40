/**
 * How many tokens the server's context holds, where it says: llama.cpp's `GET /props`
 * (`default_generation_settings.n_ctx`), vLLM's `GET /v1/models` (`max_model_len`), llama.cpp's
 * `/v1/models` (`meta.n_ctx`). Null when the server says nothing (OpenAI, Ollama): then only the
 * configured `OPENAI_CONTEXT_TOKENS`, if any, applies.
 */
export async function probeContextTokens(
  baseURL: string,
  model: string,
  fetchImpl: typeof globalThis.fetch = globalThis.fetch,
  timeoutMs = 2_000,
): Promise<number | null> {
  const base = baseURL.replace(/\/+$/, "");
  const origin = base.replace(/\/v1$/, "");
  const get = async (url: string): Promise<unknown> => {
    try {
      const res = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
      return res.ok ? await res.json() : null;
    } catch {
      return null;
    }
  };
  const props = (await get(`${origin}/props`)) as {
    default_generation_settings?: { n_ctx?: unknown };
    n_ctx?: unknown;
  } | null;
  const fromProps = positive(props?.default_generation_settings?.n_ctx) ?? positive(props?.n_ctx);
  if (fromProps) return fromProps;
  const models = (await get(`${base}/models`)) as {
    data?: { id?: string; max_model_len?: unknown; meta?: { n_ctx?: unknown } }[];
  } | null;
  const list = Array.isArray(models?.data) ? models.data : [];
  const entry = list.find((m) => m.id === model) ?? (list.length === 1 ? list[0] : undefined);
  return positive(entry?.max_model_len) ?? positive(entry?.meta?.n_ctx) ?? null;
}

const positive = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v) && v > 0 ? Math.floor(v) : null;
