import type { z } from "zod";
import type { MemoryState } from "../memory/entry";
import { emptyMemory } from "../memory/entry";
import type { ChecklistResult } from "../monitor/checklist";
import type { GoalSpec, TaskSpec } from "../planner/plan-schema";
import { defaultRunConfig, type RunConfig } from "./config";
import type { DecisionKind, EventOf, ReflectionAction, ReflectionAnswers, ToolResult } from "./events";

export type RunStatus = "pending" | "running" | "waiting" | "succeeded" | "failed" | "cancelled";
export type TaskStatus = "pending" | "ready" | "running" | "waiting" | "succeeded" | "failed" | "skipped";

export interface TaskState extends TaskSpec {
  status: TaskStatus;
  /** 1-based; grows with every retry, so each attempt has its own ids. */
  attempt: number;
  origin: "plan" | "repair" | "replan";
  /** Plan version that introduced (or last rewrote) the task. */
  planVersion: number;
  confidence: number | null;
  /** The current attempt's final tool result, once returned. */
  result: ToolResult | null;
  /** Tool tries that returned in the current attempt (transient errors are retried by the executor). */
  tries: number;
  /** The latest call's arguments up to case and spacing (repetition detection). */
  lastCallKey: string | null;
  /** The call of an attempt rejected with a hint to do something different: not executed again as is. */
  rejectedKey?: string | null;
  /** A tool call was recorded and its return was not: a resumed run executes it without recording it again. */
  inFlight: boolean;
  failures: number;
  repairs: number;
  reflections: number;
  /** What the last reflection or answer told the next attempt to do differently. */
  hint: string;
  /** The gate decision waiting to be applied (cleared by its effect event). */
  pending: { kind: DecisionKind; trigger: string; reason: string } | null;
  /** Confidence when the last reflection was made, to judge whether it helped. */
  reflectedAt: number | null;
  questionId: string | null;
  /** Iteration in which the current attempt was assessed / settled / reflected on (-1: never). */
  assessedIn: number;
  settledIn: number;
  reflectedIn: number;
  /** Why the task is done/failed/skipped, for the UI. */
  note: string;
}

export interface PlanVersion {
  version: number;
  kind: "initial" | "repair" | "replan";
  tasks: TaskSpec[];
  trigger: string;
  reason: string;
  seq: number;
}

export interface Question {
  id: string;
  prompt: string;
  choices: string[];
  taskId: string | null;
  origin: "clarify" | "task" | "gate";
  status: "pending" | "answered";
  answer: string | null;
  answeredBy: string | null;
  askedSeq: number;
  /** When it stops waiting (run clock, ms), or null. */
  deadline: number | null;
  /** The answer taken at the deadline, or null: the run ends. */
  onDeadline: string | null;
  /** False: the run went on without waiting; an answer amends the goal. */
  blocking: boolean;
}

export interface Artifact {
  id: string;
  taskId: string | null;
  name: string;
  mediaType: string;
  data: unknown;
  bytes: number;
}

export interface Reflection {
  seq: number;
  taskId: string;
  attempt: number;
  trigger: string;
  answers: z.infer<typeof ReflectionAnswers>;
  action: z.infer<typeof ReflectionAction>;
  conclusion: string;
  repeated: boolean;
  hint: string;
  question: string;
  effective: boolean | null;
}

export interface Decision {
  seq: number;
  kind: DecisionKind;
  trigger: string;
  reason: string;
  taskId: string | null;
  attempt: number | null;
}

export interface ModelCallRecord {
  callId: string;
  output: unknown;
  error: { code: string; message: string } | null;
}

export interface RecentCall {
  tool: string;
  key: string;
  result: string;
  /** Which task made it (absent in runs recorded before it was kept). */
  taskId?: string;
}

export interface Counters {
  iterations: number;
  toolCalls: number;
  modelCalls: number;
  tokens: number;
  costUsd: number;
  retries: number;
  reflections: number;
  ineffectiveReflections: number;
  repairs: number;
  replans: number;
  rollbacks: number;
  questions: number;
  decisions: Partial<Record<DecisionKind, number>>;
}

