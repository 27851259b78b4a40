import { z } from "zod";
import { renderMessages } from "../../agent/prompts";
import { LessonProposals } from "../../experience/distill-model";
import { AssessOutput } from "../../monitor/assessment";
import { ReflectionOutput } from "../../monitor/reflection";
import { Clarification, type GoalSpec, TaskGraph, type TaskSpec } from "../../planner/plan-schema";
import { RepairProposal } from "../../planner/repair-plan";
import { researchTools } from "../../tools";
import type { ChatModel, ModelTier, ToolDefinition } from "../chat-model";
import type { ModelContext } from "../model-context";

/** The stages of a run that ask a model, as the bench and the real-server suite count them. */
export type Stage = "clarify" | "plan" | "repair" | "execute" | "assess" | "reflect" | "report" | "distill";

export type AgentRequest =
  | {
      stage: Stage;
      kind: "object";
      tier: ModelTier;
      context: ModelContext;
      schema: z.ZodType;
      schemaName: string;
    }
  | { stage: Stage; kind: "tools"; tier: ModelTier; context: ModelContext; tools: ToolDefinition[] };

const spec: GoalSpec = {
  deliverable: "A one-page memo comparing two e-readers' battery life",
  audience: "a buyer",
  constraints: ["cite sources"],
  acceptanceCriteria: ["names both e-readers"],
  topics: ["Kobo Clara", "Kindle Paperwhite"],
  compare: true,
};
const search: TaskSpec = {
  id: "search-1",
  title: "Search the library for battery life",
  tool: "search",
  input: { query: "e-reader battery life" },
  dependencies: [],
  successCriteria: [{ kind: "min_count", field: "results", min: 2 }],
  expectedOutput: "results",
  deliverable: false,
};
const report: TaskSpec = {
  ...search,
  id: "report",
  title: "Compose the memo",
  tool: "compose_report",
  input: { title: "Battery life" },
  dependencies: ["search-1"],
  successCriteria: [{ kind: "non_empty", field: "markdown" }],
  expectedOutput: "markdown",
  deliverable: true,
};
const goal = "Compare the battery life of two e-readers for a buyer, as a short memo.";

/** A tool's definition exactly as the execute step sends it. */
export function toolDefinition(name: string): ToolDefinition {
  const tool = researchTools().find((t) => t.name === name);
  if (!tool) throw new Error(`No tool ${name}`);
  return {
    name: tool.name,
    description: tool.description,
    parameters: z.toJSONSchema(tool.input, { io: "input" }) as Record<string, unknown>,
  };
}

/** One request per kind of question the agent asks, with a realistic context. */
export function agentRequests(): AgentRequest[] {
  const tools = researchTools().map((t) => ({ name: t.name, description: t.description }));
  const execute = (task: TaskSpec): ModelContext => ({
    purpose: "execute",
    goal,
    spec,
    task,
    attempt: 1,
    memory: "- goal: compare battery life",
    inputs: [],
    hint: "",
  });
  return [
    {
      stage: "clarify",
      kind: "object",
      tier: "strong",
      context: { purpose: "clarify", goal, answers: [] },
      schema: Clarification,
      schemaName: "clarification",
    },
    {
      stage: "plan",
      kind: "object",
      tier: "strong",
      context: {
        purpose: "plan",
        mode: "initial",
        goal,
        spec,
        tools,
        maxTasks: 15,
        violations: [],
        previous: null,
        done: [],
        reason: "",
      },
      schema: TaskGraph,
      schemaName: "task_graph",
    },
    {
      stage: "repair",
      kind: "object",
      tier: "strong",
      context: {
        purpose: "repair",
        goal,
        spec,
        failed: search,
        failure: "no results",
        tasks: [search, report],
        done: [],
        tools,
      },
      schema: RepairProposal,
      schemaName: "repair_proposal",
    },
    {
      stage: "execute",
      kind: "tools",
      tier: "fast",
      context: execute(search),
      tools: [toolDefinition("search")],
    },
    {
      stage: "assess",
      kind: "object",
      tier: "fast",
      context: {
        purpose: "assess",
        goal,
        task: search,
        summary: "2 results",
        criteria: [{ description: "2 results", met: true, detail: "2" }],
        ruleConfidence: 0.6,
      },
      schema: AssessOutput,
      schemaName: "assessment",
    },
    {
      stage: "reflect",
      kind: "object",
      tier: "strong",
      context: {
        purpose: "reflect",
        goal,
        spec,
        task: search,
        trigger: "low_confidence",
        signals: ["few results"],
        lastSummary: "1 result",
        previous: [],
        memory: "",
      },
      schema: ReflectionOutput,
      schemaName: "reflection",
    },
    {
      stage: "report",
      kind: "tools",
      tier: "fast",
      context: execute(report),
      tools: [toolDefinition("compose_report")],
    },
    {
      stage: "distill",
      kind: "object",
      tier: "strong",
      context: {
        purpose: "distill",
        goal,
        timeline: [
          "9 tool.returned task=search-1 attempt=1 tool=search failed code=unavailable",
          "10 decision task=search-1 kind=retry trigger=transient_error",
          "14 tool.returned task=search-1 attempt=2 tool=search ok",
          "15 task.succeeded task=search-1 attempt=2",
        ],
        maxLessons: 5,
      },
      schema: LessonProposals,
      schemaName: "lesson_proposals",
    },
  ];
}

/** Every tool's definition, for the portability check (the agent may send any of them). */
export const allToolDefinitions = () => researchTools().map((t) => toolDefinition(t.name));

/**
 * Sends one agent request through a model as the agent's steps do: the prompt within the default
 * 6,000-character budget, lowered to what the model's context leaves (or a short prompt of its own).
 */
export async function send(model: ChatModel, r: AgentRequest, signal?: AbortSignal, prompt?: string) {
  const budget = Math.min(6_000, (await model.promptBudgetChars?.(r.tier)) ?? Number.POSITIVE_INFINITY);
  const messages = prompt ? [{ role: "user" as const, content: prompt }] : renderMessages(r.context, budget);
  return r.kind === "object"
    ? model.generateObject({
        tier: r.tier,
        messages,
        context: r.context,
        schema: r.schema,
        schemaName: r.schemaName,
        signal,
      })
    : model.callTools({ tier: r.tier, messages, context: r.context, tools: r.tools, signal });
}
