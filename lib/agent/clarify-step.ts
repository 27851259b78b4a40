import { Clarification } from "../planner/plan-schema";
import { specEntries } from "./memory-entries";
import { askObject } from "./model-call";
import type { RunContext } from "./run-context";

const MAX_TRIES = 2;

/**
 * Turn the goal into a spec. A goal too vague to plan becomes a question for the user (the run
 * waits), never a guess; each answer is added to the context of the next clarification.
 */
export async function clarifyGoal(ctx: RunContext): Promise<void> {
  const s = ctx.state;
  if (s.spec) {
    // Resumed right after goal.clarified: finish writing the spec into memory.
    await specEntries(ctx, s.spec);
    return;
  }
  const answered = Object.values(s.questions)
    .filter((q) => q.origin === "clarify" && q.status === "answered")
    .sort((a, b) => a.askedSeq - b.askedSeq)
    .map((q) => ({ prompt: q.prompt, answer: q.answer ?? "" }));
  let lastError = "";
  for (let k = 0; k < MAX_TRIES; k++) {
    const r = await askObject(ctx, {
      callId: `clarify:${answered.length}:${k}`,
      tier: "strong",
      context: { purpose: "clarify", goal: s.goal, answers: answered },
      schema: Clarification,
      schemaName: "clarification",
      taskId: null,
    });
    if (!r.ok) {
      lastError = `${r.code}: ${r.message}`;
      continue;
    }
    const { spec, question, reason } = r.output;
    if (spec) {
      await ctx.emit({
        type: "goal.clarified",
        spec,
        reason: reason || "the goal is specific enough to plan",
      });
      await specEntries(ctx, spec);
      return;
    }
    await ctx.emit({
      type: "question.asked",
      questionId: `q:clarify:${answered.length}`,
      prompt:
        question?.prompt ?? "The goal is too vague to plan. What exactly should be researched, and for whom?",
      choices: question?.choices ?? [],
      taskId: null,
      origin: "clarify",
    });
    return;
  }
  await ctx.emit({
    type: "run.failed",
    code: "model_failed",
    reason: `Could not clarify the goal: ${lastError}`,
  });
}
