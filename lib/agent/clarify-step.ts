import { givenInPlace, ownPhrases } from "../language/own-phrases";
import { isAsker } from "../language/places";
import { declinesQuestions } from "../language/references";
import { Clarification } from "../planner/plan-schema";
import { executiveOf } from "./config";
import { groundTopics } from "./ground-topics";
import { specEntries } from "./memory-entries";
import { askObject } from "./model-call";
import { askPerson, NO_INPUT } from "./questions";
import type { RunContext } from "./run-context";
import type { RunState } from "./state";

const MAX_TRIES = 3;

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
  const answered = clarifyAnswers(s);
  let lastError = "";
  for (let k = 0; k < MAX_TRIES; k++) {
    const r = await askObject(ctx, {
      callId: `clarify:${answered.length}:${k}`,
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
    if (!spec && !executiveOf(s.config).askUser) {
      await ctx.emit({
        type: "run.failed",
        code: "needs_input",
        reason: `The goal is too vague to plan (${reason}) and asking a person is switched off.`,
      });
      return;
    }
    if (spec) {
      const grounded = await groundTopics(spec, ctx.deps.library, s.goal);
      // A subject the request is about that no document contains: only a person can supply it.
      // Asked once, before planning; a requester who said not to check back is not asked. Asking
      // is priced: a name the report can do without (a place the request sets its subject in) is
      // no reason to wait — the spec records it as missing and the report states the gap.
      const unknown = grounded.unknown[0];
      if (
        unknown &&
        grounded.essential &&
        answered.length === 0 &&
        executiveOf(s.config).askUser &&
        !declinesQuestions(s.goal)
      ) {
        await askPerson(
          ctx,
          {
            questionId: `q:clarify:${answered.length}`,
            prompt: `No document in the library mentions ${unknown}. What should the report use for it (figures, facts, or a source to add)? Answer "none" to go on without it.${s.config.questionDeadlineMs ? " Without an answer by the deadline, the run stops without a report." : ""}`,
            choices: ["none"],
            taskId: null,
            origin: "clarify",
          },
          null,
        );
        return;
      }
      const left = grounded.dropped.length
        ? ` Not in the library index, so left out: ${grounded.dropped.map((d) => `"${d}"`).join(", ")}.`
        : "";
      await ctx.emit({
        type: "goal.clarified",
        spec: grounded.spec,
        amendments: s.amendments.length,
        reason: `${reason || "the goal is specific enough to plan"}${left}`,
      });
      await specEntries(ctx, grounded.spec);
      await askAboutOwnThings(ctx, answered.length);
      return;
    }
    await askPerson(
      ctx,
      {
        questionId: `q:clarify:${answered.length}`,
        prompt:
          question?.prompt ??
          "The goal is too vague to plan. What exactly should be researched, and for whom?",
        choices: question?.choices ?? [],
        taskId: null,
        origin: "clarify",
      },
      null,
    );
    return;
  }
  await ctx.emit({
    type: "run.failed",
    code: "model_failed",
    reason: `Could not clarify the goal: ${lastError}`,
  });
}

/** Own things asked about aside at most, in one question. */
const MAX_OWN_ASKED = 2;

/**
 * Asking is priced: the requester's own things that the request leaves unsaid ("our whole field
 * org", "what we currently run in prod", 我们这边每月的预算) may be what a figure of the report needs,
 * and no document can say what they are. Nothing was asked before planning, so they are asked
 * aside: the run does not wait, and an answer that comes while it runs amends the goal. A requester
 * who said not to check back is not asked.
 */
async function askAboutOwnThings(ctx: RunContext, answered: number): Promise<void> {
  const s = ctx.state;
  if (answered > 0 || !executiveOf(s.config).askUser || declinesQuestions(s.goal)) return;
  const own = [...new Set(ownPhrases(s.goal))]
    // "Our LatAm lead wants a number": who asks, not a thing of theirs a figure needs.
    .filter((p) => !givenInPlace(s.goal, p) && !isAsker(p, s.goal))
    .slice(0, MAX_OWN_ASKED);
  if (own.length === 0) return;
  const zh = /\p{Script=Han}/u.test(s.goal);
  const quoted = own.map((p) => (zh ? `「${p}」` : `"${p}"`)).join(zh ? "、" : " and ");
  await askPerson(
    ctx,
    {
      questionId: `q:clarify:own`,
      prompt: zh
        ? `目标提到${quoted}——只有您知道具体内容（名称、数字）。运行不会等待；如果您回答，运行会采纳；回答 "${NO_INPUT}" 则按现有信息继续。`
        : `The goal mentions ${quoted}, which only you know: what ${own.length === 1 ? "is it" : "are they"} exactly (names, numbers)? The run goes on without waiting; an answer is taken in as it comes, "${NO_INPUT}" leaves it as is.`,
      choices: [NO_INPUT],
      taskId: null,
      origin: "clarify",
    },
    NO_INPUT,
    false,
  );
}

/** The person's answers to clarifying questions, then their amendments, in order. */
function clarifyAnswers(s: RunState): { prompt: string; answer: string }[] {
  const answered = Object.values(s.questions)
    // A question asked aside comes back as an amendment, below.
    .filter((q) => q.origin === "clarify" && q.status === "answered" && q.blocking !== false)
    .sort((a, b) => a.askedSeq - b.askedSeq)
    .map((q) => ({ prompt: q.prompt, answer: q.answer ?? "" }));
  // An answer to a question asked aside arrives as an amendment, but it answers that question: it
  // is what the requester gave, not a change of what they want.
  const amended = s.amendments.map((a) => {
    const asked = a.questionId ? s.questions[a.questionId] : undefined;
    return { prompt: asked?.prompt ?? `Requirement change from ${a.by}`, answer: a.text };
  });
  return [...answered, ...amended];
}

/**
 * The goal was amended: clarify it again with every amendment so far. A reply without a spec keeps
 * the current one (an amendment cannot make a plannable goal vague); the count is recorded either way.
 */
export async function reclarifyGoal(ctx: RunContext): Promise<void> {
  const s = ctx.state;
  const amendments = s.amendments.length;
  let r: Awaited<ReturnType<typeof askObject<Clarification>>> = { ok: false, code: "none", message: "" };
  // An unusable reply is asked again: a lost amendment would silently ignore what the person asked.
  for (let k = 0; k < MAX_TRIES && !r.ok; k++) {
    r = await askObject(ctx, {
      callId: `clarify:amended:${amendments}${k ? `:${k}` : ""}`,
      context: { purpose: "clarify", goal: s.goal, answers: clarifyAnswers(s) },
      schema: Clarification,
      schemaName: "clarification",
      taskId: null,
    });
  }
  const current = s.spec;
  if (!current) throw new Error("reclarifyGoal needs a spec to amend");
  const spec = r.ok && r.output.spec ? r.output.spec : current;
  await ctx.emit({
    type: "goal.clarified",
    spec,
    amendments,
    reason:
      r.ok && r.output.spec
        ? `Amended: ${r.output.reason}`
        : `The amendment did not yield a new spec (${r.ok ? "the reply asked a question" : r.code}); the current one stays.`,
  });
  await specEntries(ctx, spec);
}
