import { isRepeating, iterationsWithoutProgress } from "../monitor/signals";
import { builtinSkill, decidedBy, skillForSignal } from "../skills/builtin";
import { skillEnabled, skillsOf } from "../skills/registry";
import { type PromptSkill, type SkillPurpose, type SkillSignals, triggerHolds } from "../skills/skill";
import type { DecisionKind, NewEvent } from "./events";
import { firingKey } from "./reducer";
import type { RunContext } from "./run-context";
import type { RunState } from "./state";

/** The step's signals as a trigger sees them, for a task or (taskId null) for the run. */
export function signalsOf(s: RunState, taskId: string | null): SkillSignals {
  const t = taskId ? s.tasks[taskId] : undefined;
  const r = t?.result;
  return {
    toolStatus: !r ? "none" : r.ok ? "ok" : r.transient ? "transient" : "failed",
    confidence: t?.confidence ?? null,
    attempt: t?.attempt ?? null,
    repeating: t ? isRepeating(s, t.lastCallKey, 3, t.id) : false,
    stagnation: Math.max(0, iterationsWithoutProgress(s)),
    step: s.iteration,
  };
}

/**
 * Record a firing just before what it causes. A run resumed between the two finds the firing among
 * its task's trailing events and does not record it twice.
 */
async function emitFiring(ctx: RunContext, event: Extract<NewEvent, { type: "skill.fired" }>) {
  const since = ctx.state.firedSince?.[event.taskId ?? ""] ?? [];
  if (since.includes(firingKey(event.skill, event.trigger))) return;
  await ctx.emit(event);
}

/** Record that a builtin skill acts (just before its decision or effect is recorded). */
export async function fireSkill(
  ctx: RunContext,
  skill: string,
  trigger: string,
  taskId: string | null,
  outcome: string,
): Promise<void> {
  await emitFiring(ctx, {
    type: "skill.fired",
    skill,
    kind: builtinSkill(skill)?.kind ?? "code",
    taskId,
    trigger,
    values: signalsOf(ctx.state, taskId),
    decidedBy: decidedBy(trigger),
    outcome,
  });
}

/** A monitor decision, and the skill whose rule made it. */
export async function emitDecision(
  ctx: RunContext,
  d: { kind: DecisionKind; trigger: string; reason: string },
  taskId: string | null,
): Promise<void> {
  const skill = skillForSignal(d.trigger);
  if (skill) await fireSkill(ctx, skill, d.trigger, taskId, d.kind);
  const attempt = taskId ? (ctx.state.tasks[taskId]?.attempt ?? null) : null;
  await ctx.emit({ type: "decision", ...d, taskId, attempt });
}

/** Is this skill on in the run? */
export const skillOn = (ctx: RunContext, id: string) => skillEnabled(ctx.state.config, id);

/**
 * The run's prompt skills that apply to this model call (enabled, trigger holding), each recorded
 * as a firing: their templates go into the call's context.
 */
export async function firePromptSkills(
  ctx: RunContext,
  purpose: SkillPurpose,
  taskId: string | null,
): Promise<PromptSkill[]> {
  const s = ctx.state;
  const values = signalsOf(s, taskId);
  const tool = taskId ? (s.tasks[taskId]?.tool ?? null) : null;
  const fired = skillsOf(s.config).prompt.filter(
    (p) => skillEnabled(s.config, p.id) && triggerHolds(p.trigger, values, { purpose, tool }),
  );
  for (const p of fired) {
    await emitFiring(ctx, {
      type: "skill.fired",
      skill: p.id,
      kind: "prompt",
      taskId,
      trigger: purpose,
      values,
      decidedBy: "model",
      outcome: "injected",
    });
  }
  return fired;
}
