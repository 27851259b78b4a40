import { expect, it } from "vitest";
import type { DbRunStore } from "@/db/run-store";
import { describeOnEachDatabase } from "@/db/test-databases";
import type { RunEvent } from "../../agent/events";
import { settled, testService } from "../testing/service-harness";
import { resumeInterruptedRuns } from "./resume-runs";
import { startRun } from "./start-run";

/** Successful tool executions per idempotency key: must be at most 1 each. */
function executions(events: RunEvent[]): Map<string, number> {
  const n = new Map<string, number>();
  for (const e of events) {
    if (e.type === "tool.returned" && e.result.ok && !e.cached && !e.replayed && e.tool !== "write") {
      n.set(e.idempotencyKey, (n.get(e.idempotencyKey) ?? 0) + 1);
    }
  }
  return n;
}

describeOnEachDatabase("durability", (handle) => {
  it("resumes runs a dead process left running: contiguous seqs, nothing lost, no task re-run", async () => {
    const goal = "Which agent framework handles tool failures best?";
    const reference = await testService(handle().db);
    const full = await startRun(reference.service, { goal });
    await settled(reference.service, full.runId);
    const total = (await reference.store.events(full.runId)).length;

    for (const crashAfter of [3, 17, Math.floor(total / 2), total - 4]) {
      // A process that dies after `crashAfter` events: its store stops accepting writes. A batch
      // that crosses the limit keeps its first events (any committed prefix must resume).
      const dying = await testService(handle().db);
      const store = dying.store as DbRunStore;
      let written = 0;
      const appendBatch = store.appendBatch.bind(store);
      store.appendBatch = async (entries) => {
        const room = crashAfter - written;
        if (room > 0) await appendBatch(entries.slice(0, room));
        written += Math.min(room, entries.length);
        if (entries.length > room) throw new Error("process killed");
      };
      const { runId } = await startRun(dying.service, { goal });
      await dying.service.idle();
      const before = await dying.store.events(runId);
      expect(before).toHaveLength(crashAfter);
      expect((await dying.store.run(runId))?.status).toBe("running");

      const restarted = await testService(handle().db);
      expect(await resumeInterruptedRuns(restarted.service)).toContain(runId);
      const run = await settled(restarted.service, runId);
      expect(run.status, `crash after ${crashAfter}`).toBe("succeeded");
      const after = await restarted.store.events(runId);
      expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => i));
      expect(after.slice(0, crashAfter)).toEqual(before);
      for (const [key, n] of executions(after)) expect(n, `${key} after a crash at ${crashAfter}`).toBe(1);
    }
  }, 120_000);
});
