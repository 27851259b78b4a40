/**
 * Checks every request before it reaches a page, route or server action (called from proxy.ts).
 * Pure functions of the method, path and headers, so they are unit-tested without a server.
 *
 * - Host: only names on the allowed list, so a DNS-rebinding page (evil.test resolving to
 *   127.0.0.1) is refused even though its requests reach the loopback port.
 * - Same origin: a state-changing request from a browser must come from this origin. Browsers send
 *   `Sec-Fetch-Site` and/or `Origin` on every cross-origin POST; a request with neither is not from
 *   a web page (curl, the CLI, CI scripts), so it cannot be a cross-site forgery.
 * - Content type: JSON routes refuse anything but application/json, so an HTML form (text/plain,
 *   form-encoded, multipart) can never be shaped into a valid call.
 */

export type GuardFailure = {
  status: number;
  code: "host_not_allowed" | "cross_origin" | "unsupported_media_type";
  message: string;
};

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]", "::1"];
const WILDCARD_BINDS = new Set(["0.0.0.0", "::", "[::]"]);

/** The allowed host names: loopback, a concrete `HOST`, `BETTER_AUTH_URL`'s host and `PREFRONTAL_ALLOWED_HOSTS` (comma-separated). */
export function allowedHosts(env: Record<string, string | undefined>): Set<string> {
  const hosts = new Set(LOOPBACK);
  const bind = env.HOST?.trim().toLowerCase();
  if (bind && !WILDCARD_BINDS.has(bind)) hosts.add(bind);
  // The public address sign-in is configured for is served, by definition.
  try {
    if (env.BETTER_AUTH_URL) hosts.add(new URL(env.BETTER_AUTH_URL).hostname.toLowerCase());
  } catch {
    // A malformed URL adds nothing; better-auth reports it at start.
  }
  for (const h of (env.PREFRONTAL_ALLOWED_HOSTS ?? "").split(",")) {
    const name = h.trim().toLowerCase();
    if (name) hosts.add(name);
  }
  return hosts;
}

/** "Example.test:3000" → "example.test"; "[::1]:3000" → "[::1]". Null when it is not a host at all. */
export function hostName(hostHeader: string | null): string | null {
  if (!hostHeader) return null;
  const value = hostHeader.trim().toLowerCase();
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/.exec(value);
  return m?.[1] ?? null;
}

export function checkHost(hostHeader: string | null, allowed: Set<string>): GuardFailure | null {
  const name = hostName(hostHeader);
  if (name !== null && allowed.has(name)) return null;
  return {
    status: 421,
    code: "host_not_allowed",
    message: `Host "${(hostHeader ?? "").slice(0, 100)}" is not served here; add it to PREFRONTAL_ALLOWED_HOSTS.`,
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** GETs that write: opening a bench case imports its events. */
function writesOnGet(pathname: string): boolean {
  return pathname.startsWith("/bench/runs/");
}

export function isStateChanging(method: string, pathname: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase()) || writesOnGet(pathname);
}

export function checkSameOrigin(headers: Headers, hostHeader: string | null): GuardFailure | null {
  const refuse: GuardFailure = {
    status: 403,
    code: "cross_origin",
    message: "Cross-origin requests may not change anything here.",
  };
  const site = headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return refuse;
  const origin = headers.get("origin");
  if (origin === null) return null;
  try {
    // "null" (sandboxed frames, file: pages) fails to parse and is refused.
    return new URL(origin).host.toLowerCase() === (hostHeader ?? "").toLowerCase() ? null : refuse;
  } catch {
    return refuse;
  }
}

/** What each writing API route accepts; the rest of /api takes JSON only. */
function acceptedTypes(pathname: string): string[] {
  if (pathname === "/api/documents") return ["multipart/form-data"];
  if (pathname === "/api/runs/import")
    return ["application/x-ndjson", "application/jsonl", "application/json"];
  return ["application/json"];
}

export function checkContentType(
  method: string,
  pathname: string,
  contentType: string | null,
): GuardFailure | null {
  if (SAFE_METHODS.has(method.toUpperCase()) || !pathname.startsWith("/api/")) return null;
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const accepted = acceptedTypes(pathname);
  if (accepted.includes(type)) return null;
  return {
    status: 415,
    code: "unsupported_media_type",
    message: `Send the body as ${accepted.join(" or ")}${type ? `, not ${type}` : ""}.`,
  };
}

/** The first failing check, in order: host, origin, content type. */
export function guardRequest(
  method: string,
  pathname: string,
  headers: Headers,
  allowed: Set<string>,
): GuardFailure | null {
  const host = headers.get("host");
  return (
    checkHost(host, allowed) ??
    (isStateChanging(method, pathname) ? checkSameOrigin(headers, host) : null) ??
    checkContentType(method, pathname, headers.get("content-type"))
  );
}
