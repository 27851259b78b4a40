import { describe, expect, it } from "vitest";
import { reduce } from "../agent/reducer";
import { initialState } from "../agent/state";
import { emptyMemory, type MemoryEntry, type MemoryState } from "./entry";
import {
  addEntry,
  applyConfidence,
  decayConfidence,
  findContradictions,
  planEviction,
  staleReflections,
  updateEntry,
} from "./working-memory";

type EntryInput = Pick<MemoryEntry, "id"> & Partial<MemoryEntry>;

const entry = (e: EntryInput): MemoryEntry => ({
  kind: "result",
  content: e.id,
  status: "done",
  confidence: 0.9,
  priority: 3,
  source: "executor",
  createdAt: 0,
  lastAccess: 0,
  extra: {},
  ...e,
});

const memoryOf = (...entries: EntryInput[]): MemoryState =>
  entries.reduce((m, e) => addEntry(m, entry(e)), emptyMemory());

const evictedIds = (m: MemoryState, capacity: number) => planEviction(m, capacity).map((x) => x.id);

describe("capacity eviction", () => {
  it("evicts nothing while memory is within capacity", () => {
    expect(planEviction(memoryOf({ id: "a" }, { id: "b" }), 2)).toEqual([]);
  });

  it("never evicts active entries, the goal or constraints, even when they rank lowest", () => {
    const m = memoryOf(
      { id: "goal", kind: "goal", status: "done", priority: 1 },
      { id: "rule", kind: "constraint", status: "discarded", priority: 1 },
      { id: "live", kind: "result", status: "active", priority: 1 },
      { id: "old", kind: "result", status: "done", priority: 4 },
    );
    expect(evictedIds(m, 3)).toEqual(["old"]);
  });

  it("evicts done, failed and discarded entries, lowest priority first", () => {
    const m = memoryOf(
      { id: "p3", status: "done", priority: 3 },
      { id: "p1", status: "failed", priority: 1 },
      { id: "p2", status: "discarded", priority: 2 },
      { id: "p5", status: "done", priority: 5 },
    );
    expect(evictedIds(m, 1)).toEqual(["p1", "p2", "p3"]);
  });

  it("breaks priority ties by least recent use, then by age", () => {
    const m = memoryOf(
      { id: "used-late", lastAccess: 9 },
      { id: "older", lastAccess: 2 },
      { id: "newer", lastAccess: 2 },
      { id: "used-early", lastAccess: 1 },
    );
    expect(evictedIds(m, 1)).toEqual(["used-early", "older", "newer"]);
  });

  it("stays over capacity when everything is protected, and says why it evicts", () => {
    const m = memoryOf(
      { id: "goal", kind: "goal", status: "active" },
      { id: "c0", kind: "constraint" },
      { id: "t1", kind: "subtask", status: "active" },
      { id: "r1", status: "done", priority: 2, lastAccess: 4 },
    );
    expect(evictedIds(m, 1)).toEqual(["r1"]);
    expect(planEviction(m, 1)[0]?.reason).toContain("over capacity 1");
    expect(planEviction(memoryOf({ id: "g", kind: "goal" }, { id: "a", status: "active" }), 1)).toEqual([]);
  });
});

describe("confidence decay", () => {
  const m = memoryOf(
    { id: "goal", kind: "goal", confidence: 1 },
    { id: "c0", kind: "constraint", confidence: 1 },
    { id: "t1", kind: "subtask", confidence: 0.8 },
    { id: "r1", kind: "result", confidence: 0.8 },
    { id: "f1", kind: "reflection", confidence: 0.6 },
  );

  it("lowers results and reflections by ×0.95 per call and leaves goal, constraints and subtasks alone", () => {
    const changes = decayConfidence(m, 0.95);
    expect(changes).toEqual([
      { id: "r1", from: 0.8, to: 0.76 },
      { id: "f1", from: 0.6, to: 0.57 },
    ]);
    const next = applyConfidence(m, changes);
    expect(next.entries.r1?.confidence).toBe(0.76);
    expect(next.entries.f1?.confidence).toBe(0.57);
    expect(next.entries.goal).toEqual(m.entries.goal);
    expect(next.entries.c0).toEqual(m.entries.c0);
    expect(next.entries.t1).toEqual(m.entries.t1);
    expect(m.entries.r1?.confidence).toBe(0.8);
  });

  it("compounds to 0.95^n over n iterations", () => {
    let cur = memoryOf({ id: "r", kind: "result", confidence: 1 });
    for (let i = 0; i < 10; i++) cur = applyConfidence(cur, decayConfidence(cur, 0.95));
    expect(cur.entries.r?.confidence).toBeCloseTo(0.95 ** 10, 3);
  });
});

