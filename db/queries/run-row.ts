import type { RunRow } from "@/lib/runs/run-store";
import type { RunRecord } from "../schema";

/** A runs row as the contract shows it. */
export function toRunRow(r: RunRecord): RunRow {
  return {
    id: r.id,
    goal: r.goal,
    model: r.model,
    status: r.status,
    config: r.config,
    parentRunId: r.parentRunId,
    forkSeq: r.forkSeq,
    readOnly: r.readOnly,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    lastSeq: r.lastSeq,
    iterations: r.iterations,
    toolCalls: r.toolCalls,
    modelCalls: r.modelCalls,
    tokens: r.tokens,
    costUsd: r.costUsd,
    tasksDone: r.tasksDone,
    tasksTotal: r.tasksTotal,
    reportArtifactId: r.reportArtifactId,
    outcomeCode: r.outcomeCode,
    outcomeReason: r.outcomeReason,
  };
}
