import { type SQL, sql } from "drizzle-orm";
import { type NodePgDatabase, NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import type { PgTransactionConfig } from "drizzle-orm/pg-core";
import type { Pool } from "pg";

type Session = NodePgSession<Record<string, unknown>, never>;
type Tx = NodePgTransaction<Record<string, unknown>, never>;
/** What drizzle keeps private on its session and needs for a transaction's own session. */
type SessionParts = {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
};

/**
 * drizzle-orm 0.45's node-postgres `transaction` sends BEGIN before the try/finally that gives the
 * pooled client back: a BEGIN that fails — its connection was terminated while it sat idle in the
 * pool, as when an operator ends the server's backends — leaves the client checked out forever,
 * and `pool.end()` then waits on it (the dropped-connections test hung on closing about one run in
 * two). This is the same transaction with BEGIN inside: the client goes back whatever fails, and a
 * client whose BEGIN or ROLLBACK failed is discarded, not reused.
 */
export function releaseOnEveryFailure(db: NodePgDatabase<Record<string, unknown>>, pool: Pool): void {
  const session = (db as unknown as { session: Session }).session;
  const { dialect, schema, options } = session as unknown as SessionParts;
  session.transaction = async <T>(run: (tx: Tx) => Promise<T>, config?: PgTransactionConfig) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const tx = new NodePgTransaction(
        dialect,
        new NodePgSession(client, dialect, schema, options),
        schema,
      ) as unknown as Tx;
      try {
        const mode = config
          ? (
              tx as unknown as { getTransactionConfigSQL(c: PgTransactionConfig): SQL }
            ).getTransactionConfigSQL(config)
          : undefined;
        await tx.execute(sql`begin${mode ? sql` ${mode}` : undefined}`);
      } catch (e) {
        broken = e instanceof Error ? e : new Error(String(e));
        throw e;
      }
      try {
        const result = await run(tx);
        await tx.execute(sql`commit`);
        return result;
      } catch (e) {
        await tx.execute(sql`rollback`).catch((r: unknown) => {
          broken = r instanceof Error ? r : new Error(String(r));
        });
        throw e;
      }
    } finally {
      client.release(broken);
    }
  };
}