export interface RunState {
  runId: string;
  goal: string;
  model: string;
  parentRunId: string | null;
  config: RunConfig;
  status: RunStatus;
  /** Last applied event's seq; -1 before any. */
  seq: number;
  startedAt: number | null;
  /** Time spent waiting for a person (ms), which the wall-clock budget does not count. */
  waitedMs: number;
  /** When the current wait for a person began, or null while not waiting. */
  waitingSince: number | null;
  updatedAt: number | null;
  spec: GoalSpec | null;
  /** Requirement changes made mid-run, in order; the spec takes the first `amendmentsApplied` into account. */
  amendments: { text: string; by: string; seq: number; questionId?: string }[];
  amendmentsApplied: number;
  /** The spec was amended and the plan does not follow it yet. */
  replanForAmendment: boolean;
  plans: PlanVersion[];
  /** Proposals rejected since the last valid plan version (bounds the repair loop). */
  planRejections: number;
  /** A proposed graph awaiting validation. */
  proposal: EventOf<"plan.proposed"> | null;
  tasks: Record<string, TaskState>;
  taskOrder: string[];
  memory: MemoryState;
  evicted: { id: string; kind: string; content: string; reason: string; seq: number }[];
  /** Where each snapshot is in the log (its memory is in the snapshot.taken event). */
  snapshots: Record<string, { iteration: number; seq: number }>;
  /** The latest snapshot's memory: what the monitor's rollback restores within an iteration. */
  lastSnapshot: { id: string; memory: MemoryState } | null;
  /** Successful tool results by idempotency key: such a call is never executed twice. */
  toolCache: Record<string, { result: ToolResult; artifactId: string | null }>;
  modelCalls: Record<string, ModelCallRecord>;
  artifacts: Record<string, Artifact>;
  /** The requested items against the final report (checklist.evaluated); null until then. */
  checklist: ChecklistResult[] | null;
  readDocuments: string[];
  questions: Record<string, Question>;
  decisions: Decision[];
  reflections: Reflection[];
  iteration: number;
  lastDecayIteration: number;
  /** The last rejected proposal and why, for the next repair prompt. */
  rejected: {
    graph: import("../planner/plan-schema").TaskGraph | null;
    violations: { rule: string; taskId?: string; message: string }[];
  } | null;
  /** The batch of tasks being executed, until iteration.finished. */
  batch: string[] | null;
  lastProgressIteration: number;
  recentCalls: RecentCall[];
  /**
   * Skill firings recorded since the last other event of the same task ("" for the run): a firing
   * precedes what it causes, so a run resumed between the two finds it here and does not repeat it.
   */
  firedSince: Record<string, string[]>;
  /** Lessons recalled per decision point (`point:task:attempt`), so a resumed run does not recall again. */
  recalls: Record<string, EventOf<"experience.recalled">["lessons"]>;
  counters: Counters;
  outcome: { reason: string; code: string | null; reportArtifactId: string | null } | null;
}

export function initialState(runId: string): RunState {
  return {
    runId,
    goal: "",
    model: "",
    parentRunId: null,
    config: defaultRunConfig(),
    status: "pending",
    seq: -1,
    startedAt: null,
    waitedMs: 0,
    waitingSince: null,
    updatedAt: null,
    spec: null,
    amendments: [],
    amendmentsApplied: 0,
    replanForAmendment: false,
    plans: [],
    planRejections: 0,
    proposal: null,
    tasks: {},
    taskOrder: [],
    memory: emptyMemory(),
    evicted: [],
    snapshots: {},
    lastSnapshot: null,
    toolCache: {},
    modelCalls: {},
    artifacts: {},
    checklist: null,
    readDocuments: [],
    questions: {},
    decisions: [],
    reflections: [],
    iteration: 0,
    lastDecayIteration: 0,
    rejected: null,
    batch: null,
    lastProgressIteration: 0,
    recentCalls: [],
    firedSince: {},
    recalls: {},
    counters: {
      iterations: 0,
      toolCalls: 0,
      modelCalls: 0,
      tokens: 0,
      costUsd: 0,
      retries: 0,
      reflections: 0,
      ineffectiveReflections: 0,
      repairs: 0,
      replans: 0,
      rollbacks: 0,
      questions: 0,
      decisions: {},
    },
    outcome: null,
  };
}

/** Where a recall happened: one per decision point, task and attempt. */
export const recallKey = (point: string, taskId: string | null, attempt: number): string =>
  `${point}:${taskId ?? "-"}:${attempt}`;

export const isTerminal = (s: RunStatus) => s === "succeeded" || s === "failed" || s === "cancelled";
export const currentPlan = (s: RunState): PlanVersion | undefined => s.plans[s.plans.length - 1];
/** Done for dependency purposes: a skipped task does not block its dependents. */
export const isSettled = (t: TaskState) => t.status === "succeeded" || t.status === "skipped";
