import { describe, expect, it } from "vitest";
import { type GoalSpec, TaskGraph, type TaskSpec } from "../../planner/plan-schema";
import { validatePlan } from "../../planner/validate-plan";
import { researchToolSummaries } from "../../tools";
import type { ModelContext } from "../model-context";
import { clarify } from "./clarify";
import { planResearch } from "./plan";
import { fixViolations, replan } from "./plan-revise";

const tools = researchToolSummaries();
const knownTools = new Set(tools.map((t) => t.name));

function specOf(goal: string): GoalSpec {
  const spec = clarify({ purpose: "clarify", goal, answers: [] }).spec;
  if (!spec) throw new Error(`vague: ${goal}`);
  return spec;
}

const plan = (goal: string, maxTasks = 15) =>
  TaskGraph.parse(planResearch(specOf(goal), goal, knownTools, maxTasks));

type PlanContext = Extract<ModelContext, { purpose: "plan" }>;
const planContext = (goal: string, over: Partial<PlanContext>): PlanContext => ({
  purpose: "plan",
  mode: "initial",
  goal,
  spec: specOf(goal),
  tools,
  maxTasks: 15,
  violations: [],
  previous: null,
  done: [],
  reason: "",
  ...over,
});

const GOALS = [
  "Compare Loomwork and Relaywright on task success, cost and failure modes for the CTO",
  "Project X market size and growth in Asia-Pacific",
  "对比 Loomwork 和 Relaywright 的任务成功率和成本",
  "Project X 在中国制造业的采用情况和市场规模",
  "Compare Loomwork, Relaywright, Cortexa and Braidline",
  "Which agent framework handles tool failures best?",
];

describe("planResearch", () => {
  it.each(GOALS)("passes validatePlan for %j", (goal) => {
    const graph = plan(goal);
    expect(validatePlan(graph.tasks, { knownTools, maxTasks: 15 })).toEqual([]);
    expect(graph.tasks.filter((t) => t.deliverable).map((t) => t.tool)).toEqual(["compose_report"]);
    expect(graph.tasks.every((t) => t.successCriteria.length > 0)).toBe(true);
    expect(graph.rationale).not.toBe("");
  });

  it.each([4, 6, 8, 10, 12])("stays within maxTasks = %i and stays valid", (maxTasks) => {
    const graph = plan("Compare Loomwork, Relaywright, Cortexa and Braidline on cost", maxTasks);
    expect(graph.tasks.length).toBeLessThanOrEqual(maxTasks);
    expect(validatePlan(graph.tasks, { knownTools, maxTasks })).toEqual([]);
  });

  it("chains search → read → extract per facet and tabulates a comparison", () => {
    const graph = plan(GOALS[0] as string);
    const byId = new Map(graph.tasks.map((t) => [t.id, t]));
    expect(byId.get("s1")?.input).toEqual({ query: "Loomwork task success cost failure modes" });
    expect(byId.get("r1")?.dependencies).toEqual(["s1"]);
    expect(byId.get("x2")).toMatchObject({
      tool: "extract",
      dependencies: ["r2"],
      input: { topic: "Relaywright" },
    });
    expect(byId.get("table")).toMatchObject({ tool: "write", input: { path: "comparison.md" } });
    expect(byId.get("draft")?.dependencies).toEqual(["x1", "x2", "table"]);
    expect(byId.get("check")).toMatchObject({ tool: "check_citations", dependencies: ["draft"] });
    const report = byId.get("report");
    expect(report?.successCriteria).toContainEqual(
      expect.objectContaining({
        kind: "includes_all",
        field: "markdown",
        values: ["Loomwork", "Relaywright"],
      }),
    );
    expect(report?.successCriteria).toContainEqual(
      expect.objectContaining({ kind: "min_count", field: "sections", min: 2 }),
    );
  });

  it("gives different goals different plans", () => {
    const queries = (goal: string) =>
      plan(goal).tasks.flatMap((t) => (t.tool === "search" ? [t.input.query] : []));
    expect(queries("Project X market size and growth")).toEqual([
      "Project X market size",
      "Project X growth",
    ]);
    expect(queries("Quillon pricing and market share")).toEqual(["Quillon pricing", "Quillon market share"]);
    expect(plan("Project X regulation").tasks).not.toEqual(plan("Project X pricing").tasks);
  });

  it("searches once more with the request's own words when it asks for more than its facets name", () => {
    const goal =
      "Please put together a small comparison table of the four leading Project X vendors' list prices " +
      "(USD per technician per month), sorted cheapest to most expensive.";
    const graph = plan(goal);
    const more = graph.tasks.find((t) => t.id === "s-more");
    expect(String(more?.input.query)).toMatch(/vendors.*prices/);
    expect(graph.tasks.find((t) => t.id === "r-more")?.dependencies).toContain("s-more");
    // A request its facets already cover costs no extra search.
    expect(plan("Project X market size and growth").tasks.map((t) => t.id)).not.toContain("s-more");
  });

  it("searches for what a change of requirements adds first, and not for what it drops", () => {
    const goal =
      "Compare all four agent frameworks (Loomwork, Relaywright, Cortexa, Braidline) on cost per task and median latency on TaskForge-300.";
    const change =
      "Change of scope: drop Cortexa and Braidline entirely. Just Loomwork vs Relaywright, and add each one's enterprise readiness score and per-seat list price.";
    const spec = clarify({
      purpose: "clarify",
      goal,
      answers: [{ prompt: "Requirement change (platform-lead)", answer: change }],
    }).spec as GoalSpec;
    const graph = TaskGraph.parse(planResearch(spec, goal, knownTools, 15));
    const query = String(graph.tasks.find((t) => t.id === "s-more")?.input.query);
    expect(query).toMatch(/per-seat.*price/);
    expect(query).not.toMatch(/Cortexa|Braidline/);
  });

  it("drops the table before anything else when space is short", () => {
    const graph = plan(GOALS[0] as string, 9);
    expect(graph.tasks.map((t) => t.id)).not.toContain("table");
    expect(graph.tasks.map((t) => t.id)).toContain("check");
    expect(graph.rationale).toMatch(/dropped the comparison table/);
  });
});

