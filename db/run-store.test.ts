import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { defaultRunConfig } from "@/lib/agent/config";
import { type EventOf, RunEvent } from "@/lib/agent/events";
import { answerQuestion, createRun, drive } from "@/lib/agent/loop";
import { reduce, replay } from "@/lib/agent/reducer";
import type { RunState } from "@/lib/agent/state";
import { type Behaviour, makeDeps, reportTask, workTask } from "@/lib/agent/testing/harness";
import { questionKey } from "@/lib/runs/run-store";
import { DbRunStore, DuplicateEventError, EventOrderError } from "./run-store";
import { describeOnEachDatabase } from "./test-databases";

const SNAPSHOT_EVERY = 10;

const plan = [workTask("a"), workTask("b"), workTask("c", ["a", "b"]), reportTask(["c"])];

const askingOverrides = {
  reflect: () => ({
    goalAlignment: "aligned",
    evidence: "none",
    missingConditions: "the figure",
    conflicts: "none",
    nextAction: "ask",
    action: "ask_user" as const,
    hint: "",
    question: "The library has no documents about a. Can you provide the figure?",
    conclusion: "The library has nothing on a",
  }),
};

/** Runs the real loop (scripted model, test tools) with `store` as its sink. */
async function runWithStore(
  store: DbRunStore,
  opts: {
    goal?: string;
    behaviours?: Record<string, Behaviour>;
    ask?: boolean;
    /** Ask one question aside (non-blocking) before the run starts. */
    aside?: boolean;
    clockOffsetMs?: number;
  } = {},
) {
  const runId = `run-${randomUUID()}`;
  const goal = opts.goal ?? `Research ${runId}`;
  const { deps, clock } = makeDeps({
    plan: opts.ask ? [workTask("a"), reportTask(["a"])] : plan,
    behaviours: opts.ask ? { a: { empty: true } } : opts.behaviours,
    overrides: opts.ask ? askingOverrides : undefined,
  });
  if (opts.clockOffsetMs) clock.advance(opts.clockOffsetMs);
  const events: RunEvent[] = [];
  deps.sink = {
    append: async (e, s) => {
      events.push(e);
      await store.append(e, s);
    },
  };
  await store.insertRun({
    id: runId,
    goal,
    model: deps.model.name,
    config: defaultRunConfig(),
    parentRunId: null,
    forkSeq: null,
    readOnly: false,
  });
  const ctx = await createRun(deps, { runId, goal });
  if (opts.aside) {
    await ctx.emit({
      type: "question.asked",
      questionId: "q:aside",
      prompt: "Nothing read gives the 2023 share; the run goes on without waiting.",
      choices: ["none"],
      taskId: null,
      origin: "gate",
      deadline: null,
      onDeadline: "none",
      blocking: false,
    });
  }
  const state = await drive(ctx);
  return { runId, goal, ctx, state, events, clock };
}