describe("contradictions", () => {
  const claim = (key: string, value: string) => ({ key, value, docId: "d1" });
  const m = memoryOf(
    { id: "held", kind: "result", extra: { claims: [claim("market size 2025", "USD 4.2 billion")] } },
    {
      id: "dropped",
      kind: "result",
      status: "discarded",
      extra: { claims: [claim("market size 2025", "USD 9 billion")] },
    },
  );

  it("finds a held claim with the same key and a different value", () => {
    expect(findContradictions(m, [claim("market size 2025", "USD 5.0 billion")], "new")).toEqual([
      {
        entryId: "held",
        key: "market size 2025",
        held: "USD 4.2 billion",
        incoming: "USD 5.0 billion",
        sameSource: "d1",
      },
    ]);
  });

  it("tells a garbled fetch (same document, two values) from documents that disagree", () => {
    const other = { key: "market size 2025", value: "USD 5.0 billion", docId: "d2" };
    expect(findContradictions(m, [other], "new")[0]?.sameSource).toBeNull();
    // With both, the same-document claim is the one reported.
    const same = claim("market size 2025", "USD 6.0 billion");
    expect(findContradictions(m, [other, same], "new")[0]).toMatchObject({
      incoming: "USD 6.0 billion",
      sameSource: "d1",
    });
  });

  it("treats values differing only in case, spacing or commas as the same", () => {
    expect(findContradictions(m, [claim("market size 2025", "usd 4.2 billion")], "new")).toEqual([]);
    expect(findContradictions(m, [claim("market size 2025", "USD4.2  Billion")], "new")).toEqual([]);
    const big = memoryOf({ id: "h", extra: { claims: [claim("units", "1,200,000")] } });
    expect(findContradictions(big, [claim("units", "1200000")], "new")).toEqual([]);
  });

  it("ignores other keys, discarded entries and the incoming entry itself", () => {
    expect(findContradictions(m, [claim("market growth", "50%")], "new")).toEqual([]);
    const onlyDiscarded = memoryOf({
      id: "gone",
      status: "discarded",
      extra: { claims: [claim("market size 2025", "USD 9 billion")] },
    });
    expect(findContradictions(onlyDiscarded, [claim("market size 2025", "USD 1 billion")], "new")).toEqual(
      [],
    );
    expect(findContradictions(m, [claim("market size 2025", "USD 1 billion")], "held")).toEqual([]);
  });
});

describe("stale reflections", () => {
  it("keeps the last 3 active reflections and marks older ones stale", () => {
    const m = memoryOf(
      { id: "f1", kind: "reflection", status: "active" },
      { id: "r1", kind: "result", status: "active" },
      { id: "f2", kind: "reflection", status: "active" },
      { id: "f0", kind: "reflection", status: "discarded" },
      { id: "f3", kind: "reflection", status: "active" },
      { id: "f4", kind: "reflection", status: "active" },
      { id: "f5", kind: "reflection", status: "active" },
    );
    expect(staleReflections(m, 3)).toEqual(["f1", "f2"]);
    expect(staleReflections(memoryOf({ id: "f", kind: "reflection", status: "active" }), 3)).toEqual([]);
  });
});

describe("snapshot and restore", () => {
  const m = memoryOf(
    { id: "goal", kind: "goal", status: "active" },
    { id: "r1", extra: { claims: [{ key: "k", value: "v", docId: "d" }], evidence: [] } },
  );

  it("a rollback restores the memory as it was when the snapshot was taken", () => {
    const base = { runId: "run", at: 0 };
    let s = initialState("run");
    s = reduce(s, { ...base, seq: 0, type: "memory.added", entry: entry({ id: "goal", kind: "goal" }) });
    s = reduce(s, { ...base, seq: 1, type: "memory.added", entry: entry({ id: "r1" }) });
    const before = s.memory;
    s = reduce(s, {
      ...base,
      seq: 2,
      type: "snapshot.taken",
      snapshotId: "s1",
      iteration: 1,
      memory: before,
    });
    s = reduce(s, { ...base, seq: 3, type: "memory.added", entry: entry({ id: "r2" }) });
    s = reduce(s, {
      ...base,
      seq: 4,
      type: "memory.updated",
      id: "r1",
      patch: { status: "discarded" },
      reason: "test",
    });
    expect(s.memory).not.toEqual(before);
    s = reduce(s, {
      ...base,
      seq: 5,
      type: "rollback",
      snapshotId: "s1",
      taskIds: [],
      by: "test",
      reason: "test",
      hint: "",
      memory: before,
    });
    expect(s.memory).toEqual(before);
  });

  it("updates keep earlier extra fields and leave unknown ids alone", () => {
    const next = updateEntry(m, "r1", { extra: { contradictedBy: ["r9"] } });
    expect(next.entries.r1?.extra).toEqual({
      claims: [{ key: "k", value: "v", docId: "d" }],
      evidence: [],
      contradictedBy: ["r9"],
    });
    expect(updateEntry(m, "nope", { confidence: 0 })).toBe(m);
  });
});
