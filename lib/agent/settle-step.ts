import { declinesQuestions } from "../language/references";
import { findContradictions } from "../memory/working-memory";
import { priceQuestion } from "../monitor/ask-price";
import { AssessOutput, assessResult, describeSignals } from "../monitor/assessment";
import { type GateDecision, gate } from "../monitor/gate";
import { absentNames } from "../planner/plan-schema";
import { executiveOf } from "./config";
import { adviseDecision, recallExperience } from "./experience-step";
import { addOnce, entry, entryIds, markSubtask } from "./memory-entries";
import { askObject } from "./model-call";
import { planTasks } from "./plan-step";
import { askAside, askedAsideAbout, askPerson } from "./questions";
import { decisionFromReflection, reflectOn } from "./reflect-step";
import { lastRejection, repairsRanOut, repairTask } from "./repair-step";
import type { RunContext } from "./run-context";
import { fireSkill, emitDecision as recordDecision, skillOn } from "./skill-firing";
import type { TaskState } from "./state";

const task = (ctx: RunContext, id: string) => ctx.state.tasks[id] as TaskState;

/** Record what the rules see in the result: the result entry, contradictions, the assessment. */
async function recordAssessment(ctx: RunContext, id: string): Promise<void> {
  const t = task(ctx, id);
  const r = t.result;
  if (!r) throw new Error(`Task ${id} reached assessment without a result`);
  const entryId = entryIds.result(id, t.attempt);
  const a = assessResult(ctx.state, t, entryId);
  await addOnce(
    ctx,
    entry(ctx, {
      id: entryId,
      kind: "result",
      content: `${id}: ${r.summary}`,
      status: r.ok ? "active" : "failed",
      confidence: a.confidence,
      priority: t.deliverable ? 5 : 3,
      source: r.code === "user_answer" ? "user" : "executor",
      extra: {
        taskId: id,
        artifactId: r.artifactId ?? undefined,
        evidence: r.evidence.slice(0, 3),
        claims: r.claims,
      },
    }),
  );
  // Earlier results of other tasks that this one contradicts lose confidence (once per pair).
  const contradicted = findContradictions(ctx.state.memory, r.claims, entryId).filter(
    (c) => ctx.state.memory.entries[c.entryId]?.extra.taskId !== id,
  );
  for (const c of contradicted) {
    const held = ctx.state.memory.entries[c.entryId];
    if (!held || held.extra.contradictedBy?.includes(entryId)) continue;
    await ctx.emit({
      type: "memory.updated",
      id: c.entryId,
      patch: {
        confidence: Math.round(held.confidence * ctx.state.config.contradictionPenalty * 1000) / 1000,
        extra: { contradictedBy: [...(held.extra.contradictedBy ?? []), entryId] },
      },
      reason: `contradicted by ${entryId} on "${c.key}": ${c.held} earlier, ${c.incoming} now`,
    });
  }
  if (t.reflectedAt !== null) {
    await ctx.emit({
      type: "reflection.evaluated",
      taskId: id,
      effective: a.ok && a.confidence > t.reflectedAt,
      before: t.reflectedAt,
      after: a.confidence,
    });
  }
  await ctx.emit({
    type: "task.assessed",
    taskId: id,
    attempt: t.attempt,
    confidence: a.confidence,
    criteria: a.checks.map(({ description, met, detail }) => ({ description, met, detail })),
    signals: describeSignals(a),
  });
}

/** Rules first; the model only when the rules cannot decide. */
async function decide(ctx: RunContext, id: string): Promise<GateDecision> {
  const t = task(ctx, id);
  const lastDecision = ctx.state.decisions.filter((x) => x.taskId === id).at(-1);
  if (t.reflectedIn === ctx.state.iteration && lastDecision?.kind === "reflect") {
    const followed = decisionFromReflection(ctx, id);
    if (followed) return followed;
  }
  const a = assessResult(ctx.state, t, entryIds.result(id, t.attempt));
  if (t.result?.code === "user_answer") {
    return { kind: "continue", trigger: "user_answer", reason: "A person supplied what the task needed." };
  }
  const monitor = executiveOf(ctx.state.config).monitor;
  if (monitor === "off") return unmonitored(ctx, t);
  if (monitor === "rules") {
    const ruled = gate(a, {
      config: ctx.state.config,
      task: t,
      retries: ctx.state.counters.retries,
      enabled: (skill) => skillOn(ctx, skill),
    });
    if (ruled) return ruled;
  }
  const r = await askObject(ctx, {
    callId: `assess:${id}:${t.attempt}`,
    taskId: id,
    context: {
      purpose: "assess",
      goal: ctx.state.goal,
      task: t,
      summary: t.result?.summary ?? "",
      criteria: a.checks.map(({ description, met, detail }) => ({ description, met, detail })),
      ruleConfidence: a.confidence,
    },
    schema: AssessOutput,
    schemaName: "assessment",
  });
  if (r.ok && r.output.accept) {
    return {
      kind: "continue",
      trigger: "model_assessment",
      reason:
        monitor === "rules"
          ? `Rules were undecided at ${a.confidence.toFixed(2)}; the model accepted: ${r.output.reason}`
          : `The model accepted: ${r.output.reason}`,
    };
  }
  if (monitor === "model" && t.reflections >= ctx.state.config.maxReflectionsPerTask) {
    // No rules, but a bound: a task the model keeps rejecting is repaired, not reflected on forever.
    return {
      kind: "repair",
      trigger: "model_assessment",
      reason: `The model rejected the result again after ${t.reflections} reflections.`,
    };
  }
  return {
    kind: "reflect",
    trigger: "model_assessment",
    reason: r.ok
      ? `The model did not accept the result: ${r.output.reason}`
      : `The assessment failed (${r.code}).`,
  };
}

