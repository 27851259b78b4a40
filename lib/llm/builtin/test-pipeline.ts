import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { GoalSpec, TaskGraph, TaskSpec } from "../../planner/plan-schema";
import { Clarification, TaskGraph as TaskGraphSchema } from "../../planner/plan-schema";
import { researchToolSummaries, researchTools } from "../../tools";
import type { DocumentLibrary } from "../../tools/library/document-library";
import type { ToolContext } from "../../tools/tool";
import { Workspace } from "../../tools/workspace";
import type { TaskInput } from "../model-context";
import type { BuiltinModel } from "./builtin-model";

/**
 * Test support: a straight run of goal → spec → plan → every task in dependency order, with the
 * real tools over a real library, and none of the loop's monitoring. It shows what the builtin
 * model produces when nothing goes wrong.
 */
export interface PipelineRun {
  spec: GoalSpec;
  plan: TaskGraph;
  /** Each task's tool arguments as the model chose them (merged with the planned input). */
  args: Map<string, Record<string, unknown>>;
  outputs: Map<string, unknown>;
  readDocuments: Set<string>;
}

const tier = "fast" as const;

export async function runPipeline(
  model: BuiltinModel,
  library: DocumentLibrary,
  goal: string,
): Promise<PipelineRun> {
  const clarified = await model.generateObject({
    tier,
    messages: [],
    context: { purpose: "clarify", goal, answers: [] },
    schema: Clarification,
    schemaName: "clarification",
  });
  const spec = clarified.output.spec;
  if (!spec) throw new Error(`The goal was judged too vague: ${clarified.output.question?.prompt}`);
  const { output: plan } = await model.generateObject({
    tier,
    messages: [],
    context: {
      purpose: "plan",
      mode: "initial",
      goal,
      spec,
      tools: researchToolSummaries(),
      maxTasks: 15,
      violations: [],
      previous: null,
      done: [],
      reason: "",
    },
    schema: TaskGraphSchema,
    schemaName: "task_graph",
  });

  const tools = new Map(researchTools().map((t) => [t.name, t]));
  const readDocuments = new Set<string>();
  const ctx: ToolContext = {
    runId: "builtin-test",
    taskId: "",
    signal: new AbortController().signal,
    library,
    workspace: new Workspace(await mkdtemp(path.join(tmpdir(), "builtin-model-"))),
    readDocuments,
  };
  const outputs = new Map<string, unknown>();
  const args = new Map<string, Record<string, unknown>>();
  for (const task of topological(plan.tasks)) {
    const tool = tools.get(task.tool);
    if (!tool) throw new Error(`unknown tool ${task.tool}`);
    const response = await model.callTools({
      tier,
      messages: [],
      context: {
        purpose: "execute",
        goal,
        spec,
        task,
        attempt: 1,
        memory: "",
        inputs: ancestors(plan.tasks, task, outputs),
        hint: "",
      },
      tools: [{ name: tool.name, description: tool.description, parameters: {} }],
    });
    const call = response.calls[0];
    const merged = { ...task.input, ...(call?.arguments as Record<string, unknown>) };
    args.set(task.id, merged);
    const result = await tool.run(tool.input.parse(merged), { ...ctx, taskId: task.id });
    if (task.tool === "read") {
      for (const doc of (result.data as { documents: { docId: string }[] }).documents)
        readDocuments.add(doc.docId);
    }
    outputs.set(task.id, result.data);
  }
  return { spec, plan, args, outputs, readDocuments };
}

function topological(tasks: TaskSpec[]): TaskSpec[] {
  const done = new Set<string>();
  const order: TaskSpec[] = [];
  while (order.length < tasks.length) {
    const next = tasks.find((t) => !done.has(t.id) && t.dependencies.every((d) => done.has(d)));
    if (!next) throw new Error("the plan has a cycle");
    done.add(next.id);
    order.push(next);
  }
  return order;
}

/** Outputs of every task `task` depends on, directly or not, dependencies first (as the loop sends them). */
export function ancestors(tasks: TaskSpec[], task: TaskSpec, outputs: Map<string, unknown>): TaskInput[] {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const seen = new Set<string>();
  const order: string[] = [];
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const d of byId.get(id)?.dependencies ?? []) visit(d);
    order.push(id);
  };
  for (const d of task.dependencies) visit(d);
  return order.map((id) => ({ taskId: id, tool: byId.get(id)?.tool ?? "", data: outputs.get(id) }));
}
