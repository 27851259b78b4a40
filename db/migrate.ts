import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Pool } from "pg";

// Any constant: serializes migrations of processes that start together on one PostgreSQL.
const MIGRATION_LOCK = 7_240_311;

type AnyDb = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

export type MigrateTarget =
  | { kind: "pglite"; migrationsFolder: string }
  | { kind: "postgres"; pool: Pool; migrationsFolder: string; schema?: string };

/** Applies the committed drizzle-kit migrations that this database has not seen; safe to repeat. */
export async function applyMigrations(db: AnyDb, target: MigrateTarget): Promise<void> {
  const { migrationsFolder } = target;
  if (target.kind === "pglite") {
    // One connection, one process: nothing to lock.
    await migratePglite(db as unknown as PgliteDatabase<Record<string, unknown>>, { migrationsFolder });
    return;
  }
  // The lock is per connection, so the migration runs on the connection holding it.
  const client = await target.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    const locked: NodePgDatabase = drizzleNodePg({ client });
    if (target.schema) await migrateIntoSchema(locked, migrationsFolder, target.schema);
    else await migrateNodePg(locked, { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

/**
 * drizzle-kit qualifies foreign keys with `"public".`; to build the same tables in another schema
 * (test isolation) the statements are re-qualified, and the journal is kept in that schema too.
 * This is what drizzle's own migrators do (`dialect.migrate`), with the statements rewritten.
 */
async function migrateIntoSchema(db: NodePgDatabase, migrationsFolder: string, schema: string) {
  const migrations = readMigrationFiles({ migrationsFolder });
  for (const m of migrations) m.sql = m.sql.map((s) => s.replaceAll('"public".', `"${schema}".`));
  const internals = db as unknown as {
    dialect: { migrate(m: unknown, session: unknown, config: unknown): Promise<void> };
    session: unknown;
  };
  await internals.dialect.migrate(migrations, internals.session, {
    migrationsFolder,
    migrationsSchema: schema,
  });
}
