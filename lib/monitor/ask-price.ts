/**
 * Asking is a priced decision. A blocking question stops the whole run, so it is worth it only
 * when the deliverable cannot be written without the answer: a subject the goal names (an entity
 * or product) of which the library has nothing at all. A missing aspect ("onboarding time", "new
 * dev") or a figure that cannot be derived from what was read is a gap the report states — "not found in the sources read" — while the rest of the work
 * goes on; a person can still add it afterwards by amending or forking the run.
 */

export interface AskTask {
  id: string;
  tool: string;
  title: string;
  input: Record<string, unknown>;
  dependencies: string[];
  status: string;
  result: {
    ok?: boolean;
    summary: string;
    evidence: readonly { title: string; quote: string }[];
    claims: readonly { key: string; value: string }[];
  } | null;
}

export interface AskPrice {
  block: boolean;
  reason: string;
  /** The research tasks to skip instead (the task and what only it feeds), when not blocking. */
  skip: string[];
}

const RESEARCH = new Set(["search", "read", "extract"]);

/** Names the goal gives (the spec's capitalised topics): "Loomwork", "Project X". */
const namesIn = (topics: readonly string[]) => topics.filter((t) => /^\p{Lu}/u.test(t));

export function priceQuestion(
  taskId: string,
  tasks: Readonly<Record<string, AskTask>>,
  topics: readonly string[],
  /** The requester said not to come back with questions: a research gap is stated, never asked. */
  declined = false,
  /** Questions already answered: a name one of them asked about is settled, not asked again. */
  answered: readonly string[] = [],
  /** The names the library check found in no document; null when no check was made. */
  absent: readonly string[] | null = null,
): AskPrice {
  const task = tasks[taskId];
  // A figure to be derived whose inputs no document read gives: the run goes on without it, and
  // the gap is recorded, instead of stopping everything for one calculation.
  if (task?.tool === "calculate") {
    return {
      block: false,
      reason:
        "a derived figure the sources read give no inputs for is a gap to state, and nothing else in the report waits on it",
      skip: [taskId],
    };
  }
  if (!task || !RESEARCH.has(task.tool)) {
    return { block: true, reason: "only a person can settle this step", skip: [] };
  }
  const settled = (name: string) => answered.some((q) => q.toLowerCase().includes(name.toLowerCase()));
  const price = priceResearch(
    taskId,
    task,
    tasks,
    topics.filter((t) => !settled(t)),
    absent,
  );
  if (!price.block || !declined) return price;
  return {
    block: false,
    reason: `the requester asked not to be consulted, so the report states the gap (${price.reason})`,
    skip: chainFrom(taskId, tasks),
  };
}

function priceResearch(
  taskId: string,
  task: AskTask,
  tasks: Readonly<Record<string, AskTask>>,
  topics: readonly string[],
  absent: readonly string[] | null,
): AskPrice {
  const about = `${String(task.input.query ?? task.input.topic ?? "")} ${task.title}`.toLowerCase();
  // What the run has read and extracted (never a search's echo of its own query).
  // The task's own result counts too: a thin extract that did find lines on the name is no absence;
  // so does a read of this same iteration that returned but is not settled yet.
  const found = Object.values(tasks)
    .filter(
      (t) =>
        (t.id === taskId || t.status === "succeeded" || t.result?.ok === true) &&
        (t.tool === "read" || t.tool === "extract") &&
        t.result,
    )
    .flatMap((t) => [
      ...(t.result?.evidence ?? []).map((e) => `${e.title} ${e.quote}`),
      ...(t.result?.claims ?? []).map((c) => c.key),
    ])
    .join("\n")
    .toLowerCase();
  // Only a name the library check found in no document: one the library has ("Brazil") and this
  // run's searches missed is a gap in the search, which the report states, not a person's to fill.
  const missingName = namesIn(topics).find(
    (name) =>
      about.includes(name.toLowerCase()) &&
      !found.includes(name.toLowerCase()) &&
      (absent === null || absent.some((a) => a.toLowerCase() === name.toLowerCase())),
  );
  if (missingName) {
    return {
      block: true,
      reason: `nothing the run found mentions ${missingName}, a subject the goal names; the report cannot be written without it`,
      skip: [],
    };
  }
  const others = Object.values(tasks).filter(
    (t) => t.id !== taskId && RESEARCH.has(t.tool) && t.status !== "failed" && t.status !== "skipped",
  );
  if (others.length === 0) {
    return { block: true, reason: "no other research is left to write the report from", skip: [] };
  }
  return {
    block: false,
    reason:
      "the rest of the report does not depend on it; the report states the gap instead of stopping the whole run for one part",
    skip: chainFrom(taskId, tasks),
  };
}

/** The task and the research tasks downstream that depend on nothing but this chain. */
function chainFrom(taskId: string, tasks: Readonly<Record<string, AskTask>>): string[] {
  const chain = new Set([taskId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const t of Object.values(tasks)) {
      if (chain.has(t.id) || !RESEARCH.has(t.tool) || t.status === "succeeded") continue;
      if (t.dependencies.length > 0 && t.dependencies.every((d) => chain.has(d))) {
        chain.add(t.id);
        grew = true;
      }
    }
  }
  return [...chain];
}
