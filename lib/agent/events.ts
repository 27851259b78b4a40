import { z } from "zod";
import { RouteDecision } from "../llm/routing";
import { MemoryEntry, MemoryPatch } from "../memory/entry";
import { GoalSpec, TaskGraph, TaskSpec } from "../planner/plan-schema";
import { SkillKind, SkillSignals } from "../skills/skill";
import { RunConfig } from "./config";

export const DecisionKind = z.enum([
  "continue",
  "retry",
  "reflect",
  "repair",
  "replan",
  "rollback",
  "ask_user",
  "abort",
]);
export type DecisionKind = z.infer<typeof DecisionKind>;

const EvidenceSchema = z.object({ docId: z.string(), title: z.string(), quote: z.string() });
const ClaimSchema = z.object({ key: z.string(), value: z.string(), docId: z.string() });

/** A tool call's outcome as recorded: a summary and a reference, never the raw output. */
export const ToolResult = z.object({
  ok: z.boolean(),
  code: z.string(),
  summary: z.string(),
  artifactId: z.string().nullable(),
  durationMs: z.number().min(0),
  confidence: z.number().min(0).max(1),
  evidence: z.array(EvidenceSchema).default([]),
  claims: z.array(ClaimSchema).default([]),
  transient: z.boolean().default(false),
});
export type ToolResult = z.infer<typeof ToolResult>;

export const Usage = z.object({
  promptTokens: z.number().int().min(0),
  completionTokens: z.number().int().min(0),
  totalTokens: z.number().int().min(0),
  costUsd: z.number().min(0),
});

export const ReflectionAnswers = z.object({
  goalAlignment: z.string(),
  evidence: z.string(),
  missingConditions: z.string(),
  conflicts: z.string(),
  nextAction: z.string(),
});

export const ReflectionAction = z.enum([
  "accept",
  "retry",
  "repair",
  "replan",
  "rollback",
  "ask_user",
  "abort",
]);

/**
 * What a model call sent and got back, as recorded when the run records prompts: the rendered
 * messages and the reply as the model wrote it, each cut to the run's cap (`chars` is the size
 * before the cut). Kept in the event only: the reduced state never holds it.
 */
export const ModelExchange = z.object({
  messages: z.array(z.object({ role: z.enum(["system", "user", "assistant"]), content: z.string() })),
  reply: z.string(),
  chars: z.number().int().min(0),
  truncated: z.boolean(),
});
export type ModelExchange = z.infer<typeof ModelExchange>;

const CriterionCheck = z.object({ description: z.string(), met: z.boolean(), detail: z.string() });

const e = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({
    runId: z.string(),
    seq: z.number().int().min(0),
    at: z.number(),
    type: z.literal(type),
    ...shape,
  });

const taskId = z.string();

const MemoryStateSchema = z.object({
  entries: z.record(z.string(), MemoryEntry),
  order: z.array(z.string()),
});

