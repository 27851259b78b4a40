/** @type {import('next').NextConfig} */
const nextConfig = {
  // Type checking runs in `npm test` with TypeScript 7 (tsc), which has no compiler API for Next to call.
  typescript: { ignoreBuildErrors: true },
  // node-llama-cpp loads native binaries at run time: required from node_modules, never bundled.
  serverExternalPackages: ["@electric-sql/pglite", "node-llama-cpp"],
};

export default nextConfig;
