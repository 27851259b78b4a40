import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { RunEvent } from "@/lib/agent/events";
import { createRun, drive } from "@/lib/agent/loop";
import { replay } from "@/lib/agent/reducer";
import type { SinkEntry } from "@/lib/agent/runtime";
import { makeDeps, reportTask, workTask } from "@/lib/agent/testing/harness";
import { rows } from "@/lib/bench/service/shared";
import { DbRunStore, DuplicateEventError, EventOrderError } from "./run-store";
import { describeOnEachDatabase } from "./test-databases";

const plan = [
  ...Array.from({ length: 8 }, (_, i) => workTask(`t${i}`, i >= 2 ? [`t${i - 2}`] : [])),
  reportTask(["t6", "t7"]),
];

/** A finished run's events with the states they produced, recorded in memory. */
async function recordedRun(runId: string): Promise<SinkEntry[]> {
  const { deps } = makeDeps({ plan, behaviours: { t3: { transient: 1 } } });
  const entries: SinkEntry[] = [];
  deps.sink = { append: (event, state) => void entries.push({ event, state }) };
  const state = await drive(await createRun(deps, { runId, goal: "Batch test" }));
  expect(state.status).toBe("succeeded");
  return entries;
}

describeOnEachDatabase("appending in batches", (handle) => {
  it("the loop commits per step, not per event, and the runs row is rewritten once per batch", async () => {
    const db = handle().db;
    const store = new DbRunStore(db, { snapshotEvery: 25 });
    const runId = `run-${randomUUID()}`;
    const table = `runs_updates_${runId.replace(/-/g, "_")}`;
    // Every new version of the run's row, counted by the database itself.
    await db.execute(sql.raw(`create table ${table} (n integer not null)`));
    await db.execute(
      sql.raw(
        `create function ${table}_f() returns trigger language plpgsql as $$ begin
           if new.id = '${runId}' then insert into ${table} values (1); end if; return new; end $$`,
      ),
    );
    await db.execute(
      sql.raw(`create trigger ${table}_t after update on runs for each row execute function ${table}_f()`),
    );
    try {
      const { deps } = makeDeps({ plan, behaviours: { t3: { transient: 1 } } });
      const batches: number[][] = [];
      deps.sink = {
        append: () => {
          throw new Error("a batching sink gets batches");
        },
        appendBatch: async (entries) => {
          await store.appendBatch(entries);
          batches.push(entries.map((e) => e.event.seq));
        },
      };
      const state = await drive(await createRun(deps, { runId, goal: "Batch test" }));
      expect(state.status).toBe("succeeded");
      const stored = await store.events(runId);
      expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i));
      expect(replay(stored)).toEqual(state);
      // Batches are consecutive slices of the log, in order.
      expect(batches.flat()).toEqual(stored.map((e) => e.seq));
      const iterations = state.counters.iterations;
      // A step's events go together: a commit before each tool runs, a few around model calls.
      expect(batches.length).toBeLessThanOrEqual(3 * iterations + 10);
      expect(batches.length).toBeLessThan(stored.length / 4);
      const [updates] = await rows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`));
      // The first batch creates the row (run.started) and moves it once; every later batch once.
      expect(updates?.n).toBe(batches.length);
      const row = await store.run(runId);
      expect(row).toMatchObject({ status: "succeeded", lastSeq: stored.length - 1, iterations });
    } finally {
      await db.execute(sql.raw(`drop trigger ${table}_t on runs`));
      await db.execute(sql.raw(`drop function ${table}_f()`));
      await db.execute(sql.raw(`drop table ${table}`));
    }
  });

  it("stores a batch whole or not at all, only right after the stored log; one of two racing writers wins", async () => {
    const store = new DbRunStore(handle().db, { snapshotEvery: 1_000 });
    const runId = `run-${randomUUID()}`;
    const entries = await recordedRun(runId);
    expect(entries.length).toBeGreaterThan(40);
    await store.appendBatch(entries.slice(0, 10));
    // Overlapping the stored log: refused whole, nothing of it stored.
    await expect(store.appendBatch(entries.slice(8, 14))).rejects.toBeInstanceOf(DuplicateEventError);
    // A gap: refused.
    await expect(store.appendBatch(entries.slice(11, 14))).rejects.toBeInstanceOf(EventOrderError);
    // Not consecutive within the batch: refused before any write.
    await expect(store.appendBatch([entries[10], entries[12]] as SinkEntry[])).rejects.toBeInstanceOf(
      EventOrderError,
    );
    expect((await store.events(runId)).map((e) => e.seq)).toEqual(entries.slice(0, 10).map((_, i) => i));
    expect((await store.run(runId))?.lastSeq).toBe(9);
    // Two writers with the same next batch: exactly one is stored.
    const results = await Promise.allSettled([
      store.appendBatch(entries.slice(10, 20)),
      store.appendBatch(entries.slice(10, 15)),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(DuplicateEventError);
    const stored = await store.events(runId);
    expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i));
    expect((await store.run(runId))?.lastSeq).toBe(stored.length - 1);
    // The rest in one batch (questions, artifacts, snapshots, the end): the same log as the loop's.
    await store.appendBatch(entries.slice(stored.length));
    expect(await store.events(runId)).toEqual(entries.map((e) => RunEvent.parse(e.event)));
    expect((await store.run(runId))?.status).toBe("succeeded");
    expect(await store.artifact(runId, "report")).not.toBeNull();
    expect((await store.snapshotAtOrBefore(runId, entries.length))?.seq).toBe(entries.length - 1);
  });
});
