import { firstPaintScriptHash } from "./first-paint-script";

/**
 * The Content-Security-Policy for one response. Next.js writes its own inline scripts (the RSC
 * payload) on every page, so scripts run only with this request's nonce (Next reads it from the
 * request's CSP header and stamps its scripts) or as our hashed first-paint script; nothing else
 * inline, no remote script. Styles keep 'unsafe-inline': React renders `style=` attributes (the
 * DAG positions every node that way), which no nonce can cover, and styles cannot run code.
 * Images: own origin and data:/blob: only, so a document can never fire a remote tracking pixel.
 */
export function contentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    // React's dev build reconstructs server stacks with eval; production never does.
    `script-src 'self' 'nonce-${nonce}' '${firstPaintScriptHash}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers for every response, static files included (set from next.config.js too). */
export const staticSecurityHeaders: Record<string, string> = {
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
};
