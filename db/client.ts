import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { Pool } from "pg";
import { dataDir } from "@/lib/runs/data-dir";
import { isTransientDbError } from "@/lib/runs/resource-errors";
import { describeFsError, diskFullError, lockDataFolder } from "./data-folder-lock";
import { applyMigrations } from "./migrate";
import { releaseOnEveryFailure } from "./pg-transaction";
import * as schema from "./schema";

/** The one query type for both drivers: queries are written once against it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /** PostgreSQL only: the pool, for what needs a connection of its own (run claims). */
  pool?: Pool;
  /** Closes the connection (pool or embedded database); a cached handle is forgotten. */
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** A PostgreSQL connection string; without it, PGlite. */
  url?: string;
  /** PGlite data folder, or "memory" (the default) for a throwaway database. */
  dataDir?: string | "memory";
  /**
   * PostgreSQL only: put every table (and the migrations journal) in this schema instead of
   * `public`, created if missing. Lets test files share one database without colliding.
   */
  schema?: string;
}

/**
 * Where drizzle-kit writes migrations (`npm run db:generate`). From the project folder (where
 * every entry point runs), not import.meta.url: bundlers rewrite that.
 */
export const migrationsFolder = path.join(/*turbopackIgnore: true*/ process.cwd(), "db", "migrations");

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** A new, migrated connection that nobody else shares (tests, scripts). */
export async function createDb(opts: CreateDbOptions = {}): Promise<DbHandle> {
  if (opts.url) return openPostgres(opts.url, opts.schema);
  if (opts.schema) throw new Error("createDb: `schema` is only supported with PostgreSQL (`url`).");
  return openPglite(opts.dataDir ?? "memory");
}

async function openPglite(dir: string): Promise<DbHandle> {
  if (dir === "memory") {
    const client = new PGlite();
    const db = drizzlePglite({ client, schema });
    await applyMigrations(db, { kind: "pglite", migrationsFolder }).catch(async (e) => {
      await client.close();
      throw e;
    });
    return { db, kind: "pglite", close: () => client.close() };
  }
  // A full disk makes PGlite fail (or hang) without a word about the disk: look first.
  const full = await diskFullError(dir);
  if (full) throw full;
  await mkdir(path.resolve(dir), { recursive: true }).catch((e) => {
    throw describeFsError(e, dir);
  });
  // PGlite is one process's database: a second server on the folder would see some runs, write
  // others, and lose them when both stop. The lock is taken before PGlite opens the folder.
  const unlock = await lockDataFolder(dir);
  let client: PGlite | undefined;
  try {
    client = new PGlite(dir);
    const db = drizzlePglite({ client, schema });
    await applyMigrations(db, { kind: "pglite", migrationsFolder });
    const opened = client;
    return {
      db,
      kind: "pglite",
      close: async () => {
        await opened.close();
        await unlock();
      },
    };
  } catch (e) {
    await client?.close().catch(() => {});
    await unlock();
    throw (await diskFullError(dir)) ?? describeFsError(e, dir);
  }
}

