import { randomBytes } from "node:crypto";
import { createDb, type DbHandle } from "./client";

/**
 * A PostgreSQL database of one's own inside the shared one: a fresh schema, migrated, dropped with
 * everything in it on close. Test files running in parallel never see each other's rows.
 */
export async function openIsolatedPostgres(url: string): Promise<DbHandle> {
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const handle = await createDb({ url, schema });
  return {
    ...handle,
    close: async () => {
      try {
        await handle.db.execute(`drop schema if exists "${schema}" cascade`);
      } finally {
        await handle.close();
      }
    },
  };
}
