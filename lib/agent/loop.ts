import { evaluateChecklist, requestedItems } from "../monitor/checklist";
import { budgetBreach, iterationsWithoutProgress } from "../monitor/signals";
import { clarifyGoal, reclarifyGoal } from "./clarify-step";
import { executiveOf, Goal, RunConfig, type RunConfigInput } from "./config";
import type { RunEvent } from "./events";
import { runBatch, startIteration } from "./iteration";
import { addOnce, entry, entryIds, specEntries } from "./memory-entries";
import { planTasks, syncSubtasks } from "./plan-step";
import { answersToAmend, expireQuestion, overdueQuestion } from "./questions";
import { replay } from "./reducer";
import { RunContext } from "./run-context";
import type { AgentDeps } from "./runtime";
import { emitDecision, skillOn } from "./skill-firing";
import { currentPlan, isTerminal, type RunState } from "./state";

export interface StartRunInput {
  runId: string;
  goal: string;
  config?: RunConfigInput;
  parentRunId?: string | null;
}

/** Thrown before anything starts when the input is unusable; nothing is recorded. */
export class InvalidRunInput extends Error {
  override readonly name = "InvalidRunInput";
}

/** Validate and record the start of a run; `drive` then runs it. */
export async function createRun(deps: AgentDeps, input: StartRunInput): Promise<RunContext> {
  const goal = Goal.safeParse(input.goal);
  if (!goal.success) throw new InvalidRunInput(goal.error.issues[0]?.message ?? "Invalid goal.");
  const config = RunConfig.safeParse(input.config ?? {});
  if (!config.success) {
    const i = config.error.issues[0];
    throw new InvalidRunInput(`Invalid config ${i?.path.join(".")}: ${i?.message}`);
  }
  const ctx = new RunContext(replay([], input.runId), deps);
  await ctx.emit({
    type: "run.started",
    goal: goal.data,
    config: config.data,
    model: deps.model.name,
    parentRunId: input.parentRunId ?? null,
    forkSeq: null,
  });
  return ctx;
}

/** Continue a run from its recorded events: the same code path as a run that never stopped. */
export function resumeRun(deps: AgentDeps, events: readonly RunEvent[]): RunContext {
  return new RunContext(replay(events), deps);
}

async function finish(ctx: RunContext): Promise<boolean> {
  const s = ctx.state;
  // A re-plan after a change of requirements adds a new deliverable beside the one already done
  // (done work is never redone): the run is finished only when the newest one is.
  const plan = currentPlan(s);
  const deliverables = s.taskOrder
    .map((id) => s.tasks[id])
    .filter(
      (t): t is NonNullable<typeof t> => !!t && t.deliverable && !!plan?.tasks.some((p) => p.id === t.id),
    );
  if (deliverables.some((t) => t.status !== "succeeded" && t.status !== "skipped")) return false;
  const deliverable = deliverables.findLast((t) => t.status === "succeeded");
  if (!deliverable) return false;
  const data = deliverable.result?.artifactId ? s.artifacts[deliverable.result.artifactId]?.data : null;
  const markdown = (data as { markdown?: unknown } | null)?.markdown;
  let reportId: string | null = null;
  if (typeof markdown !== "string" && ctx.deps.tools.get(deliverable.tool)?.deliverable) {
    // Accepted without its output (a monitor that took a failed result): no report, no success.
    await ctx.emit({
      type: "run.failed",
      code: "no_deliverable",
      reason: `Deliverable "${deliverable.title}" was accepted but produced no report.`,
    });
    return true;
  }
  if (typeof markdown === "string") {
    if (!s.checklist && s.spec) {
      await ctx.emit({
        type: "checklist.evaluated",
        items: evaluateChecklist(requestedItems(s.spec), markdown),
      });
    }
    reportId = "report";
    if (!s.artifacts[reportId]) {
      await ctx.emit({
        type: "artifact.written",
        artifactId: reportId,
        taskId: deliverable.id,
        name: "report.md",
        mediaType: "text/markdown",
        data: markdown,
        bytes: new TextEncoder().encode(markdown).length,
      });
    }
  }
  await ctx.emit({
    type: "run.finished",
    reason: `Deliverable "${deliverable.title}" passed its criteria.`,
    reportArtifactId: reportId,
  });
  return true;
}

