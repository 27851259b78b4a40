import type { RunEvent } from "@/lib/agent/events";
import { describeEvent } from "@/lib/agent/trace";

export const taskOf = (e: RunEvent): string | null =>
  "taskId" in e && typeof e.taskId === "string" ? e.taskId : null;

// Events never change once received, so each one's searchable text is built once, on first search.
const haystacks = new WeakMap<RunEvent, string>();

/** What a search sees of an event: its seq, type, task and the one-line description the log shows. */
export function searchText(e: RunEvent): string {
  let text = haystacks.get(e);
  if (text === undefined) {
    text = `#${e.seq} ${e.type} ${taskOf(e) ?? ""} ${describeEvent(e)}`.toLowerCase();
    haystacks.set(e, text);
  }
  return text;
}

export interface EventFilter {
  /** An event type, or "all". */
  type: string;
  /** Part of a task id; empty for any. */
  task: string;
  /** Free text: every word must occur somewhere in the event's line. */
  text: string;
}

/** The events that pass the filter, in order; the array itself when nothing filters. */
export function filterEvents(events: RunEvent[], { type, task, text }: EventFilter): RunEvent[] {
  const taskQ = task.trim().toLowerCase();
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (type === "all" && !taskQ && words.length === 0) return events;
  return events.filter((e) => {
    if (type !== "all" && e.type !== type) return false;
    if (taskQ && !(taskOf(e)?.toLowerCase().includes(taskQ) ?? false)) return false;
    if (words.length === 0) return true;
    const hay = searchText(e);
    return words.every((w) => hay.includes(w));
  });
}

/** "+1:02.3" from the run's start; "—" when a time is missing. */
export function formatOffset(ms: number): string {
  if (!Number.isFinite(ms)) return "—";
  const s = Math.max(0, ms) / 1000;
  if (s < 60) return `+${s.toFixed(1)}s`;
  return `+${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, "0")}`;
}

/** The time since the event before: "150ms", "2.4s", "1m 05s". */
export function formatGap(ms: number): string {
  if (!Number.isFinite(ms)) return "";
  const v = Math.max(0, ms);
  if (v < 1000) return `${Math.round(v)}ms`;
  if (v < 60_000) return `${(v / 1000).toFixed(1)}s`;
  const s = Math.round(v / 1000);
  return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
}
