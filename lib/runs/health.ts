import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { diskFullError, freeBytes, MIN_FREE_BYTES } from "@/db/data-folder-lock";
import { dataDir } from "./data-dir";
import { fsErrorCode, isTransientDbError } from "./resource-errors";

/** How long the health check waits for the database before calling it unreachable. */
const PING_TIMEOUT_MS = 2_000;

export interface Health {
  ok: boolean;
  database: { kind: "pglite" | "postgres"; ok: boolean; latencyMs?: number; problem?: string };
  disk: { ok: boolean; freeBytes: number | null; problem?: string };
}

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timed out")), ms).unref()),
  ]);

/** Plain words for what stops the server from working, never a stack or a connection string. */
export function describeProblem(e: unknown): string {
  if (e instanceof Error && (e.name === "DataFolderLockedError" || e.name === "StorageError"))
    return e.message;
  const fs = fsErrorCode(e);
  if (fs === "ENOSPC") return "the disk is full";
  if (fs) return `the data folder cannot be written (${fs})`;
  if (isTransientDbError(e)) return "the database is unreachable";
  if (e instanceof Error && e.message === "timed out") return "the database does not answer";
  return "the database failed (the server logged why)";
}

/** The database answers, and the disk under the data folder has room: what `/api/health` reports. */
export async function checkHealth(env: Record<string, string | undefined> = process.env): Promise<Health> {
  const kind = env.DATABASE_URL?.trim() ? "postgres" : "pglite";
  const folder = dataDir(env);
  const disk: Health["disk"] = { ok: true, freeBytes: null };
  try {
    disk.freeBytes = await freeBytes(folder);
    disk.ok = disk.freeBytes >= MIN_FREE_BYTES;
    if (!disk.ok) disk.problem = (await diskFullError(folder))?.message ?? "the disk is full";
  } catch (e) {
    disk.ok = false;
    disk.problem = describeProblem(e);
  }
  const database: Health["database"] = { kind, ok: false };
  const started = performance.now();
  try {
    const { db } = await within(getDb(env), PING_TIMEOUT_MS);
    await within(db.execute(sql`select 1`), PING_TIMEOUT_MS);
    database.ok = true;
    database.latencyMs = Math.round(performance.now() - started);
  } catch (e) {
    database.problem = describeProblem(e);
  }
  // PGlite lives on the disk: a full disk is its failure too.
  const ok = database.ok && (disk.ok || kind === "postgres");
  return { ok, database, disk };
}