/** One step of the run, chosen from the state alone. Returns false when the run cannot go on now. */
async function step(ctx: RunContext): Promise<boolean> {
  const s = ctx.state;
  if (isTerminal(s.status)) return false;
  if (s.status === "waiting") {
    // A question nobody answered by its deadline takes its stated default, or ends the run.
    const due = overdueQuestion(s, ctx.deps.clock.now());
    if (!due) return false;
    await expireQuestion(ctx, due);
    return true;
  }
  if (ctx.cancelled) {
    await ctx.emit({
      type: "run.cancelled",
      reason: String(ctx.deps.signal?.reason ?? "cancelled"),
      by: "user",
    });
    return false;
  }
  if (s.batch) {
    await runBatch(ctx);
    return true;
  }
  // A question asked aside whose deadline passed closes with its default; the run never waited.
  const lapsed = Object.values(s.questions).find(
    (q) =>
      q.blocking === false &&
      q.status === "pending" &&
      q.deadline != null &&
      q.deadline <= ctx.deps.clock.now(),
  );
  if (lapsed) {
    await expireQuestion(ctx, lapsed);
    return true;
  }
  for (const a of ctx.deps.mailbox?.answers?.(s) ?? []) {
    if (ctx.state.questions[a.questionId]?.status !== "pending") continue;
    await ctx.emit({
      type: "question.answered",
      questionId: a.questionId,
      answer: a.answer.slice(0, 4_000),
      by: a.by,
    });
  }
  for (const m of ctx.deps.mailbox?.take(s) ?? []) {
    await ctx.emit({ type: "goal.amended", text: m.text.trim().slice(0, 4_000), by: m.by || "user" });
  }
  // An answer to a question asked aside is a requirement change like any other.
  for (const q of answersToAmend(ctx.state)) {
    await ctx.emit({
      type: "goal.amended",
      text: (q.answer ?? "").trim().slice(0, 4_000),
      by: q.answeredBy || "reviewer",
      questionId: q.id,
    });
  }
  const breach = budgetBreach(s, ctx.deps.clock.now());
  if (breach) {
    await ctx.emit({ type: "budget.exceeded", ...breach });
    await ctx.emit({
      type: "run.failed",
      code: "budget_exceeded",
      reason: `The ${breach.budget} budget (${breach.limit}) is spent.`,
    });
    return false;
  }
  if (!s.spec) {
    await addOnce(
      ctx,
      entry(ctx, { id: entryIds.goal, kind: "goal", content: s.goal, priority: 5, source: "user" }),
    );
    await clarifyGoal(ctx);
    return true;
  }
  await specEntries(ctx, s.spec);
  if (s.plans.length === 0) {
    if (
      (await planTasks(ctx, "initial", "goal_clarified", "")) === "failed" &&
      !isTerminal(ctx.state.status)
    ) {
      const last = ctx.state.rejected?.violations.map((v) => v.message).join(" ") ?? "";
      await ctx.emit({
        type: "run.failed",
        code: "plan_invalid",
        reason: `No valid plan within the repair bound. ${last}`,
      });
    }
    return true;
  }
  await syncSubtasks(ctx);
  const executive = executiveOf(s.config);
  if (
    executive.replan &&
    (ctx.state.amendments.length > ctx.state.amendmentsApplied || ctx.state.replanForAmendment)
  ) {
    await followAmendments(ctx);
    return true;
  }
  if (await finish(ctx)) return false;
  if (
    executive.monitor === "rules" &&
    executive.replan &&
    skillOn(ctx, "stagnation-replan") &&
    iterationsWithoutProgress(ctx.state) >= s.config.stagnationIterations
  ) {
    await emitDecision(
      ctx,
      {
        kind: "replan",
        trigger: "stagnation",
        reason: `No task succeeded in ${iterationsWithoutProgress(ctx.state)} iterations.`,
      },
      null,
    );
    if ((await planTasks(ctx, "replan", "stagnation", "No progress for several iterations.")) === "failed") {
      await ctx.emit({
        type: "run.failed",
        code: "stagnation",
        reason: "No progress and no valid new plan.",
      });
    }
    return true;
  }
  if (await startIteration(ctx)) return true;
  return stuck(ctx);
}

/**
 * The requirements changed mid-run: re-clarify the goal with the amendments, then re-plan what
 * remains (done tasks are kept, never redone). Each part is skipped when already recorded.
 */
