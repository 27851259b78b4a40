import "server-only";
import type { Dirent } from "node:fs";
import { readdir, readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { dataDir } from "../../runs/data-dir";
import { BenchResults } from "./results";

/** Where every result set lives: one folder per set, named by `npm run bench -- --out <folder>`. */
export const benchRoot = (): string => path.join(dataDir(), "bench");

/** The set `npm run bench` writes without `--out`, and the one the /bench page opens first. */
export const DEFAULT_SET = "latest";

const SET_NAME = /^[A-Za-z0-9_.-]{1,80}$/;
// The CLI writes a set into `<out>.partial-<pid>` and renames it when done: never a set of its own.
const STAGING = /\.partial-\d+$/;

/** A name that can only be a folder directly inside the bench folder (it comes from a URL). */
export const isSetName = (name: string): boolean =>
  SET_NAME.test(name) && name !== "." && name !== ".." && !STAGING.test(name);

/** The folder of a set; only for a name that passed isSetName. */
export const setDir = (name: string): string => path.join(benchRoot(), name);

export const resultsFile = (name: string): string => path.join(setDir(name), "results.json");

export interface BenchSet {
  name: string;
  /** When its results.json was last written. */
  modifiedMs: number;
}

const errorCode = (e: unknown): string | undefined =>
  e instanceof Error && "code" in e && typeof e.code === "string" ? e.code : undefined;

/**
 * Every result set, by name: each folder of the bench folder holding a results.json. Symlinked
 * folders are left out, so a set never reads from outside the bench folder.
 */
export async function listSets(): Promise<BenchSet[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(benchRoot(), { withFileTypes: true });
  } catch (e) {
    if (errorCode(e) === "ENOENT" || errorCode(e) === "ENOTDIR") return [];
    throw e;
  }
  const sets = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory() && isSetName(entry.name))
      .map(async (entry): Promise<BenchSet | null> => {
        try {
          const info = await stat(resultsFile(entry.name));
          return info.isFile() ? { name: entry.name, modifiedMs: info.mtimeMs } : null;
        } catch (e) {
          if (errorCode(e) === "ENOENT") return null;
          throw e;
        }
      }),
  );
  return sets
    .filter((s): s is BenchSet => s !== null)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The set shown when none is asked for: `latest` if there is one, else the most recently written. */
export function defaultSet(sets: BenchSet[]): string | null {
  if (sets.some((s) => s.name === DEFAULT_SET)) return DEFAULT_SET;
  const newest = sets.reduce<BenchSet | null>((a, s) => (a && a.modifiedMs >= s.modifiedMs ? a : s), null);
  return newest?.name ?? null;
}

export type SetChoice =
  | { ok: true; set: string; sets: BenchSet[] }
  | { ok: false; reason: "none" }
  | { ok: false; reason: "unknown"; sets: BenchSet[] };

/** The set a page or link asked for (a query parameter), checked against the sets that exist. */
export async function chooseSet(requested: string | undefined): Promise<SetChoice> {
  const sets = await listSets();
  if (sets.length === 0) return { ok: false, reason: "none" };
  const set = requested === undefined ? defaultSet(sets) : sets.find((s) => s.name === requested)?.name;
  return set ? { ok: true, set, sets } : { ok: false, reason: "unknown", sets };
}

export type SetResults =
  | { ok: true; results: BenchResults }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "invalid"; message: string };

/** A set's results.json, validated; "missing" when there is no such set or it has none. */
export async function readResults(set: string): Promise<SetResults> {
  if (!isSetName(set)) return { ok: false, reason: "missing" };
  let text: string;
  try {
    text = await readFile(resultsFile(set), "utf8");
  } catch (e) {
    const code = errorCode(e);
    if (code === "ENOENT") return { ok: false, reason: "missing" };
    console.error(`bench: could not read results.json of set ${set}:`, e);
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
 * The kept events (JSON Lines) of one case of a set (the default set when none is named), or null
 * when there is no such set or no such case kept any. Only a listed set is opened, only a case's own
 * eventsFile is ever read, and only if it resolves (symlinks included) inside the set's folder: the
 * set and the run id come from a URL.
 */
export async function readCaseEvents(
  requestedSet: string | undefined,
  runId: string,
): Promise<string | null> {
  const choice = await chooseSet(requestedSet);
  if (!choice.ok) return null;
  const read = await readResults(choice.set);
  if (!read.ok) return null;
  const kept = read.results.cases.find((c) => c.runId === runId && c.eventsFile !== null);
  if (!kept?.eventsFile) return null;
  const dir = setDir(choice.set);
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
