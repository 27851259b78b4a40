import type { z } from "zod";
import type { Criterion, TaskSpec } from "../../planner/plan-schema";
import type { RepairProposal as Proposal } from "../../planner/repair-plan";

/** What a repair proposes, as the model writes it: fields with defaults may be left out. */
type RepairProposal = z.input<typeof Proposal>;

import type { ModelContext } from "../model-context";
import { broaderQueries } from "./broaden";
import { facetOfTask, researchFrame } from "./frame";
import { requestQuery } from "./plan";
import { readTask, searchTask } from "./plan-tasks";
import { truncate } from "./text";

type RepairContext = Extract<ModelContext, { purpose: "repair" }>;

const CRITERIA_UNMET = /criteria|not met|\(\d+ of \d+\)/i;

const atLeastOne = (field: string, what: string): Criterion => ({
  kind: "min_count",
  field,
  min: 1,
  description: `at least 1 ${what}`,
});

/**
 * A local fix around one failed task: a broader search or topic, a new search feeding a read,
 * or skipping a step the report can do without. The deliverable is never skipped.
 */
export function repair(ctx: RepairContext): RepairProposal {
  const { failed } = ctx;
  const frame = researchFrame(ctx.spec, ctx.goal);
  const wording = String(failed.input.query ?? failed.input.topic ?? "");
  const facet = facetOfTask(frame, wording || failed.title);
  const why = truncate(ctx.failure, 200);
  const tools = new Set(ctx.tools.map((t) => t.name));

  switch (failed.tool) {
    case "search": {
      const broader = broaderQueries(frame, facet, wording)[0];
      if (!broader) return skip(failed, `no broader wording of «${wording}» is left (${why})`);
      return {
        action: "rewrite_task",
        task: {
          ...failed,
          input: { ...failed.input, query: broader },
          successCriteria: [atLeastOne("results", "search result")],
        },
        replaceFailed: true,
        reason: `Search «${wording}» failed (${why}); «${broader}» has fewer terms, so more documents match, and one source is accepted.`,
      };
    }
    case "read": {
      const unavailable = [...ctx.failure.matchAll(/document "([^"]+)"/g)].map((m) => m[1] as string);
      if (unavailable.length > 0) {
        const before = Array.isArray(failed.input.exclude) ? failed.input.exclude.map(String) : [];
        const exclude = [...new Set([...before, ...unavailable])];
        return {
          action: "rewrite_task",
          task: { ...failed, input: { ...failed.input, exclude } },
          replaceFailed: true,
          reason: `Reading failed on ${unavailable.map((d) => `"${d}"`).join(", ")} (${why}); the read goes on with the other documents found.`,
        };
      }
      if (!tools.has("search"))
        return skip(failed, `there is no search tool to find other documents (${why})`);
      const current = facet?.query ?? frame.title;
      const query = broaderQueries(frame, facet, current)[0] ?? current;
      const id = freshId(`${failed.id}-fix`, ctx);
      const fix = searchTask(
        frame,
        id,
        facet ?? { label: query, names: [query], query, topic: query },
        query,
        1,
      );
      return {
        action: "insert_fix_task",
        task: fix,
        // The read runs again after the new search, choosing from both result lists.
        replaceFailed: false,
        reason: `Reading failed (${why}); a new search for «${query}» gives the read other documents to choose from.`,
      };
    }
    case "extract": {
      const broader = broaderQueries(frame, facet, wording)[0];
      if (!broader) return skip(failed, `no broader topic than «${wording}» is left (${why})`);
      return {
        action: "rewrite_task",
        task: {
          ...failed,
          input: { ...failed.input, topic: broader },
          successCriteria: [atLeastOne("facts", "fact")],
        },
        replaceFailed: true,
        reason: `Extracting «${wording}» failed (${why}); the broader topic «${broader}» matches more sentences.`,
      };
    }
    case "calculate": {
      // An input the calculation needs was in no document read: look for it, then read what is
      // found, then calculate again — one step per repair, so each is a decision on the record.
      const lookup = missingInput(ctx);
      if (lookup) return lookup;
      return skip(
        failed,
        `calculate cannot be fixed by rewording (${why}); the report is composed from the extracted facts without it`,
      );
    }
    default: {
      // The tool ran but its output fell short (too few citations, too few bytes): accept less
      // rather than skip, because skipping also cuts the dependents off from this task's inputs.
      if (!failed.deliverable && CRITERIA_UNMET.test(ctx.failure)) {
        return {
          action: "rewrite_task",
          task: { ...failed, successCriteria: relaxed(failed) },
          replaceFailed: true,
          reason: `${failed.id} ran but fell short (${why}); its counts are lowered to 1 so the report can go on with what the library has.`,
        };
      }
      if (!failed.deliverable) {
        return skip(
          failed,
          `${failed.tool} cannot be fixed by rewording (${why}); the report is composed from the extracted facts without it`,
        );
      }
      return {
        action: "rewrite_task",
        task: { ...failed, successCriteria: relaxed(failed) },
        replaceFailed: true,
        reason: `The deliverable ${failed.id} failed (${why}) and cannot be skipped; it is retried asking for at least one cited section, so a short honest report beats none.`,
      };
    }
  }
}

