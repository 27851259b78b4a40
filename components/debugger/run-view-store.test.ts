import { describe, expect, it } from "vitest";
import type { RunEvent } from "@/lib/agent/events";
import { createRun, drive } from "@/lib/agent/loop";
import { replay } from "@/lib/agent/reducer";
import { makeDeps, reportTask, workTask } from "@/lib/agent/testing/harness";
import { createRunView } from "./run-view-store";

async function log(): Promise<RunEvent[]> {
  const plan = Array.from({ length: 12 }, (_, i) => workTask(`t${i}`, i >= 3 ? [`t${i - 3}`] : []));
  plan.push(reportTask(["t9", "t10", "t11"]));
  const { deps, events } = makeDeps({ plan, behaviours: { t4: { transient: 1 } } });
  await drive(await createRun(deps, { runId: "r", goal: "g", config: { concurrency: 1 } }));
  return events;
}

describe("the run view store", () => {
  it("holds reduce(events) at the head and at every moment, whatever the bursts the stream delivers", async () => {
    const events = await log();
    expect(events.length).toBeGreaterThan(150);
    const { store, stateAt } = createRunView("r");
    // Bursts of odd sizes that straddle checkpoints, one repeated event and one ahead of its turn.
    for (let i = 0, size = 1; i < events.length; i += size, size = (size * 7) % 61 || 1) {
      store.getState().receive(events.slice(Math.max(0, i - 1), i + size));
      store.getState().receive(events.slice(i + size + 1, i + size + 2));
      expect(store.getState().events.length).toBe(Math.min(events.length, i + size));
    }
    expect(store.getState().head).toEqual(replay(events));
    const seqs = [0, 1, 49, 50, 51, 99, 100, 137, 136, 138, 139, events.length - 2, 5, 6, 4];
    for (const seq of seqs) expect(stateAt(seq), `at #${seq}`).toEqual(replay(events.slice(0, seq + 1)));
  });

  it("steps back and forth without changing the states it handed out", async () => {
    const events = await log();
    const { store, stateAt } = createRunView("r");
    store.getState().receive(events);
    const shown = [];
    for (let seq = 120; seq > 90; seq--)
      shown.push({ seq, json: JSON.stringify(stateAt(seq)), state: stateAt(seq) });
    for (let seq = 91; seq <= 120; seq++) stateAt(seq);
    for (const s of shown) expect(JSON.stringify(s.state), `#${s.seq}`).toBe(s.json);
    expect(stateAt(120)).toEqual(replay(events.slice(0, 121)));
  });
});
