"use client";

import { useMemo } from "react";
import type { RunEvent } from "@/lib/agent/events";
import { TotalsTable } from "./cost-table";
import { taskCost } from "./model-call-stats";
import "./model-calls.css";

/** In the task drawer: the task's model and tool spend per attempt and in all, and a way to its calls. */
export function TaskCostSection({
  events,
  taskId,
  onShowModelCalls,
}: {
  events: RunEvent[];
  taskId: string;
  onShowModelCalls?: (taskId: string) => void;
}) {
  const cost = useMemo(() => taskCost(events, taskId), [events, taskId]);
  return (
    <section className="td-section" aria-labelledby="td-cost" data-testid="task-cost">
      <h3 id="td-cost">Model and tool spend</h3>
      {cost.total.calls === 0 && cost.total.toolCalls === 0 ? (
        <p className="muted">No model or tool calls yet.</p>
      ) : (
        <TotalsTable
          label="attempt"
          caption="Per attempt and in total"
          testId="task-cost-table"
          rows={cost.attempts.map((a) => ({
            key: String(a.attempt),
            name: a.attempt === 0 ? "before any attempt" : `attempt ${a.attempt}`,
            totals: a.totals,
          }))}
          total={cost.total}
        />
      )}
      {onShowModelCalls && cost.total.calls > 0 && (
        <button
          type="button"
          className="btn btn-ghost td-small"
          onClick={() => onShowModelCalls(taskId)}
          data-testid="show-task-model-calls"
        >
          Show this task’s {cost.total.calls} model call{cost.total.calls === 1 ? "" : "s"} →
        </button>
      )}
    </section>
  );
}
