import type { GoalSpec, TaskGraph, TaskSpec } from "../planner/plan-schema";

/** A rule violation found in a proposed plan; only these are sent back for repair. */
export interface PlanViolation {
  rule: string;
  taskId?: string;
  message: string;
}

export interface ToolSummary {
  name: string;
  description: string;
}

export interface DoneTaskSummary {
  id: string;
  title: string;
  tool: string;
  summary: string;
}

/** An upstream task's output, handed to the task that depends on it. */
export interface TaskInput {
  taskId: string;
  tool: string;
  data: unknown;
}

/**
 * Everything a model is told, as data. The prompt text is rendered from this, so an API model and
 * the builtin rule-based model receive the same information.
 */
export type ModelContext = PurposeContext & {
  /** Prompt skills (lib/skills) whose trigger held for this call: templates the model is asked to apply. */
  skills?: { id: string; name: string; text: string }[];
};

type PurposeContext =
  | { purpose: "clarify"; goal: string; answers: { prompt: string; answer: string }[] }
  | {
      purpose: "plan";
      mode: "initial" | "fix_violations" | "replan";
      goal: string;
      spec: GoalSpec;
      tools: ToolSummary[];
      maxTasks: number;
      violations: PlanViolation[];
      previous: TaskGraph | null;
      done: DoneTaskSummary[];
      reason: string;
    }
  | {
      purpose: "repair";
      goal: string;
      spec: GoalSpec;
      failed: TaskSpec;
      failure: string;
      tasks: TaskSpec[];
      done: DoneTaskSummary[];
      tools: ToolSummary[];
      /** The most tasks the repaired plan may hold: an inserted fix must fit. */
      maxTasks?: number;
    }
  | {
      purpose: "execute";
      goal: string;
      spec: GoalSpec;
      task: TaskSpec;
      attempt: number;
      memory: string;
      inputs: TaskInput[];
      /** What a reflection told the next attempt to do differently. */
      hint: string;
    }
  | {
      purpose: "assess";
      goal: string;
      task: TaskSpec;
      summary: string;
      criteria: { description: string; met: boolean; detail: string }[];
      ruleConfidence: number;
    }
  | {
      purpose: "reflect";
      goal: string;
      spec: GoalSpec;
      task: TaskSpec;
      trigger: string;
      signals: string[];
      lastSummary: string;
      previous: { conclusion: string; nextAction: string }[];
      memory: string;
    }
  | {
      /** After a run ended: propose lessons from its events (lib/experience/distill-model.ts). */
      purpose: "distill";
      goal: string;
      /**
       * The run's own events, one line each, from structured fields only (seq, type, task, tool,
       * codes, triggers, decisions): never tool output, documents or model prose.
       */
      timeline: string[];
      maxLessons: number;
    };
