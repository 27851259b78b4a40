import { z } from "zod";
import type { TaskInput } from "../llm/model-context";
import { renderMemory } from "../memory/render";
import type { AnyTool } from "../tools/tool";
import { executiveOf } from "./config";
import type { ToolResult } from "./events";
import { executeTool } from "./executor";
import { recallExperience } from "./experience-step";
import { idempotencyKey, repeatKey } from "./idempotency";
import { askToolCalls } from "./model-call";
import { askPerson, DEADLINE } from "./questions";
import type { RunContext } from "./run-context";
import { settleInputs } from "./settle-inputs";
import { isSettled, type RunState, type TaskState } from "./state";

const schemas = new WeakMap<AnyTool, Record<string, unknown>>();
/** A tool's input as JSON Schema, converted once per tool. */
function inputSchema(tool: AnyTool): Record<string, unknown> {
  let schema = schemas.get(tool);
  if (!schema) {
    schema = z.toJSONSchema(tool.input, { io: "input" }) as Record<string, unknown>;
    schemas.set(tool, schema);
  }
  return schema;
}

const userResult = (answer: string, by: string): ToolResult => ({
  ok: true,
  code: "user_answer",
  summary: `Answered by ${by}: ${answer}`.slice(0, 500),
  artifactId: null,
  durationMs: 0,
  confidence: 1,
  evidence: [{ docId: "user", title: `Answer from ${by}`, quote: answer.slice(0, 300) }],
  claims: [],
  transient: false,
});

/** How many upstream outputs a task sees: enough for a report over several facets, bounded for long chains. */
const MAX_INPUTS = 24;

/**
 * Outputs of the tasks this one depends on, directly or not, nearest first (breadth-first), at most
 * MAX_INPUTS: a long chain must not grow every prompt without bound.
 */
export function upstreamInputs(s: RunState, task: TaskState): TaskInput[] {
  const seen = new Set<string>();
  const order: string[] = [];
  let frontier = [...task.dependencies];
  while (frontier.length > 0 && order.length < MAX_INPUTS) {
    const next: string[] = [];
    for (const id of frontier) {
      if (seen.has(id)) continue;
      seen.add(id);
      order.push(id);
      next.push(...(s.tasks[id]?.dependencies ?? []));
    }
    frontier = next;
  }
  return order
    .slice(0, MAX_INPUTS)
    .reverse()
    .map((id) => s.tasks[id])
    .filter((t): t is TaskState => !!t && t.status === "succeeded" && !!t.result)
    .map((t) => ({
      taskId: t.id,
      tool: t.tool,
      data: t.result?.artifactId ? (s.artifacts[t.result.artifactId]?.data ?? null) : { answer: t.note },
    }));
}

/** Without working memory: every output so far, in the order the tasks were planned. */
function everyOutput(s: RunState, task: TaskState): TaskInput[] {
  return s.taskOrder
    .map((id) => s.tasks[id])
    .filter((t): t is TaskState => !!t && t.id !== task.id && t.status === "succeeded" && !!t.result)
    .map((t) => ({
      taskId: t.id,
      tool: t.tool,
      data: t.result?.artifactId ? (s.artifacts[t.result.artifactId]?.data ?? null) : { answer: t.note },
    }));
}

/** Without working memory: the whole history as a transcript, nothing ranked, nothing dropped. */
function renderHistory(s: RunState): string {
  const lines = [`Goal: ${s.goal}`];
  for (const d of s.decisions) lines.push(`[${d.taskId ?? "run"}] ${d.kind}: ${d.reason}`);
  for (const id of s.taskOrder) {
    const t = s.tasks[id];
    if (t?.result || t?.note) lines.push(`${id} [${t.tool}] ${t.status}: ${t.result?.summary ?? t.note}`);
  }
  return lines.join("\n");
}

export function renderForTask(s: RunState, task: TaskState): string {
  const tasks = s.taskOrder.map((id) => s.tasks[id]).filter((t): t is TaskState => !!t);
  return renderMemory(s.memory, {
    budgetChars: s.config.promptBudgetChars,
    focus: `${task.id}: ${task.title} [${task.tool}]`,
    progress: { done: tasks.filter(isSettled).length, total: tasks.length },
    // Not by status: tasks of a batch start in any order, and the prompt must not depend on it.
    pending: tasks
      .filter((t) => !isSettled(t) && t.status !== "failed" && t.id !== task.id && !s.batch?.includes(t.id))
      .map((t) => `${t.id}: ${t.title}`),
  });
}

/** An attempt's outcome that no tool run produced (a person's answer, a call that never happened). */
function settleWithoutTool(
  ctx: RunContext,
  task: TaskState,
  keys: { idempotencyKey: string; repeatKey: string },
  result: ToolResult,
  output: unknown,
) {
  return ctx.emit({
    type: "tool.returned",
    taskId: task.id,
    attempt: task.attempt,
    try: 0,
    tool: task.tool,
    ...keys,
    result,
    output,
    cached: false,
    final: true,
    replayed: false,
  });
}

async function recordAnswer(ctx: RunContext, task: TaskState, answer: string, by: string, output: unknown) {
  const q = { q: task.questionId };
  await settleWithoutTool(
    ctx,
    task,
    { idempotencyKey: idempotencyKey("ask_user", q), repeatKey: repeatKey("ask_user", q) },
    userResult(answer, by),
    output,
  );
}

/**
 * Execute one task of the batch: the model chooses the tool arguments, the executor runs the tool.
 * ask_user tasks and answered questions are resolved by the user's answer instead of a tool.
 */
