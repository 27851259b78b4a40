import { inflateRawSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { RunEvent } from "@/lib/agent/events";
import { replay } from "@/lib/agent/reducer";
import type { RunState } from "@/lib/agent/state";
import { driveLongRun } from "@/lib/bench/long-run";
import { rows } from "@/lib/bench/service/shared";
import type { Db } from "./client";
import { forgetCachedPieces, joinState, splitState } from "./queries/snapshots";
import { DbRunStore } from "./run-store";
import { describeOnEachDatabase } from "./test-databases";

/** JSON round trip: what a jsonb column can hold. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value));

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  return (await rows<T>(db, query))[0] as T;
}

/** Bytes stored for the run's snapshots: rows (JSON text) plus pieces (deflated JSON, or JSON text). */
async function storedSnapshotText(db: Db, runId: string): Promise<number> {
  const rows = await one<{ n: number }>(
    db,
    sql`select coalesce(sum(octet_length(state::text)), 0)::int as n from run_snapshots where run_id = ${runId}`,
  );
  const pieces = await one<{ n: number }>(
    db,
    sql`select coalesce(sum(coalesce(octet_length(packed), octet_length(data::text))), 0)::int as n from run_state_chunks where run_id = ${runId}`,
  );
  return rows.n + pieces.n;
}

it("splits a state into a row and pieces and joins it back", () => {
  const state = {
    runId: "r",
    seq: 3,
    small: [1, 2],
    list: Array.from({ length: 40 }, (_, i) => ({ i })),
    map: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, { v: i }])),
  } as unknown as RunState;
  const { head, chunks } = splitState(state);
  expect(head.small).toEqual([1, 2]);
  expect(chunks.size).toBeGreaterThan(3);
  const parsed = new Map([...chunks].map(([id, text]) => [id, JSON.parse(text) as unknown[]]));
  expect(joinState(head, parsed)).toEqual(state);
  // A state with one more entry shares every piece but the last with the first.
  const next = { ...state, list: [...(state as unknown as { list: unknown[] }).list, { i: 40 }] };
  const again = splitState(next as unknown as RunState);
  expect([...again.chunks.keys()].filter((id) => !chunks.has(id))).toHaveLength(1);
  // Pieces hashed before (the same objects) get the same ids and text as computed afresh.
  const twice = splitState(state);
  const fresh = splitState(structuredClone(state));
  expect([...twice.chunks]).toEqual([...fresh.chunks]);
  expect(twice.head).toEqual(fresh.head);
  // One item replaced by a new object with other content: only its piece changes.
  const list = (state as unknown as { list: unknown[] }).list;
  const changed = {
    ...state,
    list: [...list.slice(0, 20), { i: -1 }, ...list.slice(21)],
  } as unknown as RunState;
  expect([...splitState(changed).chunks.keys()].filter((id) => !chunks.has(id))).toHaveLength(1);
  // A missing piece: no state, never a partial one.
  parsed.delete([...parsed.keys()][0] as string);
  expect(joinState(head, parsed)).toBeNull();
});

describeOnEachDatabase("snapshots", (handle) => {
  it("are linear: a long run's snapshots together store far less than whole states, and load exactly", async () => {
    const db = handle().db;
    const every = 40;
    const store = new DbRunStore(db, { snapshotEvery: every });
    const runId = `long-${Date.now()}`;
    const states = new Map<number, RunState>();
    const run = await driveLongRun(
      runId,
      30,
      async (e, s) => {
        await store.append(e, s);
        if (e.seq % every === 0) states.set(e.seq, s);
      },
      1_000_000,
    );
    expect(run.status).toBe("succeeded");
    const events: RunEvent[] = run.events;
    const last = events.length - 1;
    const whole = [...states.values()].reduce((n, s) => n + JSON.stringify(s).length, 0);
    const eventText = events.reduce((n, e) => n + JSON.stringify(e).length, 0);
    const stored = await storedSnapshotText(db, runId);
    // Whole states grow with the run: their sum grows with its square. The pieces do not repeat.
    expect(stored).toBeLessThan(whole / 2);
    expect(stored).toBeLessThan(eventText);
    for (const seq of [0, every, Math.floor(last / 2), last - 1, last]) {
      const snap = await store.snapshotAtOrBefore(runId, seq);
      const at = seq - (seq % every);
      expect(snap?.seq).toBe(seq === last ? last : at);
      expect(snap?.state).toEqual(plain(replay(events.slice(0, (snap?.seq ?? 0) + 1))));
    }
    // Pieces this process wrote or read are kept (they never change): with every piece gone from
    // the table, states still load, exactly, and their cached parts cannot be written into.
    await db.execute(sql`delete from run_state_chunks where run_id = ${runId}`);
    const again = await store.snapshotAtOrBefore(runId, last);
    expect(again?.state).toEqual(plain(replay(events)));
    const cachedTask = Object.values(again?.state.tasks ?? {})[0];
    expect(cachedTask && Object.isFrozen(cachedTask)).toBe(true);
    const neverRead = await store.snapshotAtOrBefore(runId, every * 2);
    expect(neverRead?.state).toEqual(plain(replay(events.slice(0, every * 2 + 1))));
  }, 120_000);

  it("load from the table, deflated or as jsonb written by earlier versions, exactly", async () => {
    const db = handle().db;
    const every = 40;
    const store = new DbRunStore(db, { snapshotEvery: every });
    const runId = `packed-${Date.now()}`;
    const run = await driveLongRun(runId, 30, (e, s) => store.append(e, s), 1_000_000);
    const events: RunEvent[] = run.events;
    const last = events.length - 1;
    // Read back from the table by a process that has seen none of them (the pieces are deflated).
    forgetCachedPieces();
    for (const seq of [every, last]) {
      const snap = await store.snapshotAtOrBefore(runId, seq);
      expect(snap?.state).toEqual(plain(replay(events.slice(0, (snap?.seq ?? 0) + 1))));
    }
    // Pieces written as jsonb by earlier versions are read as they are, beside deflated ones.
    const some = await rows<{ hash: string; packed: Uint8Array }>(
      db,
      sql`select hash, packed from run_state_chunks where run_id = ${runId} order by hash limit 20`,
    );
    for (const { hash, packed } of some) {
      const text = inflateRawSync(packed).toString("utf8");
      await db.execute(
        sql`update run_state_chunks set data = ${text}::jsonb, packed = null where run_id = ${runId} and hash = ${hash}`,
      );
    }
    expect(some).toHaveLength(20);
    forgetCachedPieces();
    expect((await store.snapshotAtOrBefore(runId, last))?.state).toEqual(plain(replay(events)));
  }, 120_000);
});
