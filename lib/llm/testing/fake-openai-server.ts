import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One scripted answer to the next `POST /v1/chat/completions`. */
export interface ScriptedReply {
  /** HTTP status; 200 unless given. A status ≥ 400 answers with an OpenAI-shaped error body. */
  status?: number;
  headers?: Record<string, string>;
  content?: string | null;
  toolCalls?: { name: string; arguments: string; id?: string }[];
  finishReason?: "stop" | "length" | "tool_calls" | "content_filter";
  /** `null` leaves `usage` out of the response, as some OpenAI-compatible servers do. */
  usage?: { prompt_tokens: number; completion_tokens: number } | null;
  /** For error replies: overrides of the `error` object's fields. */
  error?: { message?: string; type?: string; code?: string | null };
  /** Sent instead of the generated body (a string as is, anything else as JSON). */
  body?: unknown;
  /** Wait this long before answering, to provoke client timeouts. */
  delayMs?: number;
  /** Streaming only: send the first `n` chunks, then nothing more (a server that hangs mid-reply). */
  stallAfterChunks?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** The parsed JSON body (model, messages, response_format, tools, tool_choice, …). */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of the wire format
  body: any;
}

export interface FakeOpenAIServerOptions {
  /** Answer 400 to `response_format: { type: "json_schema" }`, like servers without structured outputs. */
  rejectJsonSchema?: boolean;
  /** Answer 400 to `tool_choice: "required"`, like servers that only support "auto". */
  rejectRequiredToolChoice?: boolean;
  /**
   * Answer 400 "failed to parse grammar" (llama.cpp's words) to a json_schema whose repetition
   * bounds reach this limit (llama.cpp: 2000).
   */
  grammarRepetitionLimit?: number;
  /** Answer `GET /props` with this context size, as llama.cpp does; 404 otherwise. */
  contextTokens?: number;
}

export interface FakeOpenAIServer {
  /** Base URL for the SDK, ending in `/v1`. */
  url: string;
  /** Every `POST /v1/chat/completions`. */
  requests: RecordedRequest[];
  /** Every other request (`GET /props`, `GET /v1/models`: the adapter asking for the context size). */
  probes: RecordedRequest[];
  enqueue(...replies: ScriptedReply[]): void;
  close(): Promise<void>;
}

const errorTypes: Record<number, { type: string; code: string | null }> = {
  400: { type: "invalid_request_error", code: null },
  401: { type: "invalid_request_error", code: "invalid_api_key" },
  404: { type: "invalid_request_error", code: "model_not_found" },
  429: { type: "requests", code: "rate_limit_exceeded" },
};

/**
 * A real HTTP server speaking the non-streaming Chat Completions protocol, so tests exercise the
 * openai SDK's own request building, retries and timeouts instead of a mock of it.
 */
export async function startFakeOpenAIServer(
  options: FakeOpenAIServerOptions = {},
): Promise<FakeOpenAIServer> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const probes: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let sequence = 0;
  let closing: Promise<void> | undefined;

  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const recorded = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body };
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      probes.push(recorded);
      if (req.url === "/props" && options.contextTokens) {
        return send(res, 200, {}, { default_generation_settings: { n_ctx: options.contextTokens } });
      }
      return send(res, 404, {}, errorBody(404, { message: `Unknown path ${req.url}` }));
    }
    requests.push(recorded);
    const rejection = rejectionFor(body, options);
    if (rejection) return send(res, 400, {}, errorBody(400, rejection));

    const reply = queue.shift();
    // A missing script is a test bug: fail loudly and tell the SDK not to retry it.
    if (!reply) {
      return send(
        res,
        500,
        { "x-should-retry": "false" },
        errorBody(500, { message: "fake server: no reply queued" }),
      );
    }
    sequence += 1;
    const status = reply.status ?? 200;
    const payload =
      reply.body !== undefined
        ? reply.body
        : status >= 400
          ? errorBody(status, reply.error)
          : completionBody(reply, body, sequence);
    const streaming = status < 400 && reply.body === undefined && (body as { stream?: boolean })?.stream;
    const answer = () =>
      streaming
        ? sendStream(
            res,
            reply.headers ?? {},
            payload as ReturnType<typeof completionBody>,
            reply.stallAfterChunks,
          )
        : send(res, status, reply.headers ?? {}, payload);
    if (!reply.delayMs) return answer();
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) answer();
    }, reply.delayMs);
    timers.add(timer);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    probes,
    enqueue: (...replies) => {
      queue.push(...replies);
    },
    // Idempotent, so a test may close the server early (to provoke connection errors).
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      closing ??= new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      server.closeAllConnections();
      return closing;
    },
  };
}

