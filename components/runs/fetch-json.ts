/** A failed API call as the server typed it (`{ ok: false, code, message }`), or a network failure. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** GET (or send) JSON to our own API; a non-2xx answer becomes an ApiError carrying the server's message. */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { cache: "no-store", ...init });
  } catch {
    throw new ApiError(
      "network",
      "The server could not be reached. Check that it is running, then retry.",
      0,
    );
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const failure = (body ?? {}) as { code?: string; message?: string };
    throw new ApiError(
      failure.code ?? `http_${res.status}`,
      failure.message ?? `The server answered ${res.status} ${res.statusText}.`,
      res.status,
    );
  }
  return body as T;
}

/** What JSON makes of a server row: dates become ISO strings. */
export type Jsonified<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};
