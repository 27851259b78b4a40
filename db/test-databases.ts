import { afterAll, beforeAll, describe, it } from "vitest";
import { createDb, type DbHandle } from "./client";
import { openIsolatedPostgres } from "./isolated-postgres";

/** Set it to also run the database tests on PostgreSQL, e.g. postgresql://postgres@127.0.0.1:5432/test. */
export const TEST_DATABASE_URL = process.env.DATABASE_URL?.trim() || undefined;

/** Opening PGlite compiles its WebAssembly: slower than a test's default timeout. */
const OPEN_TIMEOUT_MS = 60_000;

export interface TestTarget {
  name: string;
  open(): Promise<DbHandle>;
}

export const pgliteTarget: TestTarget = { name: "PGlite (in memory)", open: () => createDb() };
export const postgresTarget: TestTarget | undefined = TEST_DATABASE_URL
  ? { name: "PostgreSQL", open: () => openIsolatedPostgres(TEST_DATABASE_URL) }
  : undefined;

/**
 * Declares `suite` once per database, each block with its own database: always PGlite in memory,
 * and PostgreSQL when DATABASE_URL is set — otherwise a skipped block says why.
 */
export function describeOnEachDatabase(title: string, suite: (db: () => DbHandle) => void): void {
  for (const target of [pgliteTarget, postgresTarget]) {
    if (!target) {
      const reason = "skipped because DATABASE_URL is unset";
      describe.skip(`${title} [PostgreSQL] — ${reason}`, () => {
        console.warn(`${title} [PostgreSQL]: ${reason} (e.g. postgresql://postgres@127.0.0.1:5432/test).`);
        it(`runs only when DATABASE_URL is set`, () => {});
      });
      continue;
    }
    describe(`${title} [${target.name}]`, () => {
      let handle: DbHandle | undefined;
      beforeAll(async () => {
        handle = await target.open();
      }, OPEN_TIMEOUT_MS);
      afterAll(async () => {
        await handle?.close();
      });
      suite(() => {
        if (!handle) throw new Error("the test database is not open");
        return handle;
      });
    });
  }
}
