import { and, eq, lte } from "drizzle-orm";
import { expect, it } from "vitest";
import { runEvents, runSnapshots, runs } from "@/db/schema";
import { describeOnEachDatabase } from "@/db/test-databases";
import type { RunEvent } from "../../agent/events";
import { replay } from "../../agent/reducer";
import type { RunState } from "../../agent/state";
import { driveLongRun } from "../../bench/long-run";
import { ServiceError } from "../errors";
import { settled, testService } from "../testing/service-harness";
import { storeLongRun } from "../testing/stored-long-run";
import { watchRun } from "../watch-run";
import { forkRun } from "./fork-run";
import { HISTORY_FIELDS, runStateAt, slimStateAt } from "./queries";
import { resumeInterruptedRuns } from "./resume-runs";
import { startRun } from "./start-run";
import { exportRun, importRun } from "./transfer-run";

const errorCode = (p: Promise<unknown>) =>
  p.then(
    () => "no error",
    (e) => (e instanceof ServiceError ? e.code : String(e)),
  );

/** Real runs on a real database; a loaded machine (CI, shared cores) needs more than the default. */
const SLOW = 120_000;

/** An event as any run holding it would say it, without the run's own identity. */
const neutral = (e: RunEvent) => {
  const { runId: _r, ...rest } = e;
  return rest.type === "run.started" ? { ...rest, parentRunId: null, forkSeq: null } : rest;
};

