import { occasionOnly } from "../../language/places";
import { declinesQuestions } from "../../language/references";
import type { Clarification, GoalSpec } from "../../planner/plan-schema";
import type { ModelContext } from "../model-context";
import {
  CHANGED,
  constraintLines,
  GIVEN,
  type GoalOptions,
  onlyArithmetic,
  parseGoalOptions,
} from "./goal-options";
import { parseGoalTerms } from "./goal-terms";
import {
  definedInPlace,
  onlyContext,
  privateReference,
  privateReferences,
  uncountedTotal,
} from "./private-context";
import { joinList, ruledOutBy, truncate } from "./text";

type ClarifyContext = Extract<ModelContext, { purpose: "clarify" }>;

const MAX_TOPICS = 8;
/** An answer that gives nothing ("none", "skip", 没有): the run goes on without it. */
const NOTHING = /^(?:none|no|nothing|n\/a|skip|-|无|没有|不用)[.!。]?$/i;
const DEFAULT_MIN_SOURCES = 2;
/** Private references one clarifying question names at most. */
const MAX_REFERENCES_ASKED = 3;
/** References taken out of a goal once answered, at most: each pass removes one. */
const MAX_REFERENCES_REMOVED = 20;

/**
 * Goal → GoalSpec by rule. A goal with fewer than two content words ("help me", "report") cannot
 * be planned, so the spec is null and a question goes to the user; once they answered, a single
 * content word is enough, since asking again would only go round in circles.
 */
export function clarify(ctx: ClarifyContext): Clarification {
  // Once a person has answered, the references only they could resolve ("the two frameworks we
  // picked") are replaced by their answer: the reference's own words are not research topics.
  // An answer naming what the library lacked ("wrong name - I meant Nordvale Systems") puts that
  // name in its place; the answer's other words are no topics.
  const renamed = renames(ctx.goal, ctx.answers);
  const goal = ctx.answers.length > 0 ? withoutPrivateReferences(renamed.goal) : ctx.goal;
  const text = [goal, ...ctx.answers.map((a) => a.answer)].join(" \n ");
  const options = parseGoalOptions(text);
  const scoped = ctx.answers.filter((a) => !renamed.used.includes(a));
  const terms = parseGoalTerms(parseGoalOptions(scopedText(goal, scoped)).rest);
  const zh = options.language === "zh";
  // An answer that gives nothing ("none", or the default taken at a question's deadline) makes a
  // vague goal no clearer.
  const needed = ctx.answers.some((a) => !NOTHING.test(a.answer.trim())) ? 1 : 2;

  if (terms.contentWords < needed || terms.names.length + terms.aspects.length === 0) {
    const known = [...terms.names, ...terms.aspects][0] ?? null;
    return {
      spec: null,
      question: { prompt: vaguePrompt(zh, known), choices: exampleChoices(zh, known) },
      reason: `The goal names ${terms.contentWords} content word${terms.contentWords === 1 ? "" : "s"}; at least ${needed} are needed to plan research.`,
    };
  }

  // A requester who said not to check back gets no question: the reference is taken as stated.
  // Every such reference in one question: a person asked about one is not asked again about the next.
  const unknowns =
    ctx.answers.length === 0 && !declinesQuestions(ctx.goal)
      ? privateReferences(ctx.goal)
          .filter(
            (ref, i, all) =>
              !definedInPlace(ctx.goal, ref) &&
              !onlyContext(ctx.goal, ref, options.derived) &&
              // "before my supplier call": the occasion the report is for, not an input to it.
              !occasionOnly(ref, ctx.goal) &&
              !all.some((o, k) => k !== i && o.includes(ref) && (o !== ref || k < i)),
          )
          .slice(0, MAX_REFERENCES_ASKED)
      : [];
  if (unknowns.length > 0) {
    const quoted = joinList(
      unknowns.map((u) => (zh ? `「${u}」` : `"${u}"`)),
      zh,
    );
    const one = unknowns.length === 1;
    return {
      spec: null,
      question: {
        prompt: zh
          ? `目标提到${quoted}——只有您知道具体内容（名称、数字）。请补充说明。`
          : `The goal mentions ${quoted}, which only you know: what ${one ? "is it" : "are they"} exactly (names, numbers)? The library cannot tell me.`,
        choices: [],
      },
      reason: `The goal refers to ${quoted}, the requester's own context, which no document can resolve.`,
    };
  }

  // A total of theirs over a span with nothing counted ("what would it cost us per year", "how
  // much would we save per month moving our crew …"): it is a count times a price, and how many
  // they have only they can say.
  if (ctx.answers.length === 0 && !declinesQuestions(ctx.goal) && uncountedTotal(ctx.goal)) {
    return {
      spec: null,
      question: {
        prompt: zh
          ? "总数取决于数量：请问一共涉及多少（人、台、座位、车辆或站点）？只有您知道。"
          : "The total depends on how many there are: how many people, seats, vehicles or sites does it cover for you? Only you know that.",
        choices: [],
      },
      reason: "The goal asks a total of the requester's own, and only they know how many units it covers.",
    };
  }

  // What the request rules out is not researched ("leave Asia-Pacific out" names no topic).
  const ruledOut = ruledOutBy(options.excluded);
  const inScope = (topic: string) => !ruledOut(topic);
  // A side ruled out ("Cortexa instead of Braidline") leaves the comparison to the names still in scope.
  const sides = (terms.compare ? terms.entities : []).filter(inScope);
  const namesInScope = terms.names.filter(inScope);
  const entities =
    terms.compare && sides.length < 2 && sides.length < terms.entities.length && namesInScope.length >= 2
      ? namesInScope.slice(0, 4)
      : sides;
  // Entities first (the planner's facets when comparing), otherwise the goal's own order. A name
  // that is no side ("TCO", "Halden's figures", "Kestrel's TaskForge numbers") says what to find
  // about the sides or where: it stays a topic, after the aspects, which say what is asked. A
  // phrase that only asks for arithmetic ("the difference", "diff") is the calculation's.
  const sideSet = new Set(entities.map((e) => e.toLowerCase()));
  const context = terms.names.filter((n) => !sideSet.has(n.toLowerCase()));
  const topics = (entities.length >= 2 ? [...entities, ...terms.aspects, ...context] : terms.ordered)
    .filter((t) => inScope(t) && !onlyArithmetic(t))
    .slice(0, MAX_TOPICS);
  const compare = terms.compare;
  // What the requester said when asked is a fact of the request: later steps and the report see it.
  const given = ctx.answers
    .filter((a) => !a.prompt.startsWith("Requirement change") && !NOTHING.test(a.answer.trim()))
    .map((a) => `${GIVEN} ${truncate(a.answer.replace(/\s+/g, " ").trim(), 300)}`)
    .filter((line) => line.length > GIVEN.length + 1);
  // A change of requirements is a fact of the request too, the newest first: "a 25-seat team" is the count now.
  const changed = ctx.answers
    .filter((a) => a.prompt.startsWith("Requirement change") && !NOTHING.test(a.answer.trim()))
    .reverse()
    .map((a) => `${CHANGED} ${truncate(a.answer.replace(/\s+/g, " ").trim(), 300)}`)
    .filter((line) => line.length > CHANGED.length + 1);
  const spec: GoalSpec = {
    deliverable: deliverable(zh, entities, topics, terms.aspects),
    audience: options.audience ?? "analysts",
    constraints: [...constraintLines(options), ...changed, ...given],
    acceptanceCriteria: acceptance(options, entities),
    topics,
    compare,
  };
  const detected = [
    compare
      ? `comparison of ${entities.length >= 2 ? joinList(entities, false) : "options"}`
      : "research report",
    `topics: ${topics.join(", ")}`,
    `audience: ${spec.audience}${options.audience ? "" : " (default)"}`,
    ...(spec.constraints.length ? [`constraints: ${spec.constraints.join("; ")}`] : []),
  ];
  return { spec, question: null, reason: `Detected a ${detected.join("; ")}.` };
}

