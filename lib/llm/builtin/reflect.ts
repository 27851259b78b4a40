import type { ReflectionOutput } from "../../monitor/reflection";
import type { ModelContext } from "../model-context";
import { broaderQueries, quotedPhrases } from "./broaden";
import { facetOfTask, researchFrame } from "./frame";
import { joinList, normalise, truncate } from "./text";
import { valuesIn } from "./values";

type ReflectContext = Extract<ModelContext, { purpose: "reflect" }>;

/**
 * Reflection by rule. Too little from a search or extract: retry with broader wording, a new
 * one each round. Still nothing after a reflection: the library lacks it, so ask a person.
 * Contradicting figures: accept and let the report state the better-supported one. Anything
 * else: repair the plan. Conclusions are built only from the situation, so the same situation
 * gives the same sentence (which is how the monitor notices it is going round in circles).
 */
export function reflect(ctx: ReflectContext): ReflectionOutput {
  const { task } = ctx;
  const frame = researchFrame(ctx.spec, ctx.goal);
  const planned = String(task.input.query ?? task.input.topic ?? "");
  const facet = facetOfTask(frame, planned || task.title);
  const label = facet?.label ?? (planned || task.title);
  // What a person would call it: "Project X market size", "Loomwork".
  const topicName = facet
    ? `${frame.subject ? `${frame.subject} ` : ""}${joinList(facet.names, frame.zh)}`
    : label;
  const used = quotedPhrases([ctx.lastSummary])[0] ?? planned;
  const count = foundCount(ctx.lastSummary, ctx.signals);
  const need = task.successCriteria.find((c) => c.kind === "min_count")?.min ?? null;
  const unit = task.tool === "search" ? "documents" : task.tool === "extract" ? "facts" : "items";
  const base = {
    goalAlignment: truncate(
      `Task ${task.id} ("${task.title}") supplies the «${label}» part of the report "${frame.title}"; without it that part has no evidence.`,
      600,
    ),
    evidence: truncate(
      `The last attempt (${used ? `«${used}»` : task.tool}) returned ${count ?? "an unknown number of"} ${count === 1 ? unit.replace(/s$/, "") : unit}${need ? `; the criteria need ${need}` : ""}. ${ctx.signals.length ? `Signals: ${ctx.signals.map((x) => x.replace(/\.$/, "")).join("; ")}.` : ""}`,
      600,
    ),
    missingConditions: need
      ? `${need} or more ${unit} about «${label}»${count === 0 ? "; there are none yet" : count !== null ? `; ${count} so far` : ""}.`
      : `Task ${task.id} has not met its criteria (${ctx.trigger}).`,
    conflicts: "No conflicting figures or constraints were reported for this task.",
    hint: "",
    question: "",
  };

  if (ctx.trigger === "contradiction") return contradiction(ctx, base);

  const retryable =
    (ctx.trigger === "criteria_unmet" || ctx.trigger === "low_confidence") &&
    ["search", "extract"].includes(task.tool);
  if (!retryable) {
    return {
      ...base,
      nextAction: `Repair ${task.id}: another identical ${task.tool} call would fail the same way (${ctx.trigger}).`,
      action: "repair",
      conclusion: truncate(
        `${task.id}: ${task.tool} ended in ${ctx.trigger}; retrying it unchanged cannot help.`,
        500,
      ),
    };
  }

  const tried = new Set(
    [planned, used, ...quotedPhrases(ctx.previous.map((p) => `${p.nextAction} ${p.conclusion}`))].map(
      normalise,
    ),
  );
  const next = [...broaderQueries(frame, facet, used), ...broaderQueries(frame, facet, planned)].find(
    (c) => !tried.has(normalise(c)),
  );
  if ((ctx.previous.length > 0 && count === 0) || !next) {
    // An extract that finds nothing in the documents read says nothing of the library: they were
    // found by a search. The step is left out and the report says so; only a search that finds
    // nothing supports telling a person the library lacks it.
    if (task.tool === "extract") {
      return {
        ...base,
        nextAction: `Repair ${task.id}: no wording found «${label}» in the documents read; the report goes on without it and says so.`,
        action: "repair",
        conclusion: truncate(
          `${task.id}: the documents read say nothing usable on «${label}» after ${ctx.previous.length + 1} attempt${ctx.previous.length ? "s" : ""}; the library may still hold it elsewhere, so this is a gap, not an absence.`,
          500,
        ),
      };
    }
    const question = frame.zh
      ? `库中没有关于「${topicName}」的文档。能否提供相关数据或来源？`
      : `The library has no documents about ${topicName}. Can you provide the figure or a source?`;
    return {
      ...base,
      nextAction: `Ask the user for a figure or a source on «${label}»: ${ctx.previous.length + 1} wordings found nothing usable.`,
      action: "ask_user",
      question,
      conclusion: truncate(
        `${task.id}: the library has nothing usable on «${label}» after ${ctx.previous.length + 1} attempt${ctx.previous.length ? "s" : ""}; only a person can supply it.`,
        500,
      ),
    };
  }
  const hint =
    task.tool === "search"
      ? `Search for «${next}» instead of «${used}»: fewer terms match more documents.`
      : `Extract with the broader topic «${next}» instead of «${used}».`;
  return {
    ...base,
    nextAction: `Retry ${task.id} with «${next}».`,
    action: "retry",
    hint,
    conclusion: truncate(
      `${task.id}: ${task.tool} for «${used}» returned ${count ?? "too few"}${need ? ` of ${need} required` : ""} ${unit}; the wording is too narrow.`,
      500,
    ),
  };
}