/**
 * A calculation that found no input: a search for what it lacks (the item the failure names and
 * the request's words for the measure), and a read of what it finds, before it calculates again.
 */
function missingInput(ctx: RepairContext): RepairProposal | null {
  const { failed } = ctx;
  const tools = new Set(ctx.tools.map((t) => t.name));
  if (!/not_found/.test(ctx.failure) || !tools.has("search") || !tools.has("read")) return null;
  // Both tasks must fit in the plan: a full plan goes on without the figure.
  if (ctx.maxTasks !== undefined && ctx.tasks.length + 2 > ctx.maxTasks) return null;
  const find = freshId(`${failed.id}-find`, ctx);
  const fetch = freshId(`${failed.id}-fetch`, ctx);
  const frame = researchFrame(ctx.spec, ctx.goal);
  // "no per-unit figure found for Loomwork": the item; the request's own words say the measure.
  // (The tool's message comes first, the monitor's reason after it in parentheses.)
  const item = /\bfound for ([^.:;()]+?)(?:\.|\s*\(|$)/u.exec(ctx.failure.trim())?.[1]?.trim();
  // An English name a Chinese request lacks a figure for ("Asia-Pacific") is looked up among the
  // documents that use it, by that name and the subject: the request's Chinese words would
  // outweigh it.
  const crossScript = !!item && !/\p{Script=Han}/u.test(item) && /\p{Script=Han}/u.test(frame.request);
  const words = crossScript ? (frame.subject ?? "") : requestQuery(frame.request);
  const query = truncate([item, words].filter(Boolean).join(" "), 200);
  const facet = { label: item ?? query, names: item ? [item] : [], query, topic: query };
  const read = readTask(frame, fetch, { ...facet, label: `the input ${failed.id} lacks` }, find, [
    ...failed.dependencies,
  ]);
  return {
    action: "insert_fix_task",
    task: { ...read, input: { preferSearch: find } },
    prerequisite: searchTask(frame, find, facet, query, 1),
    replaceFailed: false,
    reason: `${failed.id} found no input to calculate with (${truncate(ctx.failure, 160)}); a search for «${query}» and a read of what it finds come first, then it calculates again.`,
  };
}

function skip(failed: TaskSpec, because: string): RepairProposal {
  if (failed.deliverable) {
    return {
      action: "rewrite_task",
      task: { ...failed, successCriteria: relaxed(failed) },
      replaceFailed: true,
      reason: `The deliverable ${failed.id} cannot be skipped although ${because}; retried with relaxed criteria.`,
    };
  }
  return {
    action: "skip_task",
    task: null,
    replaceFailed: true,
    reason: `Skipping ${failed.id}: ${because}.`,
  };
}

/** Counts lowered to 1; pattern and name checks kept, they are about honesty, not volume. */
function relaxed(task: TaskSpec): Criterion[] {
  return task.successCriteria.map((c) =>
    c.kind === "min_count" ? { ...c, min: 1, description: `${c.field} has at least 1` } : c,
  );
}

function freshId(base: string, ctx: RepairContext): string {
  const taken = new Set([...ctx.tasks.map((t) => t.id), ...ctx.done.map((d) => d.id)]);
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}${n}`)) n++;
  return `${base}${n}`;
}