function deliverable(zh: boolean, entities: string[], topics: string[], aspects: string[]): string {
  if (entities.length >= 2) {
    const on = aspects.length ? (zh ? `（${aspects.join("、")}）` : ` on ${joinList(aspects, false)}`) : "";
    return zh
      ? `一份带引用的对比报告：${joinList(entities, true)}${on}`
      : `A cited comparison report of ${joinList(entities, false)}${on}`;
  }
  return zh
    ? `一份带引用的研究报告：${topics.join("、")}`
    : `A cited research report on ${truncate(joinList(topics, false), 200)}`;
}

/** Statements a reviewer (or a rule) can check against the finished report. */
function acceptance(o: GoalOptions, entities: string[]): string[] {
  const zh = o.language === "zh";
  const sources = Math.max(DEFAULT_MIN_SOURCES, o.minSources ?? 0);
  const lines = [
    zh ? `引用至少 ${sources} 份已阅读的文档` : `Cites at least ${sources} documents that were read`,
  ];
  if (entities.length >= 2) {
    lines.push(zh ? `报告提及：${entities.join("、")}` : `Names ${joinList(entities, false)}`);
    lines.push(zh ? "每个对比对象各有一节" : `Has a section for each of ${joinList(entities, false)}`);
  }
  lines.push(zh ? "结尾列出参考来源（Sources）" : "Ends with a Sources list");
  if (zh) lines.push("使用中文撰写");
  if (o.maxWords) lines.push(zh ? `不超过 ${o.maxWords} 字` : `Stays under ${o.maxWords} words`);
  return lines;
}