type Answers = Omit<ReflectionOutput, "nextAction" | "action" | "conclusion">;

/**
 * Sources disagree. The figures themselves are not in the reflection's context (only the keys
 * in the signals), so values are looked for in the signals and in memory lines naming the key;
 * the value more of them repeat is taken as better supported. The report's key-figures list
 * applies the same rule with the documents themselves.
 */
function contradiction(ctx: ReflectContext, base: Answers): ReflectionOutput {
  const about = ctx.signals[0] ?? ctx.lastSummary;
  const keys = [...about.matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);
  const key = keys[0] ?? /\bon (.+?)\.?$/.exec(about)?.[1] ?? "a figure";
  const related = [
    ...ctx.signals,
    ...ctx.memory.split("\n").filter((line) => normalise(line).includes(normalise(key))),
  ];
  const values = [...new Set(related.flatMap(valuesIn))];
  const memory = normalise(related.join("\n"));
  const support = values.map((v) => ({ value: v, count: memory.split(normalise(v)).length - 1 }));
  const ranked = [...support].sort((a, b) => b.count - a.count);
  const [best, ...others] = ranked;
  const tally = support.map((s) => `${s.value} (${s.count}×)`).join(", ");
  const conflicts = truncate(
    `Documents disagree on «${key}»${tally ? `: ${tally} in the signals and memory` : ""}. ${ctx.signals.join("; ")}`,
    800,
  );
  const stated =
    best && others.length
      ? `state ${best.value} as the better-supported figure and note ${others.map((o) => o.value).join(", ")} as a conflicting claim`
      : "give the value more read documents state for it and note the other as a conflicting claim";
  return {
    ...base,
    conflicts,
    nextAction: `Accept ${ctx.task.id}'s result; the report will ${stated}.`,
    action: "accept",
    conclusion: truncate(
      `${ctx.task.id}: documents disagree on «${key}»; ${best && others.length ? `${best.value} has more support` : "the better-supported value goes in the report, the other is noted"}.`,
      500,
    ),
  };
}

/** How many documents or facts the last attempt produced, from its summary or the criteria signals. */
function foundCount(summary: string, signals: readonly string[]): number | null {
  if (/^No documents\b/i.test(summary.trim())) return 0;
  const m = /(\d+)\s+(?:documents?|facts?|results?)\b/i.exec(summary);
  if (m) return Number(m[1]);
  for (const s of signals) {
    const ofm = /\((\d+) of \d+\)|\b(\d+) of \d+\b/.exec(s);
    if (ofm) return Number(ofm[1] ?? ofm[2]);
  }
  return null;
}
