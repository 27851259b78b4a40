import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";
import type { ChatModel, ToolCall } from "../../llm/chat-model";
import type { ModelContext } from "../../llm/model-context";
import { ScriptedModel, type ScriptedReply } from "../../llm/scripted-model";
import type { GoalSpec, TaskSpec } from "../../planner/plan-schema";
import { askUserTool } from "../../tools/ask-user";
import { InMemoryLibrary } from "../../tools/library/document-library";
import { type AnyTool, ToolError, toolRegistry } from "../../tools/tool";
import { Workspace } from "../../tools/workspace";
import type { RunEvent } from "../events";
import type { AgentDeps, Clock } from "../runtime";
import { seededRandom } from "../runtime";

/** A clock that only moves when the loop sleeps (or a test advances it): runs are exact. */
export function fakeClock(start = 1_700_000_000_000): Clock & { advance(ms: number): void; slept: number[] } {
  let now = start;
  const slept: number[] = [];
  return {
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
    advance: (ms) => {
      now += ms;
    },
    slept,
  };
}

export interface Behaviour {
  /** Fail transiently this many times before succeeding. */
  transient?: number;
  permanent?: boolean;
  throws?: boolean;
  empty?: boolean;
  items?: number;
  /** Keep running for this many ms of real time (to observe overlap). */
  delayMs?: number;
  claims?: { key: string; value: string }[];
}

/**
 * `work`: a test tool whose behaviour is set per key. It counts executions, so tests can prove that
 * a recorded result is never executed again.
 */
export function workTool(behaviours: Record<string, Behaviour> = {}) {
  const executions: string[] = [];
  const failuresLeft = new Map<string, number>();
  const spans: { key: string; start: number; end: number }[] = [];
  const tool: AnyTool = {
    name: "work",
    description: "Does a unit of work identified by key and returns items.",
    input: z.object({ key: z.string().min(1), variant: z.string().optional() }),
    timeoutMs: 5_000,
    async run(input: { key: string; variant?: string }) {
      const id = input.variant ? `${input.key}:${input.variant}` : input.key;
      executions.push(id);
      const b = behaviours[id] ?? behaviours[input.key] ?? {};
      const start = performance.now();
      if (b.delayMs) await new Promise((r) => setTimeout(r, b.delayMs));
      spans.push({ key: id, start, end: performance.now() });
      if (b.throws) throw new Error(`boom in ${id}`);
      if (b.permanent) throw new ToolError("not_found", `${id} does not exist`);
      if (b.transient) {
        const left = failuresLeft.get(id) ?? b.transient;
        if (left > 0) {
          failuresLeft.set(id, left - 1);
          throw new ToolError("unavailable", `${id} is temporarily unavailable`, true);
        }
      }
      const n = b.empty ? 0 : (b.items ?? 3);
      return {
        data: { key: id, items: Array.from({ length: n }, (_, i) => `${id}-item-${i}`) },
        summary: `${n} items for ${id}`,
        confidence: 0.9,
        claims: (b.claims ?? []).map((c) => ({ ...c, docId: id })),
      };
    },
  };
  /**
   * Bring the simulated world up to date with recorded events (transient failures already
   * suffered), as the real world would be after a crash and restart.
   */
  const catchUp = (events: readonly RunEvent[]) => {
    const args = new Map<string, { key: string; variant?: string }>();
    for (const e of events) {
      if (e.type === "tool.called" && e.tool === "work")
        args.set(`${e.taskId}:${e.attempt}:${e.try}`, e.args as never);
      if (e.type === "tool.returned" && e.tool === "work" && e.result.transient) {
        const a = args.get(`${e.taskId}:${e.attempt}:${e.try}`);
        if (!a) continue;
        const id = a.variant ? `${a.key}:${a.variant}` : a.key;
        const b = behaviours[id] ?? behaviours[a.key] ?? {};
        failuresLeft.set(id, (failuresLeft.get(id) ?? b.transient ?? 0) - 1);
      }
    }
  };
  return { tool, executions, spans, catchUp };
}

