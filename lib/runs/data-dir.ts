import path from "node:path";

/** Where runs, workspaces and the embedded database live: `PREFRONTAL_DATA_DIR`, default `.data/`. */
export function dataDir(env: Record<string, string | undefined> = process.env): string {
  // Chosen at run time, not a build input: keep the bundler from tracing the whole project folder.
  return path.resolve(/*turbopackIgnore: true*/ env.PREFRONTAL_DATA_DIR?.trim() || ".data");
}

export const runDir = (root: string, runId: string) => path.join(root, "runs", runId);
