import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { Pool } from "pg";
import { dataDir } from "@/lib/runs/data-dir";
import { describeFsError, lockDataFolder } from "./data-folder-lock";
import { applyMigrations } from "./migrate";
import * as schema from "./schema";

/** The one query type for both drivers: queries are written once against it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
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
    throw describeFsError(e, dir);
  }
}

async function openPostgres(url: string, schemaName: string | undefined): Promise<DbHandle> {
  if (schemaName !== undefined && !SCHEMA_NAME.test(schemaName)) {
    throw new Error(`createDb: schema "${schemaName}" must be a lower-case SQL identifier.`);
  }
  const pool = new Pool({
    connectionString: url,
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", (e) => console.error("postgres pool:", e.message));
  const db: NodePgDatabase<typeof schema> = drizzleNodePg({ client: pool, schema });
  try {
    if (schemaName) await pool.query(`create schema if not exists "${schemaName}"`);
    await applyMigrations(db, { kind: "postgres", pool, migrationsFolder, schema: schemaName });
  } catch (e) {
    await pool.end();
    throw e;
  }
  return { db, kind: "postgres", close: () => pool.end() };
}

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
