/**
 * Benches run server modules under plain tsx, outside Next: the `server-only` marker throws there
 * (it is empty only under the `react-server` condition). This resolve hook maps it to its empty
 * module, as vitest.config.ts does for tests. Import modules that use the marker dynamically,
 * after calling this.
 */
import { register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

export function allowServerOnly(): void {
  const empty = pathToFileURL(path.join(process.cwd(), "node_modules", "server-only", "empty.js")).href;
  const hook = `export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: ${JSON.stringify(empty)}, shortCircuit: true };
  return next(specifier, context);
}`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}
