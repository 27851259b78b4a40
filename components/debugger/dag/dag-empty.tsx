"use client";

import { Empty } from "@/components/ui/states";
import type { RunState } from "@/lib/agent/state";

/** What the graph area says before there is a plan: the run is never just "empty". */
export function DagEmpty({ state }: { state: RunState }) {
  const question = Object.values(state.questions).find((q) => q.status === "pending");
  if (state.status === "waiting") {
    return (
      <Empty title="Waiting for your answer" testId="dag-empty">
        {question ? `The agent asked: “${question.prompt}”` : "The agent needs input before it can plan."}{" "}
        Answer it above (or in the inbox) and planning continues.
      </Empty>
    );
  }
  if (state.status === "pending") {
    return (
      <Empty title="The run has not started yet" testId="dag-empty">
        Its task graph appears here once the goal is planned.
      </Empty>
    );
  }
  if (state.status !== "running") {
    return (
      <Empty title="No plan was made" testId="dag-empty">
        {state.outcome?.reason ?? "The run ended before a plan was validated."}
      </Empty>
    );
  }
  if (!state.spec) {
    return (
      <Empty title="Clarifying the goal…" testId="dag-empty">
        <span className="spinner" aria-hidden="true" /> The agent is turning the goal into a deliverable, an
        audience and acceptance criteria.
      </Empty>
    );
  }
  return (
    <Empty title="Planning…" testId="dag-empty">
      <span className="spinner" aria-hidden="true" />{" "}
      {state.planRejections > 0
        ? `${state.planRejections} proposal${state.planRejections === 1 ? " was" : "s were"} rejected by the rules; the agent is fixing the plan.`
        : "The agent is drafting a task graph; it appears here once the rules accept it."}
    </Empty>
  );
}
