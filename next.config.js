/** @type {import('next').NextConfig} */
const nextConfig = {
  // Type checking runs in `npm test` with TypeScript 7 (tsc), which has no compiler API for Next to call.
  typescript: { ignoreBuildErrors: true },
  // node-llama-cpp loads native binaries at run time: required from node_modules, never bundled.
  // jieba-wasm reads its .wasm file beside its own module; the word list is a JSON file required at run time.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "node-llama-cpp",
    "jieba-wasm",
    "an-array-of-english-words",
  ],
  poweredByHeader: false,
  // proxy.ts runs before every route, and Next buffers at most this much of a body for it (10 MB by
  // default, cutting the rest silently): a run export of a long run is larger. Kept in step with
  // MAX_IMPORT_BYTES in lib/runs/service/import-run.ts, which refuses anything bigger itself.
  experimental: { proxyClientMaxBodySize: 200 * 1024 * 1024 },
  // Every response, static files included; the per-request CSP is set in proxy.ts (it needs a nonce).
  // Kept in step with staticSecurityHeaders in lib/security/csp.ts.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "same-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