describe("fixViolations", () => {
  it("repairs a broken proposal so every listed violation is gone", () => {
    const broken: TaskSpec[] = [
      { ...task("a", "web_search"), input: { query: "Loomwork" } },
      { ...task("b", "read"), dependencies: ["a", "ghost"] },
      { ...task("c", "extract"), dependencies: ["b", "d"], successCriteria: [] },
      { ...task("d", "compose_report"), dependencies: ["c"], deliverable: true },
      { ...task("e", "teleport"), dependencies: ["d"], deliverable: true },
    ];
    const violations = validatePlan(broken, { knownTools, maxTasks: 15 });
    expect(violations.length).toBeGreaterThan(3);
    const fixed = TaskGraph.parse(
      fixViolations(
        planContext(GOALS[0] as string, {
          mode: "fix_violations",
          previous: { rationale: "", tasks: broken },
          violations,
        }),
      ),
    );
    expect(validatePlan(fixed.tasks, { knownTools, maxTasks: 15 })).toEqual([]);
    expect(fixed.tasks.find((t) => t.id === "a")?.tool).toBe("search");
  });

  it("rebuilds a plan that is too large to patch", () => {
    const big = plan(GOALS[4] as string).tasks;
    const violations = validatePlan(big, { knownTools, maxTasks: 6 });
    const fixed = fixViolations(
      planContext(GOALS[4] as string, {
        mode: "fix_violations",
        previous: { rationale: "", tasks: big },
        violations,
        maxTasks: 6,
      }),
    );
    expect(fixed.tasks.length).toBeLessThanOrEqual(6);
    expect(validatePlan(fixed.tasks, { knownTools, maxTasks: 6 })).toEqual([]);
  });
});

describe("replan", () => {
  it("plans only the remaining work and depends on done tasks without redefining them", () => {
    const done = [
      { id: "s1", title: "Search the library for Loomwork", tool: "search", summary: "3 documents" },
      { id: "r1", title: "Read the top documents on Loomwork", tool: "read", summary: "Read 3" },
      { id: "x1", title: "Extract facts on Loomwork", tool: "extract", summary: "8 facts" },
    ];
    const graph = replan(
      planContext(GOALS[0] as string, { mode: "replan", done, reason: "x2 failed twice" }),
    );
    const ids = graph.tasks.map((t) => t.id);
    for (const d of done) expect(ids).not.toContain(d.id);
    expect(graph.tasks.find((t) => t.id === "draft")?.dependencies).toContain("x1");
    const doneIds = new Set(done.map((d) => d.id));
    expect(validatePlan(graph.tasks, { knownTools, maxTasks: 15, doneIds })).toEqual([]);
  });

  it("recognises a done fix task by its facet and reroutes to it", () => {
    const done = [
      { id: "s2-fix", title: "Search the library for Relaywright", tool: "search", summary: "2 documents" },
    ];
    const graph = replan(planContext(GOALS[0] as string, { mode: "replan", done }));
    expect(graph.tasks.map((t) => t.id)).not.toContain("s2");
    expect(graph.tasks.find((t) => t.id === "r2")?.dependencies).toEqual(["s2-fix"]);
    expect(validatePlan(graph.tasks, { knownTools, maxTasks: 15, doneIds: new Set(["s2-fix"]) })).toEqual([]);
  });
});

