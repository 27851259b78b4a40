import { describe, expect, it } from "vitest";
import type { NewEvent, RunEvent, ToolResult } from "@/lib/agent/events";
import { taskHistory } from "./task-history";

let seq = 0;
const ev = (e: NewEvent): RunEvent => ({ ...e, runId: "r1", seq: seq++, at: 1000 + seq }) as RunEvent;
const result = (over: Partial<ToolResult> = {}): ToolResult => ({
  ok: true,
  code: "ok",
  summary: "3 results",
  artifactId: null,
  durationMs: 40,
  confidence: 0.8,
  evidence: [],
  claims: [],
  transient: false,
  ...over,
});
const returned = (attempt: number, tryNo: number, r: ToolResult, cached = false): RunEvent =>
  ev({
    type: "tool.returned",
    taskId: "t1",
    attempt,
    try: tryNo,
    tool: "search",
    idempotencyKey: `k${attempt}.${tryNo}`,
    repeatKey: "q",
    result: r,
    output: null,
    cached,
    final: r.ok,
    replayed: false,
  });
const called = (attempt: number, tryNo: number): RunEvent =>
  ev({
    type: "tool.called",
    taskId: "t1",
    attempt,
    try: tryNo,
    tool: "search",
    args: { q: "x" },
    idempotencyKey: `k${attempt}.${tryNo}`,
  });
const criteria = (met: boolean) => [
  { description: "results has at least 3", met, detail: met ? "3 of 3" : "1 of 3" },
];

describe("taskHistory", () => {
  it("groups tries into attempts with their outcome and keeps the latest assessment", () => {
    const events = [
      ev({ type: "task.started", taskId: "t1", attempt: 1 }),
      called(1, 1),
      returned(1, 1, result({ ok: false, code: "timeout", transient: true })),
      called(1, 2),
      returned(1, 2, result({ summary: "1 result" })),
      ev({
        type: "task.assessed",
        taskId: "t1",
        attempt: 1,
        confidence: 0.3,
        criteria: criteria(false),
        signals: [],
      }),
      ev({
        type: "task.failed",
        taskId: "t1",
        attempt: 1,
        code: "low_confidence",
        reason: "too few",
        final: false,
        hint: "",
      }),
      ev({ type: "task.started", taskId: "other", attempt: 1 }),
      ev({ type: "task.started", taskId: "t1", attempt: 2 }),
      called(2, 1),
      returned(2, 1, result(), true),
      ev({
        type: "task.assessed",
        taskId: "t1",
        attempt: 2,
        confidence: 0.9,
        criteria: criteria(true),
        signals: [],
      }),
      ev({ type: "task.succeeded", taskId: "t1", attempt: 2, confidence: 0.9, summary: "3 results" }),
    ];
    const h = taskHistory(events, "t1");
    expect(h.attempts.map((a) => a.attempt)).toEqual([1, 2]);
    const [first, second] = h.attempts;
    expect(first?.tries.map((t) => [t.try, t.result?.code])).toEqual([
      [1, "timeout"],
      [2, "ok"],
    ]);
    expect(first?.outcome).toEqual({ status: "failed", text: "low_confidence: too few (will retry)" });
    expect(second?.tries[0]?.cached).toBe(true);
    expect(second?.outcome?.status).toBe("succeeded");
    expect(h.assessment?.attempt).toBe(2);
    expect(h.assessment?.criteria[0]?.met).toBe(true);
  });

  it("keeps a return whose call was recorded before a restart", () => {
    const h = taskHistory([returned(1, 1, result())], "t1");
    expect(h.attempts[0]?.tries[0]?.result?.ok).toBe(true);
    expect(h.attempts[0]?.tries[0]?.calledAt).toBeNull();
  });

  it("is empty for a task nothing happened to", () => {
    expect(taskHistory([ev({ type: "task.started", taskId: "x", attempt: 1 })], "t1")).toEqual({
      attempts: [],
      assessment: null,
    });
  });
});