function vaguePrompt(zh: boolean, known: string | null): string {
  if (known) {
    return zh
      ? `关于「${known}」，报告应该研究哪些方面？`
      : `What should the report find out about "${known}"? Name the aspects you care about.`;
  }
  return zh
    ? "您想研究什么？请说明对象（产品、公司、市场或技术）以及想了解的方面。"
    : "What should I research? Name the subject (a product, company, market or technology) and what you want to know about it.";
}

/** Example answers; built from the one term the goal did give, when there is one. */
function exampleChoices(zh: boolean, known: string | null): string[] {
  if (known) {
    return zh
      ? [
          `${known}：概况与关键数据`,
          `${known}：市场规模与增长`,
          `对比 ${known} 与主要替代方案`,
          `${known}：风险与监管`,
        ]
      : [
          `${known}: overview and key figures`,
          `${known}: market size and growth`,
          `Compare ${known} with its main alternatives`,
          `${known}: risks and regulation`,
        ];
  }
  return zh
    ? [
        "某个产品或行业的市场概况：规模、增长与主要厂商",
        "对比两个或多个具名的产品、公司或框架",
        "某个行业的监管、风险或采用情况",
      ]
    : [
        "A market overview of a product or industry: size, growth and leading vendors",
        "A comparison of two or more named products, companies or frameworks",
        "Regulation, risks or adoption in a given industry",
      ];
}

/** A change that replaces the scope rather than adding to it: "only utilities vs manufacturing now", "forget the global split". */
const NARROWS =
  /\b(?:only|just|instead|forget|no longer|rather than|switch(?:ing)? to)\b|只要|只需|只看|仅|改成|改为|换成|不要再/iu;
/** "Change of scope: …", "Change of plan - …": a label opening a change says what kind it is, not what it is about. */
const LABEL = /^\s*\p{Lu}\p{Ll}+(?:\s+\p{Ll}+){0,3}\s*(?:[:：]|\s[-–—]\s)\s*/u;

/**
 * The words the topics come from. A change of requirements that narrows the scope replaces what
 * the goal asked about: the goal keeps only its names (the subject, "Project X"), the newest
 * narrowing change and the answers after it say the rest. Otherwise the goal and every answer.
 */
function scopedText(goal: string, answers: ClarifyContext["answers"]): string {
  const unlabelled = answers.map((a) =>
    a.prompt.startsWith("Requirement change") ? a.answer.replace(LABEL, "") : a.answer,
  );
  const changes = answers
    .map((a, i) => ({ a, i }))
    .filter(({ a }) => a.prompt.startsWith("Requirement change"));
  const narrowing = changes.findLast(({ a }) => NARROWS.test(a.answer));
  if (!narrowing) return [goal, ...unlabelled].join(" \n ");
  // The goal's subject and aspects stay ("same criteria"); the items it compared give way to the
  // ones the change names.
  const goalTerms = parseGoalTerms(parseGoalOptions(goal).rest);
  const after = unlabelled.slice(narrowing.i);
  const named = parseGoalTerms(parseGoalOptions(after.join(" \n ")).rest).names;
  const sides = new Set([...goalTerms.entities, ...goalTerms.coordinatedNames]);
  const names = named.length > 0 ? goalTerms.names.filter((n) => !sides.has(n)) : goalTerms.names;
  return [[...names, ...goalTerms.aspects].join(", "), ...after].join(" \n ");
}

/** The prompt that asks about a name no document mentions (the run's library check). */
const UNKNOWN_NAME = /^No document in the library mentions (.+?)\. /;

/** The goal with each name the library lacked replaced by the one its answer gives, if any. */
function renames(
  goal: string,
  answers: ClarifyContext["answers"],
): { goal: string; used: ClarifyContext["answers"] } {
  const used: ClarifyContext["answers"] = [];
  for (const a of answers) {
    const missing = UNKNOWN_NAME.exec(a.prompt)?.[1];
    if (!missing || !goal.includes(missing)) continue;
    const instead = parseGoalTerms(a.answer).names.find((n) => n !== missing && !goal.includes(n));
    if (!instead) continue;
    goal = goal.split(missing).join(instead);
    used.push(a);
  }
  return { goal, used };
}

function withoutPrivateReferences(goal: string): string {
  let rest = goal;
  // Each pass removes one reference of some words; one of no words (" ,", left by an earlier pass)
  // would be found again forever, so it ends the loop, and so does a cap.
  for (
    let ref = privateReference(rest), n = 0;
    ref && /[\p{L}\d]/u.test(ref) && rest.includes(ref) && n < MAX_REFERENCES_REMOVED;
    ref = privateReference(rest), n++
  ) {
    rest = rest.replace(ref, " , ");
  }
  return rest;
}