async function openPostgres(url: string, schemaName: string | undefined): Promise<DbHandle> {
  if (schemaName !== undefined && !SCHEMA_NAME.test(schemaName)) {
    throw new Error(`createDb: schema "${schemaName}" must be a lower-case SQL identifier.`);
  }
  const pool = new Pool({
    connectionString: url,
    // Names this server's connections in pg_stat_activity (and lets a test find its own).
    application_name: schemaName ? `prefrontal-${schemaName}` : "prefrontal",
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", (e) => console.error("postgres pool:", e.message));
  // A checked-out client (a transaction: most appends now) losing its connection rejects its
  // query, which the run's recovery handles; the client's own 'error' event must not also crash
  // the process as an uncaught exception.
  pool.on("connect", (client) => {
    client.on("error", (e) => console.error("postgres client:", e.message));
  });
  retryDroppedReads(pool);
  const db: NodePgDatabase<typeof schema> = drizzleNodePg({ client: pool, schema });
  releaseOnEveryFailure(db as unknown as NodePgDatabase<Record<string, unknown>>, pool);
  try {
    if (schemaName) await pool.query(`create schema if not exists "${schemaName}"`);
    await applyMigrations(db, { kind: "postgres", pool, migrationsFolder, schema: schemaName });
  } catch (e) {
    await pool.end();
    throw e;
  }
  return { db, kind: "postgres", pool, close: () => endPool(pool) };
}

/** How long closing waits for checked-out clients before giving up on them. */
const CLOSE_WAIT_MS = 5_000;

/**
 * `pool.end()` waits for every checked-out client to come back. The one that never did (the
 * dropped-connections test hung on closing about one run in two) was a transaction's whose BEGIN
 * met a terminated connection: `releaseOnEveryFailure` gives it back now. The bound stays, so that a
 * client some future path forgets cannot hang a shutdown: closing waits a while, then returns.
 */
async function endPool(pool: Pool): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.error(`postgres: closing gave up after ${CLOSE_WAIT_MS} ms on clients still checked out`);
      resolve();
    }, CLOSE_WAIT_MS);
    timer.unref?.();
  });
  await Promise.race([pool.end(), gaveUp]);
  clearTimeout(timer);
}

/**
 * A read that fails because its pooled connection had been dropped (a database restart, a
 * terminated backend) is sent again, a few times, on a fresh connection. Writes are not repeated here:
 * one may have committed before the connection went; the run service recovers those from the log.
 */
function retryDroppedReads(pool: Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const isRead = (q: unknown) => {
    const text = typeof q === "string" ? q : (q as { text?: unknown } | null)?.text;
    return typeof text === "string" && /^\s*select\b/i.test(text);
  };
  (pool as unknown as { query: typeof query }).query = (...args: unknown[]) => {
    const first = query(...args);
    if (typeof args.at(-1) === "function" || !isRead(args[0])) return first;
    // Several idle connections can die at once (a failover, an operator's terminate): the pool
    // drops each as its error arrives, so a retry may meet another dead one first — a few tries,
    // a moment apart, reach a live or fresh connection.
    const retry = (e: unknown, left: number): Promise<unknown> =>
      isTransientDbError(e) && left > 0
        ? new Promise((r) => setTimeout(r, 50)).then(() =>
            query(...args).catch((again: unknown) => retry(again, left - 1)),
          )
        : Promise.reject(e);
    return first.catch((e: unknown) => retry(e, READ_RETRIES));
  };
}

/** Tries after the first for a read that met a dropped connection. */
const READ_RETRIES = 3;

const cache = globalThis as typeof globalThis & { __prefrontalDb?: Promise<DbHandle> };

/**
 * The app's database, opened and migrated once per process and cached on `globalThis`, so a dev
 * reload never opens a second PGlite on the same folder. PostgreSQL when `DATABASE_URL` is set,
 * else PGlite in `<PREFRONTAL_DATA_DIR>/pglite`.
 */
export function getDb(env: Record<string, string | undefined> = process.env): Promise<DbHandle> {
  cache.__prefrontalDb ??= openShared(env).catch((e: unknown) => {
    cache.__prefrontalDb = undefined;
    throw e;
  });
  return cache.__prefrontalDb;
}

async function openShared(env: Record<string, string | undefined>): Promise<DbHandle> {
  const url = env.DATABASE_URL?.trim();
  const handle = url
    ? await createDb({ url })
    : await createDb({ dataDir: path.join(dataDir(env), "pglite") });
  const shared: DbHandle = {
    ...handle,
    close: async () => {
      if (cache.__prefrontalDb && (await cache.__prefrontalDb) === shared) cache.__prefrontalDb = undefined;
      await handle.close();
    },
  };
  return shared;
}

/** Close the process's database if it was opened (shutdown). */
export async function closeSharedDb(): Promise<void> {
  const pending = cache.__prefrontalDb;
  if (!pending) return;
  const handle = await pending.catch(() => null);
  await handle?.close();
}
