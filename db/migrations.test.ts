import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle, getDb, migrationsFolder } from "./client";
import { applyMigrations } from "./migrate";
import { runs } from "./schema";
import { describeOnEachDatabase, TEST_DATABASE_URL } from "./test-databases";

const TABLES = [
  "api_tokens",
  "artifacts",
  "auth_accounts",
  "auth_sessions",
  "auth_users",
  "auth_verifications",
  "documents",
  "lessons",
  "prompt_skills",
  "questions",
  "run_events",
  "run_owners",
  "run_snapshots",
  "run_state_chunks",
  "runs",
];

async function tableNames(h: DbHandle): Promise<string[]> {
  const rows = await h.db
    .select({ name: sql<string>`table_name` })
    .from(sql`information_schema.tables`)
    .where(
      sql`table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> '__drizzle_migrations'`,
    )
    .orderBy(sql`table_name`);
  return rows.map((r) => r.name);
}

describeOnEachDatabase("migrations", (handle) => {
  it("create every table, and applying them again changes nothing", async () => {
    const h = handle();
    expect(await tableNames(h)).toEqual(TABLES);
    await h.db.insert(runs).values({ id: "kept", goal: "g", model: "m", config: {} as never });
    let again: Promise<void>;
    if (h.kind === "pglite") {
      again = applyMigrations(h.db, { kind: "pglite", migrationsFolder });
    } else {
      // Reopen the same (isolated) schema twice: each open migrates.
      const [row] = await h.db.select({ schema: sql<string>`current_schema()` }).from(sql`(select 1) as one`);
      again = (async () => {
        for (let i = 0; i < 2; i++)
          await (await createDb({ url: TEST_DATABASE_URL, schema: row?.schema })).close();
      })();
    }
    await expect(again).resolves.toBeUndefined();
    expect(await tableNames(h)).toEqual(TABLES);
    expect(await h.db.select({ id: runs.id }).from(runs)).toEqual([{ id: "kept" }]);
  });
});

describe("the PGlite data folder", () => {
  const root = mkdtempSync(path.join(tmpdir(), "prefrontal-db-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("keeps data across reopen, migrating only once", async () => {
    const dir = path.join(root, "nested", "pglite");
    const first = await createDb({ dataDir: dir });
    await first.db.insert(runs).values({ id: "persisted", goal: "g", model: "m", config: {} as never });
    await first.close();
    const second = await createDb({ dataDir: dir });
    expect(await second.db.select({ id: runs.id }).from(runs)).toEqual([{ id: "persisted" }]);
    await second.close();
  }, 60_000);

  it("getDb opens <PREFRONTAL_DATA_DIR>/pglite once per process (cached on globalThis)", async () => {
    const env = { PREFRONTAL_DATA_DIR: path.join(root, "data") };
    const a = await getDb(env);
    const b = await getDb(env);
    expect(b).toBe(a);
    expect(a.kind).toBe("pglite");
    expect(await tableNames(a)).toEqual(TABLES);
    await a.close();
    const c = await getDb(env);
    expect(c).not.toBe(a);
    await c.close();
  }, 60_000);
});