/** Every event of a run. One union validates what is stored, streamed and rendered. */
export const RunEvent = z.discriminatedUnion("type", [
  e("run.started", {
    goal: z.string(),
    config: RunConfig,
    model: z.string(),
    parentRunId: z.string().nullable(),
    /** For a fork: the parent's last seq copied into this run. */
    forkSeq: z.number().int().nullable().default(null),
  }),
  /**
   * A fork's first own event: who forked it and when (its counters start here), and the goal text
   * and budgets changed for it. Its other edits follow as their own events (memory.updated,
   * question.answered, goal.amended): `edits` says how many.
   */
  e("run.forked", {
    parentRunId: z.string(),
    forkSeq: z.number().int().min(0),
    by: z.string(),
    goal: z.string().min(1).max(4_000).nullable().default(null),
    budgets: z
      .object({
        iterations: z.number().int().min(1).max(10_000),
        toolCalls: z.number().int().min(1).max(100_000),
        tokens: z.number().int().min(1).max(100_000_000),
        wallMs: z
          .number()
          .int()
          .min(1_000)
          .max(24 * 3_600_000),
      })
      .partial()
      .nullable()
      .default(null),
    edits: z.number().int().min(0).default(0),
  }),
  e("run.finished", { reason: z.string(), reportArtifactId: z.string().nullable() }),
  e("checklist.evaluated", {
    /** Each requested item of the spec against the final report: covered, stated as a gap, or missing. */
    items: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(["topic", "format", "language", "sources", "derived"]),
        text: z.string(),
        status: z.enum(["covered", "gap_stated", "missing"]),
        evidence: z.string(),
      }),
    ),
  }),
  e("run.failed", { code: z.string(), reason: z.string() }),
  e("run.cancelled", { reason: z.string(), by: z.string() }),
  e("goal.clarified", {
    spec: GoalSpec,
    reason: z.string(),
    /** How many goal amendments this spec takes into account. */
    amendments: z.number().int().min(0).default(0),
  }),
  /** A person changed the requirements mid-run ("also cover X", "in Chinese"): the plan follows. */
  e("goal.amended", {
    text: z.string().min(1).max(4_000),
    by: z.string(),
    /** The non-blocking question whose answer this amendment is, if any. */
    questionId: z.string().optional(),
  }),
  e("plan.proposed", {
    attempt: z.number().int(),
    mode: z.enum(["initial", "fix_violations", "replan", "repair"]),
    graph: TaskGraph,
  }),
  e("plan.rejected", {
    attempt: z.number().int(),
    violations: z.array(z.object({ rule: z.string(), taskId: z.string().optional(), message: z.string() })),
  }),
  e("plan.validated", {
    version: z.number().int(),
    tasks: z.array(TaskSpec),
    trigger: z.string(),
    reason: z.string(),
  }),
  e("plan.repaired", {
    version: z.number().int(),
    action: z.enum(["insert_fix_task", "rewrite_task", "skip_task"]),
    taskId,
    tasks: z.array(TaskSpec),
    trigger: z.string(),
    reason: z.string(),
  }),
  e("plan.replanned", {
    version: z.number().int(),
    tasks: z.array(TaskSpec),
    kept: z.array(taskId),
    dropped: z.array(taskId),
    trigger: z.string(),
    reason: z.string(),
  }),
  e("iteration.started", { iteration: z.number().int(), taskIds: z.array(taskId) }),
  e("iteration.finished", { iteration: z.number().int() }),
  e("task.ready", { taskId }),
  e("task.started", { taskId, attempt: z.number().int() }),
  e("task.succeeded", { taskId, attempt: z.number().int(), confidence: z.number(), summary: z.string() }),
  e("task.failed", {
    taskId,
    attempt: z.number().int(),
    code: z.string(),
    reason: z.string(),
    /** false: the task goes back to the queue for another attempt. */
    final: z.boolean(),
    hint: z.string().default(""),
  }),
  e("task.skipped", { taskId, reason: z.string() }),
  e("task.assessed", {
    taskId,
    attempt: z.number().int(),
    confidence: z.number(),
    criteria: z.array(CriterionCheck),
    signals: z.array(z.string()),
  }),
  e("tool.called", {
    taskId,
    attempt: z.number().int(),
    try: z.number().int(),
    tool: z.string(),
    args: z.unknown(),
    idempotencyKey: z.string(),
  }),
  e("tool.returned", {
    taskId,
    attempt: z.number().int(),
    try: z.number().int(),
    tool: z.string(),
    idempotencyKey: z.string(),
    /** The arguments up to case and spacing, for repetition detection. */
    repeatKey: z.string(),
    result: ToolResult,
    /** The tool's full output, stored as the artifact `result.artifactId` (null when failed or cached). */
    output: z.unknown(),
    /** The result was recorded earlier for the same idempotency key and not executed again. */
    cached: z.boolean(),
    /** No further try follows: this is the attempt's outcome. */
    final: z.boolean(),
    /** Reused from the parent run of a fork (same idempotency key): not executed, not paid for. */
    replayed: z.boolean().default(false),
  }),
  e("artifact.written", {
    artifactId: z.string(),
    taskId: taskId.nullable(),
    name: z.string(),
    mediaType: z.string(),
    data: z.unknown(),
    bytes: z.number().int(),
  }),
  e("memory.added", { entry: MemoryEntry }),
  e("memory.updated", { id: z.string(), patch: MemoryPatch, reason: z.string() }),
  e("memory.decayed", {
    iteration: z.number().int(),
    changes: z.array(z.object({ id: z.string(), from: z.number(), to: z.number() })),
  }),
  e("memory.evicted", { evictions: z.array(z.object({ id: z.string(), reason: z.string() })) }),
  e("snapshot.taken", {
    snapshotId: z.string(),
    iteration: z.number().int(),
    memory: MemoryStateSchema,
  }),
  e("reflection", {
    taskId,
    attempt: z.number().int(),
    trigger: z.string(),
    answers: ReflectionAnswers,
    action: ReflectionAction,
    conclusion: z.string(),
    /** The same conclusion was reached before for this task: direction was forced to change. */
    repeated: z.boolean(),
    /** For retry: what the next attempt does differently. */
    hint: z.string().default(""),
    /** For ask_user: the question for a person. */
    question: z.string().default(""),
  }),
  e("reflection.evaluated", { taskId, effective: z.boolean(), before: z.number(), after: z.number() }),
  e("decision", {
    kind: DecisionKind,
    trigger: z.string(),
    reason: z.string(),
    taskId: taskId.nullable(),
    attempt: z.number().int().nullable(),
  }),
  e("rollback", {
    snapshotId: z.string(),
    taskIds: z.array(taskId),
    by: z.string(),
    reason: z.string(),
    /** What the re-run tasks do differently. */
    hint: z.string().default(""),
    /** The snapshot's memory, restored: the event carries it so the state need not keep every snapshot. */
    memory: MemoryStateSchema,
  }),
  /** A skill acted: which one, the signals it saw, who decided the path, and what it did. */
  e("skill.fired", {
    skill: z.string(),
    kind: SkillKind,
    taskId: taskId.nullable(),
    /** The gate signal (decision trigger) or model call it answered to. */
    trigger: z.string(),
    values: SkillSignals,
    decidedBy: z.enum(["code", "model"]),
    /** The decision it led to (continue, retry, repair, …), `retry` for a tool retry, `injected` for a prompt skill, `asked`/`skipped` for a priced question. */
    outcome: z.string(),
  }),
  e("question.asked", {
    questionId: z.string(),
    prompt: z.string(),
    choices: z.array(z.string()),
    taskId: taskId.nullable(),
    origin: z.enum(["clarify", "task", "gate"]),
    /** When the question stops waiting (ms of the run's clock); absent or null: never. */
    deadline: z.number().nullable().optional(),
    /** The answer taken at the deadline ("skip"), or null: the run then ends as `unanswered`. */
    onDeadline: z.string().nullable().optional(),
    /**
     * False: the run does not wait. It goes on with the gap stated, and an answer that comes while
     * it runs amends the goal. Absent (older logs) or true: the run waits for the answer.
     */
    blocking: z.boolean().optional(),
  }),
  /** `by` is "deadline" when nobody answered in time and the question's default was taken. */
  e("question.answered", { questionId: z.string(), answer: z.string(), by: z.string() }),
  /** Lessons from earlier runs recalled at a decision point, each with its score and why it matched. */
  e("experience.recalled", {
    point: z.enum(["execute", "gate", "reflect", "repair"]),
    taskId: taskId.nullable(),
    attempt: z.number().int(),
    lessons: z
      .array(
        z.object({
          lessonId: z.string(),
          score: z.number(),
          reasons: z.array(z.string()),
          summary: z.string(),
          action: z.enum(["retry", "reflect", "repair", "ask_user"]),
          outcome: z.enum(["helped", "did_not_help"]),
          confidence: z.number(),
        }),
      )
      .min(1)
      .max(3),
  }),
  e("budget.exceeded", { budget: z.string(), limit: z.number(), used: z.number() }),
  e("model.called", {
    callId: z.string(),
    purpose: z.string(),
    tier: z.enum(["fast", "strong"]),
    model: z.string(),
    taskId: taskId.nullable(),
    output: z.unknown(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    usage: Usage,
    latencyMs: z.number().min(0),
    promptChars: z.number().int(),
    repaired: z.boolean(),
    /** Digest of purpose + context: a fork reuses its parent's reply to an identical request. */
    requestHash: z.string().default(""),
    /** The reply was reused from the parent run of a fork, not asked again. */
    replayed: z.boolean().default(false),
    /** Why this tier (the routing policy's default, escalation); null in runs recorded before routing. */
    route: RouteDecision.nullable().default(null),
    /** The attempt of `taskId` the call served (null: no task, or recorded before it was kept). */
    attempt: z.number().int().min(1).nullable().default(null),
    /** Replies beyond the first the model needed to give a usable one. */
    repairRounds: z.number().int().min(0).default(0),
    /** The prompt and raw reply, when the run records prompts (config.prompts). */
    exchange: ModelExchange.nullable().default(null),
  }),
]);
export type RunEvent = z.infer<typeof RunEvent>;
export type RunEventType = RunEvent["type"];
export type EventOf<T extends RunEventType> = Extract<RunEvent, { type: T }>;

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;
/** An event before the sink numbers and stamps it. */
export type NewEvent = DistributiveOmit<RunEvent, "runId" | "seq" | "at">;