/**
 * No monitor: what a plain agent loop does. A result that came back is taken as it is; a failure
 * is retried unchanged until maxTaskFailures, then the task is given up and the run moves on.
 */
function unmonitored(ctx: RunContext, t: TaskState): GateDecision {
  const r = t.result;
  if (r?.ok)
    return { kind: "continue", trigger: "no_monitor", reason: "The tool returned; nothing checks it." };
  if (t.failures + 1 < ctx.state.config.maxTaskFailures) {
    return {
      kind: "retry",
      trigger: "no_monitor",
      reason: `${t.tool} failed with ${r?.code ?? "an error"}; the same call is tried again.`,
    };
  }
  return {
    kind: "abort",
    trigger: "no_monitor",
    reason: `${t.tool} failed ${t.failures + 1} times; the task is given up and the run moves on.`,
  };
}

/** The decision needs a function that is switched off (an ablation): the task fails for good. */
const failSwitchedOff = (ctx: RunContext, t: TaskState, code: string, reason: string) =>
  ctx.emit({
    type: "task.failed",
    taskId: t.id,
    attempt: t.attempt,
    code: t.result?.code ?? code,
    reason,
    final: true,
    hint: "",
  });

const emitDecision = (ctx: RunContext, id: string, d: GateDecision) => recordDecision(ctx, d, id);

const lastReflection = (ctx: RunContext, id: string) =>
  ctx.state.reflections.filter((r) => r.taskId === id).at(-1);

