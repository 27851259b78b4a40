import "server-only";
import { httpStatusOf, ServiceError, toFailure } from "./errors";

/** Read a JSON body; a malformed one is the caller's error, not the server's. */
export async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ServiceError("invalid_input", "The request body is not valid JSON.");
  }
}

/** Route handlers stay thin: call one service function, map its errors once, here. */
export async function respond(fn: () => Promise<unknown>, okStatus = 200): Promise<Response> {
  try {
    const value = await fn();
    return Response.json(value, { status: okStatus });
  } catch (e) {
    const failure = toFailure(e);
    const status = httpStatusOf(e);
    return Response.json(failure, { status });
  }
}