/** JSON round trip: what a jsonb column can hold (undefined fields dropped). */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describeOnEachDatabase("DbRunStore", (handle) => {
  const store = () => new DbRunStore(handle().db, { snapshotEvery: SNAPSHOT_EVERY });

  it("returns the appended events as they were, and projects the run row", async () => {
    const s = store();
    const { runId, state, events } = await runWithStore(s, { behaviours: { b: { transient: 1 } } });
    expect(state.status).toBe("succeeded");
    expect(events.length).toBeGreaterThan(30);
    // Nested payloads included: plan graphs, tool results, model outputs, memory snapshots.
    // Validation fills schema defaults the loop leaves out (memory.updated patch.extra = {}), so
    // the stored log equals the validated input; replaying it gives the live state.
    const stored = await s.events(runId);
    expect(stored).toEqual(events.map((e) => RunEvent.parse(e)));
    expect(stored.map((e) => e.at)).toEqual(events.map((e) => e.at));
    expect(replay(stored)).toEqual(state);
    expect((await s.events(runId, 5, 3)).map((e) => e.seq)).toEqual([6, 7, 8]);
    expect(await s.events(runId, events.length - 1)).toEqual([]);

    const row = await s.run(runId);
    expect(row).toMatchObject({
      id: runId,
      status: "succeeded",
      lastSeq: events.length - 1,
      iterations: state.counters.iterations,
      toolCalls: state.counters.toolCalls,
      modelCalls: state.counters.modelCalls,
      tokens: state.counters.tokens,
      tasksDone: 4,
      tasksTotal: 4,
      reportArtifactId: "report",
      outcomeCode: null,
      outcomeReason: state.outcome?.reason,
      readOnly: false,
      parentRunId: null,
    });
    expect(row?.costUsd).toBeCloseTo(state.counters.costUsd, 10);
    expect(row?.updatedAt.getTime()).toBe(Math.trunc(events.at(-1)?.at ?? 0));
    expect(row?.config).toEqual(defaultRunConfig());
  });

  it("projects the runs row after each of the first events", async () => {
    const s = store();
    const runId = `run-${randomUUID()}`;
    const { deps } = makeDeps({ plan });
    const seen: { seq: number; state: RunState }[] = [];
    deps.sink = {
      append: async (e, st) => {
        await s.append(e, st);
        seen.push({ seq: e.seq, state: st });
      },
    };
    // No insertRun: run.started creates the row.
    const ctx = await createRun(deps, { runId, goal: "Compare x and y" });
    let row = await s.run(runId);
    expect(row).toMatchObject({ status: "running", lastSeq: 0, goal: "Compare x and y", model: "scripted" });
    expect(row?.createdAt.getTime()).toBe(Math.trunc(ctx.state.startedAt ?? 0));
    await ctx.emit({ type: "iteration.started", iteration: 1, taskIds: [] });
    await ctx.emit({
      type: "tool.called",
      taskId: "t",
      attempt: 1,
      try: 0,
      tool: "work",
      args: {},
      idempotencyKey: "k",
    });
    row = await s.run(runId);
    expect(row).toMatchObject({ status: "running", lastSeq: 2, iterations: 1, toolCalls: 1, tasksTotal: 0 });
    await ctx.emit({ type: "run.failed", code: "budget", reason: "out of budget" });
    row = await s.run(runId);
    expect(row).toMatchObject({
      status: "failed",
      lastSeq: 3,
      outcomeCode: "budget",
      outcomeReason: "out of budget",
    });
    expect((await s.runs({ status: "failed" })).map((r) => r.id)).toContain(runId);
    expect((await s.runs({ status: "running" })).map((r) => r.id)).not.toContain(runId);
  });

  it("rejects a second event with the same seq (two writers) and a gap, changing nothing", async () => {
    const s = store();
    const { runId, events } = await runWithStore(s);
    const before = await s.run(runId);
    const third = events[3] as RunEvent;
    const state = replay(events.slice(0, 4));
    await expect(s.append(third, state)).rejects.toThrow(DuplicateEventError);
    await expect(s.append(third, state)).rejects.toThrow(/two writers/);
    const last = events.at(-1) as RunEvent;
    await expect(s.append({ ...last, seq: last.seq + 2 }, state)).rejects.toThrow(EventOrderError);
    await expect(s.append({ ...last, runId: "no-such-run", seq: 5 }, state)).rejects.toThrow(
      /does not exist/,
    );
    // A refused batch stores none of the artifacts it adds either (they go in the same statement).
    const written = {
      runId,
      seq: last.seq + 2,
      at: last.at,
      type: "artifact.written",
      artifactId: "refused",
      taskId: null,
      name: "refused.md",
      mediaType: "text/markdown",
      data: "never stored",
      bytes: 12,
    } as RunEvent;
    await expect(s.append(written, reduce(state, written))).rejects.toThrow(EventOrderError);
    expect(await s.artifact(runId, "refused")).toBeNull();
    expect(await s.run(runId)).toEqual(before);
    expect(await s.events(runId)).toHaveLength(events.length);

    // Two writers racing for the same next seq: one wins, the other is told.
    const next = { ...last, seq: last.seq + 1, type: "iteration.finished", iteration: 99 } as RunEvent;
    const results = await Promise.allSettled([store().append(next, state), store().append(next, state)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected");
    expect(rejected?.status === "rejected" && rejected.reason).toBeInstanceOf(DuplicateEventError);
    expect((await s.run(runId))?.lastSeq).toBe(last.seq + 1);
  });

  it("stores artifacts: the report and each tool output", async () => {
    const s = store();
    const { runId, state } = await runWithStore(s);
    const report = await s.artifact(runId, "report");
    expect(report).toMatchObject({
      runId,
      artifactId: "report",
      name: "report.md",
      mediaType: "text/markdown",
    });
    expect(report?.data).toContain("# Report");
    expect(report?.bytes).toBe(new TextEncoder().encode(report?.data as string).length);
    for (const artifact of Object.values(state.artifacts)) {
      const row = await s.artifact(runId, artifact.id);
      expect(row?.data).toEqual(plain(artifact.data));
      expect(row?.bytes).toBe(artifact.bytes);
    }
    expect(await s.artifact(runId, "nope")).toBeNull();
  });

  it("snapshots the state every N events and at the end; finds the newest at or before a seq", async () => {
    const s = store();
    const { runId, events, state } = await runWithStore(s);
    const lastSeq = events.length - 1;
    for (const seq of [0, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY]) {
      const snap = await s.snapshotAtOrBefore(runId, seq);
      expect(snap?.seq).toBe(seq);
      expect(snap?.state).toEqual(plain(replay(events.slice(0, seq + 1))));
    }
    const between = await s.snapshotAtOrBefore(runId, SNAPSHOT_EVERY + 3);
    expect(between?.seq).toBe(SNAPSHOT_EVERY);
    // The terminal state is stored even when its seq is not a multiple of N.
    const final = await s.snapshotAtOrBefore(runId, lastSeq + 100);
    expect(final?.seq).toBe(lastSeq);
    expect(final?.state).toEqual(plain(state));
    expect(final?.state.status).toBe("succeeded");
    expect(await s.snapshotAtOrBefore(runId, -1)).toBeNull();
    expect(await s.snapshotAtOrBefore("no-such-run", 5)).toBeNull();
  });

  it("lists pending questions oldest first with the goal; only the first claim wins", async () => {
    const s = store();
    const first = await runWithStore(s, { ask: true, goal: "First goal" });
    const second = await runWithStore(s, { ask: true, goal: "Second goal", clockOffsetMs: 60_000 });
    expect(first.state.status).toBe("waiting");
    const asked = first.events.find((e) => e.type === "question.asked") as EventOf<"question.asked">;
    const id = questionKey(first.runId, asked.questionId);
    expect((await s.run(first.runId))?.status).toBe("waiting");

    const pending = (await s.questions({ status: "pending" })).filter((q) =>
      [first.runId, second.runId].includes(q.runId),
    );
    expect(pending.map((q) => q.goal)).toEqual(["First goal", "Second goal"]);
    expect(pending[0]).toMatchObject({
      id,
      runId: first.runId,
      questionId: asked.questionId,
      prompt: asked.prompt,
      choices: asked.choices,
      taskId: "a",
      origin: asked.origin,
      status: "pending",
      answer: null,
      decidedBy: null,
      decidedAt: null,
    });
    expect(pending[0]?.askedAt.getTime()).toBe(Math.trunc(asked.at));
    expect(await s.questions({ runId: second.runId })).toHaveLength(1);

    expect(await s.claimQuestion(id, "The figure is 42.", "dana")).toBe("claimed");
    expect(await s.claimQuestion(id, "No, 43.", "eve")).toBe("already_answered");
    expect(await s.claimQuestion("no-such~question", "x", "eve")).toBe("not_found");
    expect(await s.question(id)).toMatchObject({
      status: "answered",
      answer: "The figure is 42.",
      decidedBy: "dana",
    });
    expect((await s.questions({ status: "pending" })).map((q) => q.id)).not.toContain(id);
    expect((await s.questions({ status: "answered" })).map((q) => q.id)).toContain(id);

    // The runner records the claimed answer as an event; the claim stands, the run goes on.
    await answerQuestion(first.ctx, asked.questionId, "The figure is 42.", "dana");
    const done = await drive(first.ctx);
    expect(done.status).toBe("succeeded");
    expect(await s.question(id)).toMatchObject({ status: "answered", decidedBy: "dana" });
    expect((await s.run(first.runId))?.status).toBe("succeeded");

    // An answer recorded without a claim (CLI, API) also closes the question.
    const other = second.events.find((e) => e.type === "question.asked") as EventOf<"question.asked">;
    await answerQuestion(second.ctx, other.questionId, "Use 7.", "cli");
    const answered = await s.question(questionKey(second.runId, other.questionId));
    expect(answered).toMatchObject({ status: "answered", answer: "Use 7.", decidedBy: "cli" });
    expect(answered?.decidedAt?.getTime()).toBe(Math.trunc(second.ctx.state.updatedAt ?? 0));
  });

  it("stores a question asked aside as not blocking: the run never waits on it", async () => {
    const s = store();
    const { runId, state } = await runWithStore(s, { aside: true });
    expect(state.status).toBe("succeeded");
    expect((await s.run(runId))?.status).toBe("succeeded");
    expect(await s.question(questionKey(runId, "q:aside"))).toMatchObject({
      blocking: false,
      status: "pending",
      onDeadline: "none",
    });
    const { runId: other } = await runWithStore(s, { ask: true });
    expect(await s.questions({ runId: other })).toMatchObject([{ blocking: true }]);
  });

  it("lets exactly one of concurrent claims win", async () => {
    const s = store();
    const { runId, events } = await runWithStore(s, { ask: true });
    const asked = events.find((e) => e.type === "question.asked") as EventOf<"question.asked">;
    const id = questionKey(runId, asked.questionId);
    // Separate stores on one database: as separate requests would be.
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => store().claimQuestion(id, `answer ${i}`, `user${i}`)),
    );
    expect(results.filter((r) => r === "claimed")).toHaveLength(1);
    expect(results.filter((r) => r === "already_answered")).toHaveLength(7);
    const winner = results.indexOf("claimed");
    expect(await s.question(id)).toMatchObject({ answer: `answer ${winner}`, decidedBy: `user${winner}` });
  });

  it("lists unfinished runs: running or pending, never read-only or finished", async () => {
    const s = store();
    const newRun = (id: string, readOnly = false) =>
      s.insertRun({
        id,
        goal: "g",
        model: "m",
        config: defaultRunConfig(),
        parentRunId: null,
        forkSeq: null,
        readOnly,
      });
    const pendingId = `pending-${randomUUID()}`;
    const importedId = `imported-${randomUUID()}`;
    await newRun(pendingId);
    await newRun(importedId, true);
    await expect(newRun(pendingId)).rejects.toThrow(/already exists/);
    const running = `running-${randomUUID()}`;
    const { deps } = makeDeps({ plan });
    deps.sink = { append: (e, st) => s.append(e, st) };
    await createRun(deps, { runId: running, goal: "g" });
    const finished = await runWithStore(s);
    const waiting = await runWithStore(s, { ask: true });

    const unfinished = await s.unfinishedRuns();
    expect(unfinished).toEqual(expect.arrayContaining([pendingId, running]));
    for (const id of [importedId, finished.runId, waiting.runId]) expect(unfinished).not.toContain(id);
    expect((await s.run(importedId))?.readOnly).toBe(true);
    expect(await s.run("no-such-run")).toBeNull();
    const listed = await s.runs({ limit: 2 });
    expect(listed).toHaveLength(2);
  });
});