describeOnEachDatabase("forks by reference", (handle) => {
  it(
    "stores none of the inherited history: the same rows for a fork after 10 events or after thousands",
    async () => {
      const { service, store } = await testService(handle().db);
      await storeLongRun(store, "long-parent", 60);
      const parentEvents = await store.events("long-parent");
      expect(parentEvents.length).toBeGreaterThan(2_000);
      const last = parentEvents.length - 1;
      for (const seq of [10, last]) {
        const { runId } = await forkRun(service, { runId: "long-parent", seq, by: "dev" });
        service.active.get(runId)?.abort.abort();
        await service.idle();
        const db = handle().db;
        const inheritedRows = await db
          .select({ seq: runEvents.seq })
          .from(runEvents)
          .where(and(eq(runEvents.runId, runId), lte(runEvents.seq, seq)));
        const inheritedSnapshots = await db
          .select({ seq: runSnapshots.seq })
          .from(runSnapshots)
          .where(and(eq(runSnapshots.runId, runId), lte(runSnapshots.seq, seq)));
        expect(inheritedRows).toEqual([]);
        expect(inheritedSnapshots).toEqual([]);
        // …and yet the fork reads that history as its own.
        const events = await store.events(runId, -1, seq + 2);
        expect(events.map(neutral).slice(0, seq + 1)).toEqual(parentEvents.slice(0, seq + 1).map(neutral));
        expect(events.every((e) => e.runId === runId)).toBe(true);
        expect(events[0]).toMatchObject({ type: "run.started", parentRunId: "long-parent", forkSeq: seq });
        expect(events[seq + 1]).toMatchObject({
          type: "run.forked",
          parentRunId: "long-parent",
          forkSeq: seq,
          by: "dev",
        });
        expect((await store.run(runId))?.lastSeq).toBeGreaterThanOrEqual(seq + 1);
      }
    },
    SLOW,
  );

  it(
    "checks a fork against the state at the fork without its history: every other field exact",
    async () => {
      const { store } = await testService(handle().db);
      // Whole-state snapshot rows (as an import writes them) and chunked ones (as the loop does).
      await storeLongRun(store, "slim-whole", 12);
      await driveLongRun("slim-pieces", 12, (e, s) => store.append(e, s), Number.MAX_SAFE_INTEGER);
      for (const runId of ["slim-whole", "slim-pieces"]) {
        const events = await store.events(runId);
        for (const seq of [0, 57, 100, 101, 250, events.length - 1]) {
          const withoutHistory = (s: RunState) =>
            JSON.parse(JSON.stringify({ ...s, ...Object.fromEntries(HISTORY_FIELDS.map((f) => [f, null])) }));
          const slim = await slimStateAt(store, runId, seq);
          expect(withoutHistory(slim), `${runId} at ${seq}`).toEqual(
            withoutHistory(replay(events.slice(0, seq + 1))),
          );
        }
      }
    },
    SLOW,
  );

  it(
    "forks of forks read, time-travel, stream, export and keep artifacts through every level",
    async () => {
      const { service, store } = await testService(handle().db);
      const parent = await startRun(service, { goal: "Compare Loomwork and Relaywright for enterprise use" });
      await settled(service, parent.runId);
      const p = await store.events(parent.runId);
      const s1 = p.findIndex((e) => e.type === "iteration.finished");
      const memoryId = Object.keys((await runStateAt(service, parent.runId, s1)).memory.entries)[0] ?? "";
      const child = await forkRun(service, {
        runId: parent.runId,
        seq: s1,
        by: "dev",
        memory: [{ id: memoryId, patch: { confidence: 0.2 } }],
      });
      expect((await settled(service, child.runId)).status).toBe("succeeded");
      const c = await store.events(child.runId);
      const s2 = c.findIndex((e, i) => i > s1 + 2 && e.type === "iteration.finished");
      expect(s2).toBeGreaterThan(s1);
      const grandchild = await forkRun(service, { runId: child.runId, seq: s2, by: "dev" });
      const g0 = await settled(service, grandchild.runId);
      expect(g0).toMatchObject({ status: "succeeded", parentRunId: child.runId, forkSeq: s2 });
      const g = await store.events(grandchild.runId);

      expect(g.slice(0, s2 + 1).map(neutral)).toEqual(c.slice(0, s2 + 1).map(neutral));
      expect(c.slice(0, s1 + 1).map(neutral)).toEqual(p.slice(0, s1 + 1).map(neutral));
      expect(g.map((e) => e.seq)).toEqual(g.map((_, i) => i));
      expect(g[0]).toMatchObject({ type: "run.started", parentRunId: child.runId, forkSeq: s2 });
      // Later pages of the log come from the right run too.
      expect((await store.events(grandchild.runId, s1 - 2, 5)).map((e) => e.seq)).toEqual([
        s1 - 1,
        s1,
        s1 + 1,
        s1 + 2,
        s1 + 3,
      ]);

      // Time travel: the nearest snapshot (the grandparent's, the parent's or its own) + the events after it.
      for (const at of [0, s1 - 1, s1, s1 + 1, s2, s2 + 1, g.length - 1]) {
        expect(await runStateAt(service, grandchild.runId, at)).toEqual(replay(g.slice(0, at + 1)));
      }

      // A live viewer joining before the fork point gets the inherited events, then the fork's own, once.
      const seen: number[] = [];
      for await (const f of watchRun(store, service.bus, grandchild.runId, s1 - 1)) {
        if (f.kind === "event") seen.push(f.event.seq);
        if (f.kind === "end") break;
      }
      expect(seen).toEqual(g.slice(s1).map((e) => e.seq));

      // The export is the whole history, and imports as it was.
      const jsonl = await exportRun(service, grandchild.runId);
      expect(
        jsonl
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l)),
      ).toEqual(g);
      const imported = await importRun(service, jsonl);
      expect((await store.events(imported.runId)).map(neutral)).toEqual(g.map(neutral));

      // An artifact written before the fork is the fork's too.
      const finished = await forkRun(service, { runId: parent.runId, seq: p.length - 1, by: "dev" });
      const done = await settled(service, finished.runId);
      expect(done.status).toBe("succeeded");
      const reportId = done.reportArtifactId ?? "";
      expect(reportId).not.toBe("");
      const inherited = await store.artifact(finished.runId, reportId);
      const original = await store.artifact(parent.runId, reportId);
      expect(inherited).toMatchObject({ runId: finished.runId, name: original?.name, data: original?.data });

      expect((await store.forks(parent.runId)).map((r) => r.id)).toEqual([child.runId, finished.runId]);
      expect((await store.forks(child.runId)).map((r) => r.id)).toEqual([grandchild.runId]);
    },
    SLOW,
  );

  it(
    "a fork whose process died before its first step resumes from the history it inherits",
    async () => {
      const db = handle().db;
      const { service, store } = await testService(db);
      const parent = await startRun(service, { goal: "Compare Loomwork and Relaywright for enterprise use" });
      await settled(service, parent.runId);
      const p = await store.events(parent.runId);
      const s1 = p.findIndex((e) => e.type === "iteration.finished");
      // A server that made the fork but never drove it (it died, or another one holds the run).
      const { service: dead } = await testService(db, {
        claims: { claim: async () => false, release: async () => {} },
      });
      const child = await forkRun(dead, { runId: parent.runId, seq: s1, by: "dev" });
      await dead.idle();
      expect(await store.run(child.runId)).toMatchObject({ status: "running", lastSeq: s1 + 1 });
      expect(await resumeInterruptedRuns(service)).toContain(child.runId);
      expect((await settled(service, child.runId)).status).toBe("succeeded");
      const c = await store.events(child.runId);
      expect(c.map((e) => e.seq)).toEqual(c.map((_, i) => i));
      expect(c.slice(0, s1 + 1).map(neutral)).toEqual(p.slice(0, s1 + 1).map(neutral));
      expect(c.slice(s1 + 2).map((e) => e.type)).toEqual(p.slice(s1 + 1).map((e) => e.type));
    },
    SLOW,
  );

  it(
    "refuses to delete a run whose history a fork reads; forks delete cleanly",
    async () => {
      const { service, store } = await testService(handle().db);
      await storeLongRun(store, "del-parent", 3);
      const { runId: child } = await forkRun(service, { runId: "del-parent", seq: 20, by: "dev" });
      service.active.get(child)?.abort.abort();
      await service.idle();
      const db = handle().db;
      const before = await store.events(child);
      await expect(db.delete(runs).where(eq(runs.id, "del-parent"))).rejects.toThrow();
      expect(await store.events(child)).toEqual(before);
      await db.delete(runs).where(eq(runs.id, child));
      expect(await store.run(child)).toBeNull();
      expect((await store.events("del-parent")).length).toBeGreaterThan(20);
      await db.delete(runs).where(eq(runs.id, "del-parent"));
      expect(await store.run("del-parent")).toBeNull();
    },
    SLOW,
  );

  it(
    "a fork of a waiting run answers its question itself: never a second pending copy",
    async () => {
      const { service, store } = await testService(handle().db);
      const parent = await startRun(service, { goal: "help me" });
      expect((await settled(service, parent.runId)).status).toBe("waiting");
      const events = await store.events(parent.runId);
      const head = events.length - 1;
      const pendingBefore = await store.questions({ status: "pending" });
      const q = pendingBefore.find((x) => x.runId === parent.runId);
      if (!q) throw new Error("expected the parent's question in the inbox");
      const runsBefore = (await store.runs()).length;
      expect(await errorCode(forkRun(service, { runId: parent.runId, seq: head, by: "dev" }))).toBe(
        "answer_required",
      );
      expect((await store.runs()).length).toBe(runsBefore);

      const child = await forkRun(service, {
        runId: parent.runId,
        seq: head,
        by: "dev",
        answer: { questionId: q.questionId, answer: "Project X pricing across vendors" },
      });
      expect((await settled(service, child.runId)).status).toBe("succeeded");
      const pending = (await store.questions({ status: "pending" })).filter((x) => x.prompt === q.prompt);
      expect(pending.map((x) => x.runId)).toEqual([parent.runId]);
      expect(await store.questions({ runId: child.runId })).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ questionId: q.questionId, status: "answered", decidedBy: "dev" }),
        ]),
      );
      // Re-answering an answered question means forking from before its answer.
      const answeredSeq =
        (await store.events(child.runId)).find((e) => e.type === "question.answered")?.seq ?? 0;
      expect(
        await errorCode(
          forkRun(service, {
            runId: child.runId,
            seq: answeredSeq,
            answer: { questionId: q.questionId, answer: "Something else" },
          }),
        ),
      ).toBe("invalid_input");
    },
    SLOW,
  );

  it(
    "a fork can change the goal text and budgets: recorded, re-planned, shown on the fork",
    async () => {
      const { service, store } = await testService(handle().db);
      const parent = await startRun(service, { goal: "Compare Loomwork and Relaywright for enterprise use" });
      await settled(service, parent.runId);
      const p = await store.events(parent.runId);
      const s1 = p.findIndex((e) => e.type === "iteration.finished");
      const goal = "Compare Loomwork and Braidline for enterprise use";
      const child = await forkRun(service, {
        runId: parent.runId,
        seq: s1,
        by: "dev",
        goal,
        budgets: { iterations: 45, toolCalls: 250 },
      });
      const run = await settled(service, child.runId);
      expect(run.goal).toBe(goal);
      expect(run.config.budgets).toMatchObject({ iterations: 45, toolCalls: 250 });
      const c = await store.events(child.runId);
      expect(c[s1 + 1]).toMatchObject({
        type: "run.forked",
        goal,
        budgets: { iterations: 45, toolCalls: 250 },
        edits: 1,
      });
      expect(c[s1 + 2]).toMatchObject({ type: "goal.amended", text: goal, by: "dev" });
      const state = await runStateAt(service, child.runId);
      expect(state.goal).toBe(goal);
      expect(state.config.budgets.iterations).toBe(45);
      // The new goal is clarified and planned for after the fork.
      const clarified = c.slice(s1 + 1).find((e) => e.type === "goal.clarified");
      expect(clarified?.type === "goal.clarified" && clarified.spec.topics.join(" ")).toMatch(/Braidline/i);
    },
    SLOW,
  );
});
