import type { RunEvent } from "@/lib/agent/events";

/** Quiet for this long, a running run is waiting on something. */
export const QUIET_MS = 2_000;

/**
 * "waiting for the model (12 s)…", read from the log alone: the last event says what the loop
 * started and has not heard back from (a tool call it recorded, otherwise a model call), and its
 * time says for how long. Null while events keep coming.
 */
export function inFlightLabel(
  last: Pick<RunEvent, "type" | "at"> & { tool?: string },
  now: number,
): string | null {
  if (now - last.at < QUIET_MS) return null;
  const seconds = Math.round((now - last.at) / 1000);
  const what = last.type === "tool.called" && last.tool ? `the ${last.tool} tool` : "the model";
  return `waiting for ${what} (${seconds} s)…`;
}
