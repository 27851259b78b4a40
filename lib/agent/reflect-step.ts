import type { GateDecision } from "../monitor/gate";
import { changeDirection, isRepeatedConclusion, ReflectionOutput } from "../monitor/reflection";
import { renderForTask } from "./execute-step";
import { recallExperience } from "./experience-step";
import { addOnce, entry, entryIds } from "./memory-entries";
import { askObject } from "./model-call";
import type { RunContext } from "./run-context";
import { emitDecision, skillOn } from "./skill-firing";
import type { TaskState } from "./state";

/**
 * Structured reflection on one task: five fixed answers, one action. Reaching a conclusion that was
 * already reached for this task forces a change of direction instead of the same move again.
 */
export async function reflectOn(
  ctx: RunContext,
  id: string,
  d: { trigger: string; reason: string },
): Promise<void> {
  await recallExperience(ctx, "reflect", id, d.trigger);
  const s = ctx.state;
  const t = s.tasks[id] as TaskState;
  const previous = s.reflections.filter((r) => r.taskId === id);
  const r = await askObject(ctx, {
    callId: `reflect:${id}:${t.attempt}:${t.reflections}`,
    taskId: id,
    context: {
      purpose: "reflect",
      goal: s.goal,
      spec: s.spec as NonNullable<typeof s.spec>,
      task: t,
      trigger: d.trigger,
      signals: [
        d.reason,
        ...s.decisions
          .filter((x) => x.taskId === id)
          .slice(-3)
          .map((x) => `${x.kind}: ${x.reason}`),
      ],
      lastSummary: t.result?.summary ?? "",
      previous: previous.map((p) => ({ conclusion: p.conclusion, nextAction: p.answers.nextAction })),
      memory: renderForTask(s, t),
    },
    schema: ReflectionOutput,
    schemaName: "reflection",
  });
  if (!r.ok) {
    await emitDecision(
      ctx,
      {
        kind: t.repairs >= 1 ? "ask_user" : "repair",
        trigger: "reflection_failed",
        reason: `Reflection failed (${r.code}); falling back to ${t.repairs >= 1 ? "asking a person" : "a local repair"}.`,
      },
      id,
    );
    return;
  }
  const o = r.output;
  // With change-direction switched off a repeated conclusion is not acted on: its action stands.
  const repeated = isRepeatedConclusion(o.conclusion, s.reflections, id) && skillOn(ctx, "change-direction");
  const action = repeated ? changeDirection(o.action, t.repairs) : o.action;
  const n = t.reflections;
  await addOnce(
    ctx,
    entry(ctx, {
      id: entryIds.reflection(id, n),
      kind: "reflection",
      content: `${id}: ${o.conclusion} → ${action}${o.hint ? ` (${o.hint})` : ""}`,
      source: "monitor",
      confidence: 0.8,
      priority: 4,
      extra: { taskId: id },
    }),
  );
  const { hint, question, conclusion, action: _proposed, ...answers } = o;
  await ctx.emit({
    type: "reflection",
    taskId: id,
    attempt: t.attempt,
    trigger: d.trigger,
    answers,
    action,
    conclusion,
    repeated,
    hint,
    question,
  });
}

/** The gate decision a reflection leads to. */
export function decisionFromReflection(ctx: RunContext, id: string): GateDecision | null {
  const last = ctx.state.reflections.filter((r) => r.taskId === id).at(-1);
  if (!last) return null;
  const trigger = last.repeated ? "repeated_conclusion" : "reflection";
  const reason = last.repeated
    ? `Same conclusion as before, so changing direction: ${last.conclusion}`
    : last.conclusion;
  const kind = last.action === "accept" ? "continue" : last.action;
  return { kind, trigger, reason };
}
