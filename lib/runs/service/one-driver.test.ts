import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/db/client";
import { PgRunClaims } from "@/db/run-claims";
import { describeOnEachDatabase, TEST_DATABASE_URL } from "@/db/test-databases";
import { BuiltinModel } from "../../llm/builtin/builtin-model";
import { settled, testService } from "../testing/service-harness";
import { resumeInterruptedRuns } from "./resume-runs";
import { startRun } from "./start-run";

const GOAL = "Compare Loomwork and Relaywright for enterprise use";
const contiguous = (seqs: number[]) => seqs.every((s, i) => s === i);

describeOnEachDatabase("a lost database connection", (handle) => {
  it("does not stop a run: it continues from its events once the database answers again", async () => {
    const { service, store, errors } = await testService(handle().db, { retryDelayMs: () => 20 });
    // The connection drops twice mid-run, on the writes that would cross the 15th and the 30th
    // event (the write never reaches the database).
    let appended = 0;
    let drops = 0;
    const appendBatch = store.appendBatch.bind(store);
    store.appendBatch = async (entries) => {
      if (Math.floor((appended + entries.length) / 15) > Math.floor(appended / 15) && drops < 2) {
        drops++;
        throw Object.assign(new Error("Connection terminated unexpectedly"), { code: "ECONNRESET" });
      }
      await appendBatch(entries);
      appended += entries.length;
    };
    const { runId } = await startRun(service, { goal: GOAL });
    const deadline = Date.now() + 60_000;
    let run = await settled(service, runId);
    while ((service.recovering.size > 0 || run.status === "running") && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      run = await settled(service, runId);
    }
    expect(drops).toBe(2);
    expect(run.status).toBe("succeeded");
    expect(contiguous((await store.events(runId)).map((e) => e.seq))).toBe(true);
    expect(errors.filter((e) => String((e as unknown[])[0]).includes("lost the database"))).toHaveLength(2);
  }, 90_000);
});

/** Two servers: two pools on one PostgreSQL schema, each with its own run claims. */
async function twoServers(url: string) {
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const a = await createDb({ url, schema });
  const b = await createDb({ url, schema });
  return { schema, a, b };
}

const claimsOf = (h: DbHandle) => new PgRunClaims(h.pool as NonNullable<DbHandle["pool"]>, () => {});

describe.runIf(TEST_DATABASE_URL)("one driver per run on PostgreSQL", () => {
  it("a second server does not drive a run the first is driving", async () => {
    const { schema, a, b } = await twoServers(TEST_DATABASE_URL as string);
    const claimsA = claimsOf(a);
    const claimsB = claimsOf(b);
    try {
      const slow = () => new BuiltinModel({ latencyMs: 30 });
      const first = await testService(a.db, { claims: claimsA, model: slow });
      const second = await testService(b.db, { claims: claimsB, model: slow });
      const { runId } = await startRun(first.service, { goal: GOAL });
      await new Promise((r) => setTimeout(r, 300));
      expect((await first.store.run(runId))?.status).toBe("running");
      expect(await resumeInterruptedRuns(second.service)).toContain(runId);
      await second.service.idle();
      expect(second.errors.map((e) => String((e as unknown[])[0]))).toContain(
        `run ${runId} is driven by another server; this one leaves it alone`,
      );
      const run = await settled(first.service, runId);
      expect(run.status).toBe("succeeded");
      expect(first.errors).toEqual([]);
      expect(contiguous((await first.store.events(runId)).map((e) => e.seq))).toBe(true);
      // Once the first server let go, the second may drive the run (here: nothing left to do).
      expect(await claimsB.claim(runId)).toBe(true);
      await claimsB.release(runId);
    } finally {
      await claimsA.close();
      await claimsB.close();
      await a.db.execute(`drop schema if exists "${schema}" cascade`);
      await a.close();
      await b.close();
    }
  }, 90_000);

  it("keeps a run going when PostgreSQL drops the server's connections", async () => {
    const url = TEST_DATABASE_URL as string;
    const { schema, a, b: killer } = await twoServers(url);
    const claims = claimsOf(a);
    try {
      const server = await testService(a.db, {
        claims,
        retryDelayMs: () => 100,
        model: () => new BuiltinModel({ latencyMs: 20 }),
      });
      const { runId } = await startRun(server.service, { goal: GOAL });
      await new Promise((r) => setTimeout(r, 400));
      // The operator's view: every connection of this server is terminated at once.
      const { rows } = await (killer.pool as NonNullable<DbHandle["pool"]>).query(
        "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()",
        [`prefrontal-${schema}`],
      );
      expect(rows[0]?.n).toBeGreaterThan(0);
      const deadline = Date.now() + 60_000;
      let run = await settled(server.service, runId);
      while ((server.service.recovering.size > 0 || run.status === "running") && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        run = await settled(server.service, runId);
      }
      expect(run.status).toBe("succeeded");
      expect(contiguous((await server.store.events(runId)).map((e) => e.seq))).toBe(true);
    } finally {
      await claims.close();
      await killer.db.execute(`drop schema if exists "${schema}" cascade`);
      await a.close().catch(() => {});
      await killer.close();
    }
  }, 90_000);
});
