import { describe, expect, it } from "vitest";
import { RunEvent } from "@/lib/agent/events";
import { replay } from "@/lib/agent/reducer";
import { forkSummary } from "./fork-summary";

const at = (seq: number) => 1_000 + seq * 500;
const ev = (seq: number, type: string, body: Record<string, unknown>) =>
  RunEvent.parse({ runId: "child", seq, at: at(seq), type, ...body });
const usage = { promptTokens: 1, completionTokens: 1, totalTokens: 2, costUsd: 0 };
const call = (seq: number, replayed: boolean) =>
  ev(seq, "model.called", {
    callId: `c${seq}`,
    purpose: "execute",
    tier: "fast",
    model: "builtin",
    taskId: null,
    output: {},
    error: null,
    usage,
    latencyMs: 1,
    promptChars: 1,
    repaired: false,
    replayed,
  });

const prefix = [
  ev(0, "run.started", {
    goal: "Compare A and B",
    config: {},
    model: "builtin",
    parentRunId: "parent",
    forkSeq: 2,
  }),
  ev(1, "memory.added", {
    entry: {
      id: "m1",
      kind: "result",
      content: "A costs 10",
      status: "active",
      confidence: 0.9,
      priority: 3,
      source: "executor",
      createdAt: 0,
      lastAccess: 0,
    },
  }),
  ev(2, "question.asked", {
    questionId: "q1",
    prompt: "Which region?",
    choices: [],
    taskId: null,
    origin: "clarify",
  }),
];

describe("forkSummary", () => {
  it("lists each edit against the state at the fork and counts replayed and new calls apart", () => {
    const events = [
      ...prefix,
      ev(3, "run.forked", {
        parentRunId: "parent",
        forkSeq: 2,
        by: "ada",
        goal: "Compare A and C",
        budgets: { iterations: 20 },
        edits: 3,
      }),
      ev(4, "goal.amended", { text: "Compare A and C", by: "ada" }),
      ev(5, "memory.updated", {
        id: "m1",
        patch: { content: "A costs 12", confidence: 0.4 },
        reason: "edited",
      }),
      ev(6, "question.answered", { questionId: "q1", answer: "Europe", by: "ada" }),
      call(7, true),
      call(8, true),
      call(9, false),
    ];
    const s = forkSummary(events, 2, replay(events.slice(0, 3)));
    expect(s).toMatchObject({
      by: "ada",
      forkedAt: at(3),
      elapsedMs: at(9) - at(3),
      modelCalls: { replayed: 2, made: 1 },
      toolCalls: { replayed: 0, made: 0 },
    });
    expect(s?.edits).toEqual([
      {
        kind: "goal",
        subject: "goal",
        changes: [{ field: "text", from: "Compare A and B", to: "Compare A and C" }],
      },
      { kind: "budget", subject: "iterations", changes: [{ field: "iterations", from: "60", to: "20" }] },
      {
        kind: "memory",
        subject: "m1",
        changes: [
          { field: "content", from: "A costs 10", to: "A costs 12" },
          { field: "confidence", from: "0.9", to: "0.4" },
        ],
      },
      {
        kind: "answer",
        subject: "Which region?",
        changes: [{ field: "answer", from: "(not answered)", to: "Europe" }],
      },
    ]);
  });

  it("is null for a run that is not a fork (or a fork recorded before forks said so)", () => {
    expect(forkSummary(prefix, 1, replay(prefix.slice(0, 2)))).toBeNull();
  });
});
