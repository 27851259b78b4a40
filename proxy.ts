import { type NextRequest, NextResponse } from "next/server";
import { contentSecurityPolicy, staticSecurityHeaders } from "@/lib/security/csp";
import { allowedHosts, guardRequest } from "@/lib/security/request-guard";

const hosts = allowedHosts(process.env);
const dev = process.env.NODE_ENV === "development";

/**
 * Runs before every page, route and server action: refuses unknown hosts, cross-origin writes and
 * non-JSON bodies on JSON routes, then sets a per-request CSP nonce. Who may do what is checked
 * again in each route and action (lib/auth); this is the transport-level gate, not authorization.
 */
export function proxy(request: NextRequest) {
  // Next's router answers a path it cannot decode with a 500 before any route runs: say what is wrong.
  if (!decodablePath(request.nextUrl.pathname)) {
    return NextResponse.json(
      { ok: false, code: "invalid_input", message: "The path has malformed percent-encoding." },
      { status: 400, headers: staticSecurityHeaders },
    );
  }
  const failure = guardRequest(request.method, request.nextUrl.pathname, request.headers, hosts);
  if (failure) {
    return NextResponse.json(
      { ok: false, code: failure.code, message: failure.message },
      { status: failure.status, headers: staticSecurityHeaders },
    );
  }
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = contentSecurityPolicy(nonce, dev);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  for (const [name, value] of Object.entries(staticSecurityHeaders)) response.headers.set(name, value);
  return response;
}

function decodablePath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export const config = {
  // Static build files carry no state and get their headers from next.config.js.
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