function completionBody(reply: ScriptedReply, request: unknown, sequence: number) {
  const toolCalls = reply.toolCalls?.map((call, index) => ({
    id: call.id ?? `call_fake_${sequence}_${index}`,
    type: "function",
    function: { name: call.name, arguments: call.arguments },
  }));
  const content = reply.content ?? null;
  const usage =
    reply.usage === null
      ? undefined
      : (reply.usage ?? {
          prompt_tokens: Math.ceil(JSON.stringify(request).length / 4),
          completion_tokens: Math.ceil((content ?? JSON.stringify(toolCalls ?? "")).length / 4),
        });
  const model = typeof request === "object" && request && "model" in request ? request.model : "unknown";
  return {
    id: `chatcmpl-fake${sequence}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content,
          refusal: null,
          annotations: [],
          ...(toolCalls?.length ? { tool_calls: toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: reply.finishReason ?? (toolCalls?.length ? "tool_calls" : "stop"),
      },
    ],
    ...(usage && {
      usage: {
        ...usage,
        total_tokens: usage.prompt_tokens + usage.completion_tokens,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0 },
      },
    }),
    service_tier: "default",
    system_fingerprint: "fp_fake",
  };
}

/** The completion as Chat Completions chunks: role, content, tool calls, finish, usage, [DONE]. */
function sendStream(
  res: ServerResponse,
  headers: Record<string, string>,
  completion: ReturnType<typeof completionBody>,
  stallAfter?: number,
) {
  const choice = completion.choices[0];
  const base = {
    id: completion.id,
    object: "chat.completion.chunk",
    created: completion.created,
    model: completion.model,
  };
  const delta = (d: object, finish: string | null = null) => ({
    ...base,
    choices: [{ index: 0, delta: d, finish_reason: finish, logprobs: null }],
  });
  const chunks: object[] = [delta({ role: "assistant", content: "" })];
  const content = choice?.message.content ?? "";
  for (let i = 0; i < content.length; i += 8) chunks.push(delta({ content: content.slice(i, i + 8) }));
  (choice?.message.tool_calls ?? []).forEach((call, index) => {
    chunks.push(
      delta({
        tool_calls: [
          { index, id: call.id, type: "function", function: { name: call.function.name, arguments: "" } },
        ],
      }),
    );
    chunks.push(delta({ tool_calls: [{ index, function: { arguments: call.function.arguments } }] }));
  });
  chunks.push(delta({}, choice?.finish_reason ?? "stop"));
  if (completion.usage) chunks.push({ ...base, choices: [], usage: completion.usage });
  res.writeHead(200, { "content-type": "text/event-stream", ...headers });
  const shown = stallAfter === undefined ? chunks : chunks.slice(0, stallAfter);
  for (const chunk of shown) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  if (stallAfter === undefined) res.end("data: [DONE]\n\n");
}

function errorBody(status: number, overrides: ScriptedReply["error"] = {}) {
  const defaults = errorTypes[status] ?? {
    type: status >= 500 ? "server_error" : "invalid_request_error",
    code: null,
  };
  return {
    error: {
      message: overrides.message ?? `fake server error ${status}`,
      type: overrides.type ?? defaults.type,
      param: null,
      code: overrides.code !== undefined ? overrides.code : defaults.code,
    },
  };
}

/** The messages real servers send when they lack a feature (OpenAI's wording). */
function rejectionFor(body: unknown, options: FakeOpenAIServerOptions): ScriptedReply["error"] | null {
  const request = (body ?? {}) as {
    response_format?: { type?: string; json_schema?: { schema?: unknown } };
    tool_choice?: unknown;
  };
  const limit = options.grammarRepetitionLimit;
  if (limit !== undefined && request.response_format?.type === "json_schema") {
    const text = JSON.stringify(request.response_format.json_schema?.schema ?? {});
    const bounds = [...text.matchAll(/"(?:maxLength|minLength|maxItems|minItems)":(\d+)/g)].map((m) =>
      Number(m[1]),
    );
    if (bounds.some((n) => n >= limit)) {
      return {
        message: "Failed to initialize samplers: failed to parse grammar",
        type: "invalid_request_error",
      };
    }
  }
  if (options.rejectJsonSchema && request.response_format?.type === "json_schema") {
    return {
      message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
    };
  }
  if (options.rejectRequiredToolChoice && request.tool_choice === "required") {
    return { message: "Invalid value for 'tool_choice': 'required' is not supported with this model." };
  }
  return null;
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, payload: unknown) {
  const text = typeof payload === "string" ? payload : JSON.stringify(payload);
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
