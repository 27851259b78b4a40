import type { Criterion, TaskSpec } from "../../planner/plan-schema";
import type { RepairProposal } from "../../planner/repair-plan";
import type { ModelContext } from "../model-context";
import { broaderQueries } from "./broaden";
import { facetOfTask, researchFrame } from "./frame";
import { searchTask } from "./plan-tasks";
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
