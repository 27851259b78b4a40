import "server-only";
import { readFile, realpath } from "node:fs/promises";
import path from "node:path";
import { dataDir } from "../../runs/data-dir";
import { BenchResults } from "./results";

/** Where `npm run bench` writes by default and the /bench page reads. */
export const benchDir = (): string => path.join(dataDir(), "bench", "latest");

export const resultsFile = (): string => path.join(benchDir(), "results.json");

export type LatestResults =
  | { ok: true; results: BenchResults }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "invalid"; message: string };

const errorCode = (e: unknown): string | undefined =>
  e instanceof Error && "code" in e && typeof e.code === "string" ? e.code : undefined;

/** The latest results.json, validated; "missing" until a benchmark has written one. */
export async function readLatestResults(): Promise<LatestResults> {
  let text: string;
  try {
    text = await readFile(resultsFile(), "utf8");
  } catch (e) {
    const code = errorCode(e);
    if (code === "ENOENT") return { ok: false, reason: "missing" };
    console.error("bench: could not read results.json:", e);
    return {
      ok: false,
      reason: "invalid",
      message: `results.json could not be read (${code ?? "unknown error"}).`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: "invalid", message: "results.json is not valid JSON." };
  }
  const parsed = BenchResults.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join(".") : "(top level)";
    return { ok: false, reason: "invalid", message: `${where}: ${issue?.message ?? "invalid value"}` };
  }
  return { ok: true, results: parsed.data };
}

/** True when `target` is `root` itself or lies below it. */
const isInside = (root: string, target: string): boolean => {
  const rel = path.relative(root, target);
  return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel);
};

/**
 * The kept events (JSON Lines) of one case of the latest results, or null when no such case kept
 * any. Only a case's own eventsFile is ever read, and only if it resolves (symlinks included)
 * inside the results folder: the run id comes from a URL.
 */
export async function readCaseEvents(runId: string): Promise<string | null> {
  const latest = await readLatestResults();
  if (!latest.ok) return null;
  const kept = latest.results.cases.find((c) => c.runId === runId && c.eventsFile !== null);
  if (!kept?.eventsFile) return null;
  const dir = benchDir();
  const file = path.resolve(dir, kept.eventsFile);
  if (!isInside(dir, file)) return null;
  try {
    const real = await realpath(file);
    if (!isInside(await realpath(dir), real)) return null;
    return await readFile(real, "utf8");
  } catch (e) {
    if (errorCode(e) === "ENOENT") return null;
    throw e;
  }
}