export const reportTool: AnyTool = {
  name: "report",
  description: "Writes the final report from upstream items.",
  input: z.object({ title: z.string().default("Report") }),
  timeoutMs: 5_000,
  async run(input: { title: string }) {
    return {
      data: { markdown: `# ${input.title}\n\nDone.\n`, sections: 1 },
      summary: "Report written",
      confidence: 0.95,
    };
  },
};

export const spec: GoalSpec = {
  deliverable: "a report",
  audience: "analysts",
  constraints: ["cite sources"],
  acceptanceCriteria: ["the report exists"],
  topics: ["x"],
  compare: false,
};

export function workTask(id: string, deps: string[] = [], extra: Partial<TaskSpec> = {}): TaskSpec {
  return {
    id,
    title: `Work on ${id}`,
    tool: "work",
    input: { key: id },
    dependencies: deps,
    successCriteria: [{ kind: "min_count", field: "items", min: 2 }],
    expectedOutput: "items",
    deliverable: false,
    ...extra,
  };
}

export function reportTask(deps: string[]): TaskSpec {
  return {
    id: "report",
    title: "Write the report",
    tool: "report",
    input: { title: "Report" },
    dependencies: deps,
    successCriteria: [{ kind: "non_empty", field: "markdown" }],
    expectedOutput: "markdown",
    deliverable: true,
  };
}

/** Default answers for purposes a test does not script: the plan given, tools called with the task's input. */
/** A repair that is invalid every time: its task depends on a task that does not exist. */
export const invalidRepair = (c: ModelContext) => ({
  action: "rewrite_task",
  task: { ...(c.purpose === "repair" ? c.failed : {}), dependencies: ["nowhere"] },
  replaceFailed: true,
  reason: "broken fix",
});

export function policy(
  plan: TaskSpec[],
  overrides: Partial<Record<ModelContext["purpose"], (c: ModelContext) => unknown>> = {},
) {
  return (request: { context: ModelContext }): unknown => {
    const c = request.context;
    const custom = overrides[c.purpose];
    if (custom) return custom(c);
    switch (c.purpose) {
      case "clarify":
        return { spec, question: null, reason: "clear" };
      case "plan":
        return { rationale: "test plan", tasks: plan };
      case "execute":
        return [
          { name: c.task.tool, arguments: { ...c.task.input, ...(c.hint ? { variant: c.hint } : {}) } },
        ] as ToolCall[];
      case "assess":
        return { accept: true, confidence: 0.7, reason: "fine" };
      case "reflect":
        return {
          goalAlignment: "aligned",
          evidence: "weak",
          missingConditions: "more items",
          conflicts: "none",
          nextAction: "retry with another variant",
          action: "retry",
          hint: "v2",
          question: "",
          conclusion: `Task ${c.task.id} needs another variant`,
        };
      case "repair":
        return { action: "skip_task", task: null, replaceFailed: true, reason: "not essential" };
    }
  };
}

export function makeDeps(opts: {
  model?: ChatModel;
  replies?: ScriptedReply[];
  plan?: TaskSpec[];
  overrides?: Parameters<typeof policy>[1];
  behaviours?: Record<string, Behaviour>;
  tools?: AnyTool[];
  signal?: AbortSignal;
}) {
  const work = workTool(opts.behaviours);
  const events: RunEvent[] = [];
  const clock = fakeClock();
  const model = opts.model ?? new ScriptedModel(opts.replies ?? [], policy(opts.plan ?? [], opts.overrides));
  const deps: AgentDeps = {
    model,
    tools: toolRegistry(opts.tools ?? [work.tool, reportTool, askUserTool]),
    library: new InMemoryLibrary(),
    workspace: new Workspace(mkdtempSync(path.join(tmpdir(), "prefrontal-ws-"))),
    clock,
    random: seededRandom(7),
    sink: { append: (e) => void events.push(e) },
    signal: opts.signal,
  };
  return { deps, events, work, clock, model };
}