/** Why the task runs again (the last gate decision's trigger), or "" for a first attempt. */
const lastTrigger = (ctx: RunContext, taskId: string) =>
  ctx.state.decisions.findLast((d) => d.taskId === taskId)?.trigger ?? "";

export async function executeTask(ctx: RunContext, taskId: string): Promise<void> {
  let task = ctx.state.tasks[taskId] as TaskState;
  const question = task.questionId ? ctx.state.questions[task.questionId] : undefined;
  if (question?.status === "answered" && question.origin === "gate") {
    const a = (question.answer ?? "").trim().toLowerCase();
    if (a === "skip")
      return void (await ctx.emit({
        type: "task.skipped",
        taskId,
        reason:
          question.answeredBy === DEADLINE
            ? "Skipped: nobody answered its question by the deadline."
            : `Skipped by ${question.answeredBy}.`,
      }));
    if (a === "stop") {
      return void (await ctx.emit({
        type: "run.cancelled",
        reason: `Stopped by ${question.answeredBy} when asked.`,
        by: question.answeredBy ?? "reviewer",
      }));
    }
  }
  if (task.status !== "running") {
    await ctx.emit({ type: "task.started", taskId, attempt: task.attempt });
    task = ctx.state.tasks[taskId] as TaskState;
  }
  if (task.result) return;
  // A deadline that ended the run answered nothing: after a rollback the step asks or runs again.
  const expired = question?.answeredBy === DEADLINE && question.onDeadline === null;
  const answered = question?.status === "answered" && !expired ? question : undefined;
  if (
    answered &&
    (task.tool === "ask_user" || !["retry", ""].includes((answered.answer ?? "").trim().toLowerCase()))
  ) {
    return recordAnswer(ctx, task, answered.answer ?? "", answered.answeredBy ?? "reviewer", {
      question: answered.prompt,
      answer: answered.answer,
    });
  }
  const tool = ctx.deps.tools.get(task.tool);
  if (!tool) {
    // Only an unvalidated plan gets here (validation rejects unknown tools).
    return failWithoutCall(ctx, task, "unknown_tool", `There is no tool "${task.tool}".`, false);
  }
  if (task.tool === "ask_user" && !answered) {
    const q = String((task.input as { question?: unknown }).question ?? task.title);
    await askPerson(
      ctx,
      {
        questionId: expired
          ? `q:${task.id}:${task.attempt}:${ctx.state.counters.questions}`
          : `q:${task.id}:${task.attempt}`,
        prompt: q,
        choices: z
          .array(z.string())
          .catch([])
          .parse((task.input as { choices?: unknown }).choices),
        taskId,
        origin: "task",
      },
      null,
    );
    return;
  }
  await recallExperience(ctx, "execute", task.id, lastTrigger(ctx, task.id));
  const s = ctx.state;
  const r = await askToolCalls(ctx, {
    callId: `execute:${task.id}:${task.attempt}`,
    taskId,
    context: {
      purpose: "execute",
      goal: s.goal,
      spec: s.spec as NonNullable<RunState["spec"]>,
      task,
      attempt: task.attempt,
      ...(executiveOf(s.config).workingMemory
        ? { memory: renderForTask(s, task), inputs: settleInputs(s.config, upstreamInputs(s, task)) }
        : { memory: renderHistory(s), inputs: settleInputs(s.config, everyOutput(s, task)) }),
      hint: task.hint,
    },
    tools: [
      {
        name: tool.name,
        description: tool.description,
        parameters: inputSchema(tool),
      },
    ],
  });
  const call = r.ok ? r.output.find((c) => c.name === tool.name) : undefined;
  if (!r.ok || !call) {
    const code = r.ok ? "invalid_input" : r.code;
    const message = r.ok
      ? `The model did not call ${tool.name}.`
      : `The model call failed before ${tool.name} could run: ${r.message}`;
    const transient = ["rate_limited", "server_error", "timeout", "network"].includes(code);
    return failWithoutCall(ctx, task, code, message, transient);
  }
  const fixed = task.input && typeof task.input === "object" ? task.input : {};
  const args =
    call.arguments && typeof call.arguments === "object" ? { ...fixed, ...call.arguments } : call.arguments;
  if (task.rejectedKey && repeatKey(tool.name, args) === task.rejectedKey) {
    // The model asked for exactly the call the monitor just rejected. If the plan (a repair) set
    // other inputs, they are binding: run the planned call. Otherwise refuse it before it runs.
    const planned =
      call.arguments && typeof call.arguments === "object" ? { ...call.arguments, ...fixed } : fixed;
    if (repeatKey(tool.name, planned) !== task.rejectedKey && tool.input.safeParse(planned).success) {
      return executeTool(ctx, task, tool, planned);
    }
    return failWithoutCall(
      ctx,
      task,
      "repeated_call",
      `The model repeated the call rejected in attempt ${task.attempt - 1} (${task.note.slice(0, 200)}); it was not executed again.`,
      false,
    );
  }
  await executeTool(ctx, task, tool, args);
}

/** The attempt ends before any tool ran (no tool call from the model, no such tool). */
async function failWithoutCall(
  ctx: RunContext,
  task: TaskState,
  code: string,
  message: string,
  transient: boolean,
): Promise<void> {
  const key = `${task.tool}:no-call`;
  await settleWithoutTool(
    ctx,
    task,
    { idempotencyKey: key, repeatKey: key },
    {
      ok: false,
      code,
      summary: message.slice(0, 500),
      artifactId: null,
      durationMs: 0,
      confidence: 0,
      evidence: [],
      claims: [],
      transient,
    },
    null,
  );
}
