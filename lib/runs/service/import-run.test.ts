import { expect, it } from "vitest";
import { DbRunStore } from "@/db/run-store";
import { describeOnEachDatabase } from "@/db/test-databases";
import { reduce, replay } from "../../agent/reducer";
import { ServiceError } from "../errors";
import { settled, testService } from "../testing/service-harness";
import { importRun } from "./import-run";
import { listQuestions } from "./queries";
import { startRun } from "./start-run";
import { exportRun } from "./transfer-run";

const code = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e instanceof ServiceError ? e.code : `unexpected: ${String(e)}`;
  }
  return "no error";
};

/** The text as a stream of small chunks that cut lines and multi-byte characters in two. */
async function* chunks(text: string, size = 7) {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

describeOnEachDatabase("imports are evidence, not actions", (handle) => {
  async function waitingExport() {
    const { service, store } = await testService(handle().db);
    const { runId } = await startRun(service, { goal: "help me 制造业" });
    await settled(service, runId);
    return { service, store, runId, jsonl: await exportRun(service, runId) };
  }

  it("imports a streamed file once: the same content again is the same run", async () => {
    const { service, store, jsonl } = await waitingExport();
    const first = await importRun(service, chunks(jsonl));
    expect(first).toMatchObject({ duplicate: false, events: jsonl.trim().split("\n").length });
    const again = await importRun(service, jsonl);
    expect(again).toEqual({ ...first, duplicate: true });
    expect(await store.run(first.runId)).toMatchObject({ readOnly: true, status: "waiting" });
  });

  it("never lists an imported run's question as pending", async () => {
    const { service, store, jsonl } = await waitingExport();
    const { runId } = await importRun(service, jsonl);
    expect(await store.questions({ runId })).toHaveLength(1);
    const pending = await listQuestions(service, { status: "pending" });
    expect(pending.filter((q) => q.runId === runId)).toEqual([]);
  });

  it("refuses a file whose late line the database could not store, and stores nothing of it", async () => {
    const { service, store, jsonl } = await waitingExport();
    const lines = jsonl.trim().split("\n");
    const last = JSON.parse(lines.at(-1) as string);
    const bad = JSON.stringify({
      ...last,
      seq: lines.length,
      type: "goal.amended",
      text: "x\u0000",
      by: "m",
    });
    const before = (await store.runs({ limit: 500 })).length;
    expect(await code(importRun(service, `${jsonl}${bad}\n`))).toBe("invalid_input");
    const lone = JSON.stringify({
      ...last,
      seq: lines.length,
      type: "goal.amended",
      text: "\ud800",
      by: "m",
    });
    expect(await code(importRun(service, `${jsonl}${lone}\n`))).toBe("invalid_input");
    expect((await store.runs({ limit: 500 })).length).toBe(before);
  });

  it("holds imported text to the live caps", async () => {
    const { service, store, jsonl } = await waitingExport();
    const [head, ...rest] = jsonl.trim().split("\n");
    const started = JSON.parse(head as string);
    const huge = JSON.stringify({ ...started, goal: "g".repeat(4_001) });
    const before = (await store.runs({ limit: 500 })).length;
    expect(await code(importRun(service, [huge, ...rest].join("\n")))).toBe("invalid_input");
    expect(await code(importRun(service, "\n\n"))).toBe("invalid_input");
    expect(await code(importRun(service, rest.join("\n")))).toBe("invalid_input");
    expect((await store.runs({ limit: 500 })).length).toBe(before);
  });

  it("leaves nothing when the database refuses an event midway (batches are hidden until the end)", async () => {
    const { runId, store: source } = await waitingExport();
    const events = await source.events(runId);
    const store = new DbRunStore(handle().db, { batchSize: 2 });
    const id = "imp_refused";
    let state = replay([], id);
    const entries = events.map((e, i) => {
      // The last event carries a NUL: the database refuses it after the earlier batches went in.
      const event = i === events.length - 1 ? { ...e, runId: id, by: "\u0000" } : { ...e, runId: id };
      state = reduce(state, event);
      return { event, state };
    });
    expect(events.length).toBeGreaterThan(2);
    const run = { id, goal: "g", model: "builtin", config: state.config, parentRunId: null, forkSeq: null };
    await expect(store.insertRunWithEvents({ ...run, readOnly: true }, entries)).rejects.toThrow();
    expect(await store.run(id)).toBeNull();
    expect(await store.events(id)).toEqual([]);
    expect(await store.discardHiddenRuns()).toBe(0);
  });

  it("refuses a malformed chosen id before reading anything", async () => {
    const { service } = await testService(handle().db);
    expect(await code(importRun(service, "", "bad id"))).toBe("invalid_input");
    expect(await code(importRun(service, "", "x\u0000"))).toBe("invalid_input");
  });
});
