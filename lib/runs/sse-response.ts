import "server-only";
import { httpStatusOf, ServiceError, toFailure } from "./errors";
import { pathParam } from "./http";
import { requireRun } from "./service/run-context-for";
import type { RunService } from "./service/run-service";
import { encodeFrame, type StreamFrame, watchRun } from "./watch-run";

/** The cursor: `Last-Event-ID` on a reconnect, else `?after=`; -1 replays from the start. */
export function parseCursor(request: Request): number {
  const raw = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after");
  if (raw === null || raw === "") return -1;
  if (!/^-?\d{1,9}$/.test(raw.trim()) || Number(raw) < -1) {
    throw new ServiceError(
      "invalid_input",
      `Malformed event cursor "${raw.slice(0, 40)}": use an event seq (an integer ≥ -1).`,
    );
  }
  return Number(raw);
}

/**
 * Open event streams of this process, and their cap: each holds a connection and a watcher, and
 * one client opening hundreds must not starve everyone else. `PREFRONTAL_MAX_STREAMS` moves it.
 */
const open = { streams: 0 };
/** Frames sent together are cut at about this size, so a long history still arrives progressively. */
const CHUNK_CHARS = 64 * 1024;
export const maxStreams = () => Number(process.env.PREFRONTAL_MAX_STREAMS) || 200;
export const openStreams = () => open.streams;

/**
 * Server-Sent Events for one run. Everything fallible (the run exists, the cursor parses) happens
 * before the stream starts; after that the response is only frames.
 */
export async function sseResponse(service: RunService, runId: string, request: Request): Promise<Response> {
  let after: number;
  try {
    after = parseCursor(request);
    await requireRun(service, pathParam(runId, "runId"));
    if (open.streams >= maxStreams()) {
      throw new ServiceError(
        "busy",
        `The server is serving ${open.streams} live streams, its limit; close some tabs or try again shortly.`,
      );
    }
  } catch (e) {
    const status = httpStatusOf(e);
    return Response.json(toFailure(e), { status });
  }
  const encoder = new TextEncoder();
  const abort = new AbortController();
  open.streams++;
  abort.signal.addEventListener("abort", () => open.streams--, { once: true });
  request.signal.addEventListener("abort", () => abort.abort(), { once: true });
  // The client may have left while the run was looked up: then no abort event is coming.
  if (request.signal.aborted) abort.abort();
  const frames = watchRun(service.store, service.bus, runId, after, { signal: abort.signal });
  // A frame asked for but not ready when the chunk was sent: the next pull starts with it.
  let ahead: Promise<IteratorResult<StreamFrame>> | null = null;
  const nextFrame = () => {
    const next = ahead ?? frames.next();
    ahead = null;
    return next;
  };
  /** The next frame if the generator has it now (stored history); null if it has to wait for one. */
  const readyFrame = async () => {
    const next = frames.next();
    const settled = await Promise.race([
      next.then(
        () => true,
        () => true,
      ),
      new Promise<false>((resolve) => setImmediate(resolve, false)),
    ]);
    if (settled) return next;
    ahead = next;
    return null;
  };
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        // Frames that are ready together leave in one chunk: a history of thousands of events as a
        // few dozen writes instead of one write (and one read in the browser) per event.
        let text = "";
        let next = await nextFrame();
        while (!next.done) {
          text += encodeFrame(next.value);
          if (text.length >= CHUNK_CHARS) break;
          const more = await readyFrame();
          if (!more) break;
          next = await more;
        }
        // The client may have gone while we waited: the stream is closed, nothing to send.
        if (abort.signal.aborted) return;
        if (text) controller.enqueue(encoder.encode(text));
        if (next.done) {
          controller.close();
          abort.abort();
        }
      } catch (e) {
        if (abort.signal.aborted) return;
        service.log(`event stream of ${runId} failed:`, e);
        controller.close();
        abort.abort();
      }
    },
    async cancel() {
      abort.abort();
      await frames.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
