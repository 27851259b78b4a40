import { describe, expect, it } from "vitest";
import type { RunEvent } from "@/lib/agent/events";
import { filterEvents, formatGap, formatOffset } from "./event-filter";

const ev = (seq: number, type: string, extra: object = {}) =>
  ({ seq, type, runId: "r", at: 1_000 + seq * 100, ...extra }) as unknown as RunEvent;

const events = [
  ev(0, "run.started", { goal: "Compare Loomwork and Relaywright", config: {}, model: "builtin" }),
  ev(1, "task.started", { taskId: "s1", attempt: 1 }),
  ev(2, "task.skipped", { taskId: "r2", reason: "Skipped by Rita." }),
  ev(3, "task.skipped", { taskId: "s1", reason: "Nothing to read." }),
];

describe("event log filter", () => {
  it("returns the same array when nothing filters", () => {
    expect(filterEvents(events, { type: "all", task: "", text: "  " })).toBe(events);
  });

  it("matches every word of the free text against type, task and description, in any case", () => {
    expect(filterEvents(events, { type: "all", task: "", text: "LOOMWORK" }).map((e) => e.seq)).toEqual([0]);
    expect(filterEvents(events, { type: "all", task: "", text: "skipped rita" }).map((e) => e.seq)).toEqual([
      2,
    ]);
    expect(filterEvents(events, { type: "all", task: "", text: "#3" }).map((e) => e.seq)).toEqual([3]);
    expect(filterEvents(events, { type: "all", task: "", text: "no such words" })).toEqual([]);
  });

  it("combines the text with the type and task filters", () => {
    const f = { type: "task.skipped", task: "s1", text: "" };
    expect(filterEvents(events, f).map((e) => e.seq)).toEqual([3]);
    expect(filterEvents(events, { ...f, text: "rita" })).toEqual([]);
  });

  it("formats offsets from the start and gaps between events", () => {
    expect(formatOffset(1_250)).toBe("+1.3s");
    expect(formatOffset(62_300)).toBe("+1:02.3");
    expect(formatGap(150)).toBe("150ms");
    expect(formatGap(2_400)).toBe("2.4s");
    expect(formatGap(65_000)).toBe("1m 05s");
  });
});