async function apply(ctx: RunContext, id: string): Promise<void> {
  const t = task(ctx, id);
  const d = t.pending;
  if (!d) return;
  const s = ctx.state;
  switch (d.kind) {
    case "continue":
      await markSubtask(ctx, id, "done", d.reason);
      await ctx.emit({
        type: "task.succeeded",
        taskId: id,
        attempt: t.attempt,
        confidence: t.confidence ?? 0,
        summary: t.result?.summary ?? "",
      });
      return;
    case "retry":
      if (d.trigger !== "no_monitor" && s.counters.retries >= s.config.globalRetryCap) {
        await emitDecision(ctx, id, {
          kind: "ask_user",
          trigger: "global_retry_cap",
          reason: `The run has used all ${s.config.globalRetryCap} retries; a person should decide how to go on.`,
        });
        return;
      }
      await failed(ctx, t, d.reason, {
        final: false,
        hint: t.reflectedIn === s.iteration ? (lastReflection(ctx, id)?.hint ?? "") : "",
      });
      return;
    case "reflect":
      await reflectOn(ctx, id, d);
      return;
    case "repair":
      await recallExperience(ctx, "repair", id, d.trigger);
      if (
        !(await repairTask(
          ctx,
          id,
          `${t.result?.code ?? "failed"}: ${t.result?.summary ?? ""} (${d.reason})`,
          d.trigger,
        ))
      ) {
        const end = repairsRanOut(ctx, t, d.reason);
        if (end) {
          await ctx.emit(end);
          return;
        }
        await emitDecision(ctx, id, {
          kind: "replan",
          trigger: "repair_failed",
          reason: `No valid local repair was found. ${lastRejection(ctx)}`.trim(),
        });
      }
      return;
    case "replan":
      if (!executiveOf(s.config).replan) {
        await failSwitchedOff(
          ctx,
          t,
          "failed",
          `${d.reason} Re-planning is switched off, so the task fails.`,
        );
        return;
      }
      // The step the decision is on has failed: settled as such, a re-plan that keeps it runs it again.
      if (t.status === "running") await failed(ctx, t, d.reason, { final: true, hint: "" });
      if ((await planTasks(ctx, "replan", d.trigger, d.reason)) === "failed") {
        await ctx.emit({
          type: "run.failed",
          code: "plan_failed",
          reason: `No valid plan after ${d.trigger}: ${d.reason} ${lastRejection(ctx)}`.trim(),
        });
      }
      return;
    case "rollback":
      await rollback(ctx, id, d.reason);
      return;
    case "ask_user": {
      if (!executiveOf(s.config).askUser) {
        await failSwitchedOff(
          ctx,
          t,
          "needs_person",
          `${d.reason} Asking a person is switched off, so the task fails.`,
        );
        return;
      }
      const price = skillOn(ctx, "ask-pricing")
        ? priceQuestion(
            id,
            s.tasks,
            s.spec?.topics ?? [],
            declinesQuestions(s.goal),
            Object.values(s.questions).flatMap((q) =>
              q.status === "answered" && q.answer ? [q.prompt] : [],
            ),
            // The run checked every name against the library before planning.
            absentNames(s.spec?.constraints ?? []) ?? [],
          )
        : { block: true, reason: "", skip: [] };
      if (skillOn(ctx, "ask-pricing")) {
        await fireSkill(ctx, "ask-pricing", "question_priced", id, price.block ? "asked" : "skipped");
      }
      const asked = t.reflectedIn === s.iteration ? lastReflection(ctx, id)?.question : "";
      if (!price.block) {
        for (const skipped of price.skip) {
          await ctx.emit({
            type: "task.skipped",
            taskId: skipped,
            reason: `Gap, not a question: ${d.reason} Not asked because ${price.reason}.`,
          });
        }
        // Asked aside, unless the requester said not to be consulted: the run does not wait, and an
        // answer that comes while it runs amends the goal.
        if (!declinesQuestions(s.goal) && !askedAsideAbout(s, id)) await askAside(ctx, t, asked);
        return;
      }
      // At the deadline a step the report can do without is skipped (its gap stated); a subject the
      // report cannot be written without, or the deliverable itself, ends the run instead.
      const fallback = t.deliverable || RESEARCH_TOOLS.has(t.tool) ? null : "skip";
      const then = fallback ? "the run goes on without this step" : "the run stops without a report";
      await askPerson(
        ctx,
        {
          questionId: `q:${id}:${t.attempt}:${s.counters.questions}`,
          prompt: `${
            asked ||
            `Task "${t.title}" needs a decision: ${d.reason} Answer with the missing information, or "retry", "skip" or "stop".`
          }${s.config.questionDeadlineMs ? ` Without an answer by the deadline, ${then}.` : ""}`,
          choices: ["retry", "skip", "stop"],
          taskId: id,
          origin: "gate",
        },
        fallback,
      );
      return;
    }
    case "abort":
      if (d.trigger === "no_monitor") {
        await ctx.emit({ type: "task.skipped", taskId: id, reason: d.reason });
        return;
      }
      await ctx.emit({ type: "run.failed", code: "aborted_by_monitor", reason: d.reason });
      return;
  }
}

const RESEARCH_TOOLS = new Set(["search", "read", "extract"]);

/** Restore memory to the snapshot taken before this batch; results of tasks settled since are written again. */
async function rollback(ctx: RunContext, id: string, reason: string): Promise<void> {
  const s = ctx.state;
  const snapshotId = `s${s.iteration}`;
  const keep = (s.batch ?? [])
    .filter((x) => x !== id && s.tasks[x]?.status === "succeeded")
    .map((x) => s.memory.entries[entryIds.result(x, s.tasks[x]?.attempt ?? 0)])
    .filter((e) => !!e);
  const hint = s.reflections.filter((r) => r.taskId === id).at(-1)?.hint ?? "";
  const snap = s.lastSnapshot;
  if (snap?.id !== snapshotId)
    throw new Error(`Rollback needs snapshot ${snapshotId}, the latest is ${snap?.id}`);
  await ctx.emit({
    type: "rollback",
    snapshotId,
    taskIds: [id],
    by: "monitor",
    reason,
    hint,
    memory: snap.memory,
  });
  for (const e of keep) await addOnce(ctx, e);
}

/** Assess a task's result, decide, and apply the decision, until the task is settled for this iteration. */
export async function settleTask(ctx: RunContext, id: string): Promise<void> {
  for (let step = 0; step < 12; step++) {
    const t = task(ctx, id);
    if (
      t.settledIn === ctx.state.iteration ||
      ctx.state.status === "failed" ||
      ctx.state.status === "cancelled"
    )
      return;
    if (t.status === "waiting" || t.status === "skipped") return;
    if (t.assessedIn !== ctx.state.iteration) await recordAssessment(ctx, id);
    if (!task(ctx, id).pending)
      await emitDecision(ctx, id, await adviseDecision(ctx, id, await decide(ctx, id)));
    await apply(ctx, id);
  }
  throw new Error(`Task ${id} did not settle`);
}

/** The task's attempt recorded as failed, with its result's code. */
async function failed(
  ctx: RunContext,
  t: TaskState,
  reason: string,
  how: { final: boolean; hint: string },
): Promise<void> {
  await ctx.emit({
    type: "task.failed",
    taskId: t.id,
    attempt: t.attempt,
    code: t.result?.code ?? "unknown",
    reason,
    ...how,
  });
}
