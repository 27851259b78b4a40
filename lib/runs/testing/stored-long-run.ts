import type { RunEvent } from "../../agent/events";
import { reduce, replay } from "../../agent/reducer";
import type { RunState } from "../../agent/state";
import { driveLongRun } from "../../bench/long-run";
import type { RunStore } from "../run-store";

/**
 * A long finished run in the store, fast: the scripted long run (about 40 events per task) is
 * driven in memory and written whole, as an import is. For fork tests and benches that need a
 * long history without waiting for one append per event.
 */
export async function storeLongRun(store: RunStore, runId: string, tasks: number): Promise<RunEvent[]> {
  const { events } = await driveLongRun(runId, tasks, async () => {}, Number.MAX_SAFE_INTEGER);
  const first = events[0];
  if (first?.type !== "run.started") throw new Error("the long run did not start");
  let state: RunState = replay([], runId);
  await store.insertRunWithEvents(
    {
      id: runId,
      goal: first.goal,
      model: first.model,
      config: first.config,
      parentRunId: null,
      forkSeq: null,
      readOnly: false,
    },
    events.map((event) => {
      state = reduce(state, event);
      return { event, state };
    }),
  );
  return events;
}
