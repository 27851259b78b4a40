import type { Situation } from "../experience/lesson";
import { goalLanguage, goalTerms } from "../experience/situation";
import type { GateDecision } from "../monitor/gate";
import { executiveOf } from "./config";
import type { EventOf } from "./events";
import { addOnce, entry } from "./memory-entries";
import type { RunContext } from "./run-context";
import { recallKey } from "./state";

export type RecallPoint = EventOf<"experience.recalled">["point"];
type Recalled = EventOf<"experience.recalled">["lessons"];

/** The situation of a task at a decision point, in a lesson signature's terms. */
export function situationOf(ctx: RunContext, taskId: string, trigger: string): Situation {
  const s = ctx.state;
  const t = s.tasks[taskId];
  return {
    goalTerms: goalTerms(s.goal, s.spec?.topics ?? []),
    language: goalLanguage(s.goal),
    tool: t?.tool ?? "",
    trigger,
    failureCode: t?.result && !t.result.ok ? t.result.code : "",
  };
}

/**
 * Recall lessons from earlier runs for a decision about a task: recorded as experience.recalled
 * (which lessons, their scores and why) and added to working memory as `experience` entries, which
 * decay like any other. Recalled once per point, task and attempt; a resumed run reads the record.
 * A failing lesson store never fails the run: experience is advice.
 */
export async function recallExperience(
  ctx: RunContext,
  point: RecallPoint,
  taskId: string,
  trigger: string,
): Promise<Recalled> {
  const source = ctx.deps.experience;
  const t = ctx.state.tasks[taskId];
  if (!source || !t || !executiveOf(ctx.state.config).experience) return [];
  const key = recallKey(point, taskId, t.attempt);
  const recorded = ctx.state.recalls?.[key];
  if (recorded) return recorded;
  let lessons: Recalled;
  try {
    lessons = (await source.recall(situationOf(ctx, taskId, trigger))).slice(0, 3);
  } catch {
    return [];
  }
  if (lessons.length === 0) return [];
  // The gate just recalled the same lessons for this attempt: a reflection or repair that follows
  // it uses them without a second record.
  const atGate = ctx.state.recalls?.[recallKey("gate", taskId, t.attempt)];
  if (point !== "gate" && sameLessons(atGate, lessons)) return atGate ?? [];
  await ctx.emit({ type: "experience.recalled", point, taskId, attempt: t.attempt, lessons });
  for (const l of lessons) {
    await addOnce(
      ctx,
      entry(ctx, {
        id: `experience:${l.lessonId}`,
        kind: "experience",
        content: `${l.summary} (matched: ${l.reasons.join("; ")})`,
        confidence: l.confidence,
        priority: 2,
        source: "monitor",
        extra: { taskId },
      }),
    );
  }
  return lessons;
}

const sameLessons = (a: Recalled | undefined, b: Recalled) =>
  !!a && a.length === b.length && a.every((l, i) => l.lessonId === b[i]?.lessonId);

/**
 * What the monitor does with recalled lessons: only shift between its own moves. A retry that
 * earlier runs saw fail the same way (same tool, same failure code) becomes a repair at once,
 * saving the attempt. Lessons never accept a result, answer a question or touch the goal.
 */
export async function adviseDecision(
  ctx: RunContext,
  taskId: string,
  d: GateDecision,
): Promise<GateDecision> {
  const t = ctx.state.tasks[taskId];
  if (!t || executiveOf(ctx.state.config).monitor !== "rules") return d;
  const lessons = await recallExperience(ctx, "gate", taskId, d.trigger);
  if (d.kind !== "retry" || t.repairs > 0) return d;
  const futile = lessons.find(
    (l) => l.action === "retry" && l.outcome === "did_not_help" && l.confidence >= 0.5,
  );
  if (!futile) return d;
  return {
    kind: "repair",
    trigger: "experience",
    reason: `${d.reason} But earlier runs learned: ${futile.summary} (lesson ${futile.lessonId}), so the plan is repaired instead.`,
  };
}
