import "server-only";
import { diskFullError } from "@/db/data-folder-lock";
import { dataDir } from "./data-dir";
import { httpStatusOf, isServiceError, ServiceError, toFailure } from "./errors";
import { fsErrorCode, isTransientDbError } from "./resource-errors";
import { decodePathSegment } from "./safe-text";

/** JSON bodies of the API are small (a goal, an answer, a fork's edits). */
export const MAX_JSON_BYTES = 1_000_000;

/**
 * The body's bytes, refused as soon as they pass `maxBytes` — counted while streaming, so neither a
 * false Content-Length nor a chunked body gets past the cap, and nothing over it is buffered.
 */
export async function* cappedBody(request: Request, maxBytes: number, what = "The request body") {
  const tooLarge = () =>
    new ServiceError("too_large", `${what} is over ${(maxBytes / 1_000_000).toLocaleString("en")} MB.`);
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) return;
  const reader = request.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > maxBytes) throw tooLarge();
      yield value;
    }
  } finally {
    // Stop reading (and let the connection drop the rest) when the consumer stops early.
    await reader.cancel().catch(() => {});
  }
}

/** The whole body as bytes, within `maxBytes`. */
export async function readCapped(
  request: Request,
  maxBytes: number,
  what?: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const part of cappedBody(request, maxBytes, what)) {
    parts.push(part);
    size += part.byteLength;
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.byteLength;
  }
  return all;
}

/** Read a JSON body; a malformed or oversized one is the caller's error, not the server's. */
export async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = new TextDecoder().decode(await readCapped(request, MAX_JSON_BYTES));
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ServiceError("invalid_input", "The request body is not valid JSON.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new ServiceError("invalid_input", "The request body must be a JSON object.");
  return value as Record<string, unknown>;
}

/** A path parameter, decoded once; malformed percent-encoding is a 400. */
export function pathParam(raw: string, name: string): string {
  const decoded = decodePathSegment(raw);
  if (decoded === null) throw new ServiceError("invalid_input", `${name}: malformed percent-encoding.`);
  return decoded;
}

/** Route handlers stay thin: call one service function, map its errors once, here. */
export async function respond(fn: () => Promise<unknown>, okStatus = 200): Promise<Response> {
  try {
    const value = await fn();
    return Response.json(value, { status: okStatus });
  } catch (e) {
    const error = isServiceError(e) ? e : await resourceFault(e);
    return Response.json(toFailure(error), { status: httpStatusOf(error) });
  }
}

/**
 * An unexpected error caused by the machine, not the request — a full disk, a database that cannot
 * be reached — becomes a 503 that says so (and is logged); anything else stays an internal error.
 */
async function resourceFault(e: unknown): Promise<unknown> {
  const full = fsErrorCode(e) === "ENOSPC" || (await diskFullError(dataDir()).then(Boolean, () => false));
  const unreachable = isTransientDbError(e);
  if (!full && !unreachable) return e;
  console.error("request failed on a resource fault:", e);
  return new ServiceError(
    "unavailable",
    full
      ? "The server's disk is full: nothing can be saved until space is freed. Try again then."
      : "The database cannot be reached right now; try again shortly.",
  );
}
