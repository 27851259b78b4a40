import type { RunStatus } from "@/lib/agent/state";

// Plain module (not "use client"): the server page reads these too, and values exported from a
// client module reach server code only as references.
export const RUN_STATUSES: RunStatus[] = [
  "running",
  "pending",
  "waiting",
  "succeeded",
  "failed",
  "cancelled",
];
export type StatusFilter = RunStatus | "all";

export const parseStatusFilter = (value: string | undefined): StatusFilter =>
  RUN_STATUSES.find((s) => s === value) ?? "all";