async function followAmendments(ctx: RunContext): Promise<void> {
  if (ctx.state.amendments.length > ctx.state.amendmentsApplied) await reclarifyGoal(ctx);
  const s = ctx.state;
  if (isTerminal(s.status) || !s.replanForAmendment) return;
  for (const [i, a] of s.amendments.entries()) {
    await addOnce(
      ctx,
      entry(ctx, {
        id: `constraint:amended:${i}`,
        kind: "constraint",
        content: `${a.text} (requested by ${a.by})`,
        priority: 5,
        source: "user",
      }),
    );
  }
  const reason = `Requirements changed: ${s.amendments
    .slice(-3)
    .map((a) => `"${a.text}"`)
    .join("; ")}.`;
  if ((await planTasks(ctx, "replan", "requirements_changed", reason)) === "failed") {
    await ctx.emit({
      type: "run.failed",
      code: "plan_failed",
      reason: `No valid plan for the amended goal. ${reason}`,
    });
  }
}

/** Nothing is ready and nothing waits for a person: re-plan once around the blockage, else fail honestly. */
async function stuck(ctx: RunContext): Promise<boolean> {
  const s = ctx.state;
  const failed = Object.values(s.tasks).filter((t) => t.status === "failed");
  if (
    failed.length > 0 &&
    s.counters.replans < 2 &&
    executiveOf(s.config).replan &&
    skillOn(ctx, "blocked-replan")
  ) {
    const reason = `Blocked by failed tasks: ${failed.map((t) => t.id).join(", ")}.`;
    await emitDecision(ctx, { kind: "replan", trigger: "blocked", reason }, null);
    if ((await planTasks(ctx, "replan", "blocked", reason)) === "planned") return true;
  }
  await ctx.emit({
    type: "run.failed",
    code: "blocked",
    reason: failed.length
      ? `The deliverable cannot be reached: ${failed.map((t) => `${t.id} (${t.note})`).join("; ")}.`
      : "No task can run and the deliverable is not done.",
  });
  return false;
}

/**
 * Run until the run ends or waits for a person. Safe to call again at any time (after an answer,
 * after a crash): it continues from the recorded state and never repeats a recorded step.
 */
export async function drive(ctx: RunContext): Promise<RunState> {
  // Events are committed in batches at the commit points (before tools, waits and model calls)
  // and all of them before this returns, whether it returns or throws.
  const end = ctx.deferCommits();
  try {
    await driveSteps(ctx);
  } catch (e) {
    end();
    await ctx.commit().catch(() => {});
    throw e;
  }
  end();
  await ctx.commit();
  return ctx.state;
}

async function driveSteps(ctx: RunContext): Promise<void> {
  try {
    for (;;) {
      const before = ctx.state.seq;
      if (!(await step(ctx))) break;
      if (ctx.state.seq === before) {
        // A step that records nothing would repeat forever: stop loudly instead.
        await ctx.emit({
          type: "run.failed",
          code: "internal",
          reason: "The loop made no progress; stopped to avoid spinning.",
        });
        break;
      }
    }
  } catch (e) {
    if (!ctx.cancelled || isTerminal(ctx.state.status)) throw e;
    await ctx.emit({
      type: "run.cancelled",
      reason: String(ctx.deps.signal?.reason ?? "cancelled"),
      by: "user",
    });
  }
}

/** Record a person's answer to a pending question; `drive` then resumes the run. */
export async function answerQuestion(
  ctx: RunContext,
  questionId: string,
  answer: string,
  by: string,
): Promise<void> {
  const q = ctx.state.questions[questionId];
  if (!q) throw new InvalidRunInput(`No question ${questionId} in this run.`);
  if (q.status === "answered")
    throw new InvalidRunInput(`Question ${questionId} was already answered by ${q.answeredBy}.`);
  // A question asked aside closes with its run: an answer after the end would change nothing.
  if (isTerminal(ctx.state.status))
    throw new InvalidRunInput(`The run already ${ctx.state.status}; its questions are closed.`);
  const text = answer.trim();
  if (!text) throw new InvalidRunInput("The answer is empty.");
  await ctx.emit({
    type: "question.answered",
    questionId,
    answer: text.slice(0, 4_000),
    by: by.trim() || "reviewer",
  });
  // Stored before this returns even while the loop is gathering a batch of its own.
  await ctx.commit();
}