function task(id: string, tool: string): TaskSpec {
  return {
    id,
    title: id,
    tool,
    input: {},
    dependencies: [],
    successCriteria: [{ kind: "non_empty", field: "data" }],
    expectedOutput: "",
    deliverable: false,
  };
}

describe("calculations in the plan", () => {
  it("projects each named item at its own rate before comparing the projections", () => {
    const goal =
      "Project Europe and Asia-Pacific forward to 2030 from their 2025 sizes using Halden's regional CAGRs. Which region ends up bigger in 2030, and by how much?";
    const calcs = plan(goal).tasks.filter((t) => t.tool === "calculate");
    expect(calcs.map((t) => [t.input.operation, t.input.subject])).toEqual([
      ["apply_rate", "Europe"],
      ["apply_rate", "Asia-Pacific"],
      ["difference", undefined],
    ]);
    expect(validatePlan(plan(goal).tasks, { knownTools, maxTasks: 15 })).toEqual([]);
  });

  it("projects each name a projection's sentence coordinates, and one share per part a clause names", () => {
    const sizes = plan(
      "At Halden's forecast growth rates, how big will Europe and North America each be in 2030? Show the working.",
    ).tasks.filter((t) => t.tool === "calculate");
    expect(sizes.map((t) => [t.input.operation, t.input.subject])).toEqual([
      ["apply_rate", "Europe"],
      ["apply_rate", "North America"],
    ]);
    const shares = plan(
      "Break the 2025 Asia-Pacific market down by country and work out what share of the region China and Japan each account for.",
    ).tasks.filter((t) => t.tool === "calculate");
    expect(shares.map((t) => [t.input.operation, t.input.subject])).toEqual([
      ["share", "share of part: China"],
      ["share", "share of part: Japan"],
    ]);
  });

  it("totals a maker's product at list and discounted, and the gap a discount takes off", () => {
    const calcs = plan(
      "We're pricing 400 Loomwork Enterprise seats. What is the yearly bill at list, how much does Loomwork's volume discount take off per year, and what do we end up paying?",
    ).tasks.filter((t) => t.tool === "calculate");
    expect(calcs.map((t) => [t.input.operation, t.input.subject])).toEqual([
      ["product", "as listed"],
      ["apply_rate", undefined],
      ["product", undefined],
      ["difference", undefined],
    ]);
  });

  it("adjusts a price before the totals multiply it, and compares the totals last", () => {
    const goal =
      "We're pricing 600 seats. Annual list cost for Fernbrook FieldMate after its volume discount vs Quillon Scout with the analytics add-on - which comes out cheaper per year, and by how much?";
    const calcs = plan(goal).tasks.filter((t) => t.tool === "calculate");
    expect(calcs.map((t) => [t.input.operation, t.input.subject])).toEqual([
      ["apply_rate", undefined],
      ["sum", undefined],
      ["product", "Fernbrook FieldMate"],
      ["product", "Quillon Scout"],
      ["difference", undefined],
      ["difference", "each unit"],
    ]);
  });

  it("compares two items' totals by their gap when the request sets them side by side", () => {
    const goal =
      "We have 650 technicians. What's our yearly licence bill on Fernbrook FieldMate once its volume discount applies, and how does that compare with putting everyone on Quillon Scout with the analytics add-on?";
    const calcs = plan(goal).tasks.filter((t) => t.tool === "calculate");
    expect(calcs.map((t) => [t.input.operation, t.input.subject])).toEqual([
      ["apply_rate", undefined],
      ["sum", undefined],
      ["product", "Fernbrook FieldMate"],
      ["product", "Quillon Scout"],
      ["difference", undefined],
    ]);
  });

  it("works out each named item's part before the gap between them", () => {
    const goal =
      "Using Halden's USD 4.2bn 2025 market size, convert Fernbrook's and Quillon's shares into dollar revenue and give me the difference.";
    const calcs = plan(goal).tasks.filter((t) => t.tool === "calculate");
    expect(calcs.map((t) => [t.input.operation, t.input.subject])).toEqual([
      ["product", "part of a whole: Fernbrook"],
      ["product", "part of a whole: Quillon"],
      ["difference", undefined],
    ]);
  });

  it("makes a total before the gap or share that uses it, whatever order the request names them in", () => {
    const goal =
      "How much more would 200 technicians cost per year on Nordvale Systems than at the market's average list price in total?";
    const ops = plan(goal)
      .tasks.filter((t) => t.tool === "calculate")
      .map((t) => t.input.operation);
    expect(ops.indexOf("product")).toBeLessThan(ops.indexOf("difference"));
  });
});
