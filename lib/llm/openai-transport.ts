import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from "openai";
import type { ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import { ContextExceededError, ModelError } from "./chat-model";

export interface TransportOptions {
  baseURL?: string;
  apiKey: string;
  /** Longest wait for the first streamed chunk, and between two chunks (the server's heartbeat). */
  firstByteTimeoutMs: number;
  /** Longest a whole reply may take. */
  timeoutMs: number;
  /** Retries of 429, 5xx and connection errors; a timeout is not retried (a hung server stays hung). */
  maxRetries: number;
  fetch?: typeof globalThis.fetch;
}

export type StreamParams = Omit<ChatCompletionCreateParamsStreaming, "stream" | "stream_options">;

/** One completion, assembled from its streamed chunks. */
export interface Completion {
  content: string;
  toolCalls: { name: string; arguments: string }[];
  finishReason: string | null;
  usage: { prompt_tokens: number; completion_tokens: number } | null;
}

/** "The prompt does not fit": llama.cpp, vLLM, Ollama and OpenAI each word it their own way. */
const contextExceeded =
  /context (size|length|window)|exceeds? (the )?(available )?context|maximum context|too many tokens|prompt is too long|input .*too long|n_ctx/i;

class Timeout extends Error {
  constructor(
    readonly kind: "first_byte" | "total",
    readonly ms: number,
  ) {
    super(kind);
  }
}

/**
 * Streams every completion, so a server that stops sending (hung, stopping, overloaded) is noticed
 * after `firstByteTimeoutMs` instead of after the whole reply's budget. Retries are done here, not
 * by the SDK, so a context overflow or a timeout is never sent again unchanged.
 */
export class OpenAITransport {
  private readonly client: OpenAI;

  constructor(private readonly options: TransportOptions) {
    this.client = new OpenAI({
      baseURL: options.baseURL,
      apiKey: options.apiKey,
      maxRetries: 0,
      // Our own timers abort first; this only guards against a timer that never fires.
      timeout: options.timeoutMs + 5_000,
      fetch: options.fetch,
    });
  }

  get baseURL(): string {
    return this.client.baseURL;
  }

  async complete(params: StreamParams, signal: AbortSignal | undefined, model: string): Promise<Completion> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once(params, signal);
      } catch (raw) {
        const error = this.toModelError(raw, signal, model);
        if (!error.retryable || error.code === "timeout" || attempt >= this.options.maxRetries) throw error;
        await sleep(retryDelay(raw, attempt), signal).catch(() => {
          throw new ModelError("aborted", "The model call was aborted", { model });
        });
      }
    }
  }

  private async once(params: StreamParams, outer: AbortSignal | undefined): Promise<Completion> {
    // A fresh signal per attempt, linked to the run's: the SDK's listener goes on this one and is
    // collected with it, instead of piling up on the run's signal (MaxListenersExceededWarning).
    const local = new AbortController();
    const signal = outer ? AbortSignal.any([outer, local.signal]) : local.signal;
    const { firstByteTimeoutMs, timeoutMs } = this.options;
    let idle = setTimeout(
      () => local.abort(new Timeout("first_byte", firstByteTimeoutMs)),
      firstByteTimeoutMs,
    );
    const total = setTimeout(() => local.abort(new Timeout("total", timeoutMs)), timeoutMs);
    try {
      const stream = await this.client.chat.completions.create(
        { ...params, stream: true, stream_options: { include_usage: true } },
        { signal },
      );
      const out: Completion = { content: "", toolCalls: [], finishReason: null, usage: null };
      for await (const chunk of stream) {
        clearTimeout(idle);
        idle = setTimeout(
          () => local.abort(new Timeout("first_byte", firstByteTimeoutMs)),
          firstByteTimeoutMs,
        );
        if (chunk.usage) out.usage = chunk.usage;
        const choice = chunk.choices?.[0];
        if (!choice) continue;
        const delta = choice.delta ?? {};
        if (delta.content) out.content += delta.content;
        const refusal = (delta as { refusal?: string | null }).refusal;
        if (refusal) out.content += refusal;
        for (const call of delta.tool_calls ?? []) {
          const slot = out.toolCalls[call.index] ?? { name: "", arguments: "" };
          out.toolCalls[call.index] = slot;
          if (call.function?.name) slot.name += call.function.name;
          if (call.function?.arguments) slot.arguments += call.function.arguments;
        }
        if (choice.finish_reason) out.finishReason = choice.finish_reason;
      }
      if (local.signal.aborted) throw local.signal.reason;
      if (out.finishReason === null) {
        // The stream ended without saying why: the server went away mid-reply.
        throw new APIConnectionError({
          message: "The model server closed the stream before the reply ended",
        });
      }
      out.toolCalls = out.toolCalls.filter((c) => c?.name);
      return out;
    } catch (error) {
      throw local.signal.aborted && local.signal.reason instanceof Timeout ? local.signal.reason : error;
    } finally {
      clearTimeout(idle);
      clearTimeout(total);
    }
  }

  private toModelError(error: unknown, signal: AbortSignal | undefined, model: string): ModelError {
    if (error instanceof ModelError) return error;
    if (signal?.aborted) return new ModelError("aborted", "The model call was aborted", { model });
    if (error instanceof Timeout) {
      const what =
        error.kind === "first_byte"
          ? `sent nothing for ${error.ms} ms (first-byte / heartbeat timeout)`
          : `did not finish the reply within ${error.ms} ms`;
      return new ModelError("timeout", `The model server ${what}`, { retryable: true, model });
    }
    if (error instanceof APIUserAbortError)
      return new ModelError("aborted", "The model call was aborted", { model });
    if (error instanceof APIConnectionError) {
      return new ModelError(
        "network",
        `Could not reach the model server at ${this.client.baseURL}: ${error.message}`,
        {
          retryable: true,
          cause: error.cause,
          model,
        },
      );
    }
    // The server's message is kept (it says what was wrong) but the SDK error is not attached as
    // cause: some servers echo the credentials they were sent.
    const message = this.redact(error instanceof Error ? error.message : String(error));
    if (!(error instanceof APIError) || error.status === undefined) {
      return new ModelError("server_error", `Unexpected reply from the model server: ${message}`, { model });
    }
    const status = error.status;
    if ((status === 400 || status >= 500) && contextExceeded.test(message)) {
      return new ContextExceededError(`The prompt and reply do not fit the model's context: ${message}`, {
        status,
        model,
      });
    }
    if (status === 429) return new ModelError("rate_limited", message, { retryable: true, status, model });
    if (status === 408) return new ModelError("timeout", message, { retryable: true, status, model });
    if (status >= 500) return new ModelError("server_error", message, { retryable: true, status, model });
    return new ModelError("bad_request", message, { status, model });
  }

  private redact(text: string): string {
    const key = this.options.apiKey;
    return key.length >= 4 ? text.split(key).join("[redacted]") : text;
  }
}

/** Retry-After (seconds) or retry-after-ms when the server says, else 0.5 s doubling; at most 20 s. */
function retryDelay(error: unknown, attempt: number): number {
  const headers = error instanceof APIError ? error.headers : undefined;
  const ms = Number(headers?.get?.("retry-after-ms"));
  if (Number.isFinite(ms) && ms > 0) return Math.min(ms, 20_000);
  const s = Number(headers?.get?.("retry-after"));
  if (Number.isFinite(s) && s > 0) return Math.min(s * 1000, 20_000);
  return Math.min(500 * 2 ** attempt, 8_000);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
