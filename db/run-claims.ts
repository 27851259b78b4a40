import type { Pool, PoolClient } from "pg";
import type { RunClaims } from "@/lib/runs/service/run-service";

// Advisory lock namespace (the first key) for "this server drives run <hashtext(id)>".
const DRIVER_LOCK_SPACE = 7_240_312;

/**
 * One driver per run on a shared PostgreSQL: a session advisory lock per run, all held on one
 * connection of this server. Another server's `claim` fails while it is held; if this server dies
 * or its connection drops, PostgreSQL releases the locks and another server may take the runs over
 * (the append guard on `last_seq` still refuses any interleaved write).
 */
export class PgRunClaims implements RunClaims {
  private client: Promise<PoolClient> | null = null;
  private readonly held = new Map<string, number>();
  /** One query at a time on the claims connection (pg deprecates overlapping queries on a client). */
  private queue: Promise<unknown> = Promise.resolve();

  private query<T>(text: string, values: unknown[]): Promise<{ rows: T[] }> {
    const run = this.queue.then(async () => (await this.connection()).query(text, values));
    this.queue = run.catch(() => {});
    return run as Promise<{ rows: T[] }>;
  }

  constructor(
    private readonly pool: Pool,
    private readonly log: (...args: unknown[]) => void = console.error,
  ) {}

  private connection(): Promise<PoolClient> {
    this.client ??= this.pool.connect().then((c) => {
      c.on("error", (e) => {
        // The locks went with the connection: forget them, the next claim reconnects.
        this.log("postgres: the run-claims connection was lost:", e.message);
        this.client = null;
        this.held.clear();
        c.release(e);
      });
      return c;
    });
    this.client.catch(() => {
      this.client = null;
    });
    return this.client;
  }

  async claim(runId: string): Promise<boolean> {
    const { rows } = await this.query<{ ok: boolean }>(
      "select pg_try_advisory_lock($1::int, hashtext($2)) as ok",
      [DRIVER_LOCK_SPACE, runId],
    );
    const ok = rows[0]?.ok === true;
    if (ok) this.held.set(runId, (this.held.get(runId) ?? 0) + 1);
    return ok;
  }

  async release(runId: string): Promise<void> {
    const n = this.held.get(runId);
    if (!n) return;
    if (n === 1) this.held.delete(runId);
    else this.held.set(runId, n - 1);
    await this.query("select pg_advisory_unlock($1::int, hashtext($2))", [DRIVER_LOCK_SPACE, runId]);
  }

  /** Give the connection back (shutdown, tests): every claim of this server ends. */
  async close(): Promise<void> {
    const pending = this.client;
    this.client = null;
    this.held.clear();
    const c = await pending?.catch(() => null);
    c?.release();
  }
}
