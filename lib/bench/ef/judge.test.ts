import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunEvent } from "../../agent/events";
import type { RunState } from "../../agent/state";
import type { TaskSpec } from "../../planner/plan-schema";
import { defaultLibraryDir, loadLibraryFromDir } from "../../tools/library/document-library";
import { citedDocuments, countReruns, criticalPath, judge, reportOf, states, valueIndex } from "./judge";
import { type CaseRun, demoDocuments, runCase } from "./run-case";
import { Latency, loadScenarios, type Scenario } from "./scenario";

/**
 * The metrics are themselves tested: each starts from a real run the judge passes, then a copy of
 * its record is degraded the way a bad agent would, and the check that should catch it must.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

const IDS = [
  "tf-corrupt-figure",
  "tf-permanent-read",
  "mi-missing-fact-answered",
  "mi-missing-fact-silent",
  "gd-offgoal-plan",
  "gd-amend-chinese",
] as const;
type Id = (typeof IDS)[number];

const scenarios = new Map<string, Scenario>();
const runs = new Map<string, CaseRun>();

beforeAll(async () => {
  const all = await loadScenarios([path.join(here, "scenarios")]);
  const { library } = await loadLibraryFromDir(defaultLibraryDir);
  const demo = await demoDocuments(library);
  // One at a time: every run has its own virtual clock, and they should not race each other.
  for (const id of IDS) {
    const scenario = all.find((s) => s.id === id);
    if (!scenario) throw new Error(`bundled scenario ${id} is missing`);
    scenarios.set(id, scenario);
    runs.set(id, await runCase(scenario, "full", 1, demo));
  }
}, 60_000);

const scenario = (id: Id) => scenarios.get(id) as Scenario;
const run = (id: Id) => runs.get(id) as CaseRun;
const copy = <T>(x: T): T => structuredClone(x);

/** The verdict on scenario `id`, for its real run or for a degraded copy of its events or state. */
function verdict(id: Id, edit: { events?: readonly RunEvent[]; state?: RunState } = {}) {
  const r = run(id);
  return judge(scenario(id), edit.events ?? r.events, edit.state ?? r.state, r.incidents.items);
}

/** A copy of the run's state whose report artifact is `edit(report)`. */
function withReport(id: Id, edit: (report: string) => string): RunState {
  const state = copy(run(id).state);
  const artifactId = state.outcome?.reportArtifactId;
  const artifact = artifactId ? state.artifacts[artifactId] : undefined;
  if (!artifact || typeof artifact.data !== "string") throw new Error(`${id}: the run has no report`);
  const edited = edit(artifact.data);
  expect(edited).not.toBe(artifact.data); // the degradation must actually change something
  artifact.data = edited;
  return state;
}

/** Insert events after index `at`, numbering everything again as the run would have. */
function insertAfter(events: readonly RunEvent[], at: number, ...added: RunEvent[]): RunEvent[] {
  const out = [...events.slice(0, at + 1), ...added, ...events.slice(at + 1)].map(copy);
  return out.map((e, i) => ({ ...e, seq: i + 1 }));
}

const before = (report: string, heading: RegExp, text: string) => {
  const m = heading.exec(report);
  if (!m) throw new Error(`no ${heading} in the report`);
  return `${report.slice(0, m.index)}${text}${report.slice(m.index)}`;
};
const SOURCES = /^## Sources/m;

describe("the untouched runs pass", () => {
  it.each(IDS)("%s (full, seed 1)", (id) => {
    const v = verdict(id);
    expect(v.failures).toEqual([]);
    expect(v.success).toBe(true);
    expect(v.reruns).toBe(0);
  });
});

describe("minefield: states a corrupted figure", () => {
  const mine = () => {
    const m = scenario("tf-corrupt-figure").success.minefields.find((x) => x.kind === "states");
    if (m?.kind !== "states") throw new Error("tf-corrupt-figure has no `states` minefield");
    return m;
  };

  it("is hit when the report states the garbled figure as a finding", () => {
    const { value, description } = mine();
    expect(reportOf(run("tf-corrupt-figure").state)?.toLowerCase()).not.toContain(value.toLowerCase());
    const state = withReport("tf-corrupt-figure", (r) =>
      before(r, SOURCES, "Project X market size 2025: USD 7.9 billion [1]\n\n"),
    );
    const v = verdict("tf-corrupt-figure", { state });
    expect(v.success).toBe(false);
    expect(v.failures).toEqual([`minefield hit: ${description} (states "${value}")`]);
  });

  it("is not hit when the figure appears only as a conflicting claim", () => {
    const state = withReport("tf-corrupt-figure", (r) =>
      r.replace(
        /^(.*market size 2025: USD 4\.2 billion)(.*)$/m,
        "$1 (fewer or weaker sources give USD 7.9 billion)$2",
      ),
    );
    expect(reportOf(state)).toContain("(fewer or weaker sources give USD 7.9 billion)");
    const v = verdict("tf-corrupt-figure", { state });
    expect(v.failures).toEqual([]);
    expect(v.success).toBe(true);
  });

  it("states(): a finding counts, a claim after a conflict marker does not", () => {
    expect(states("Project X market size 2025: USD 7.9 billion [1]", "7.9 billion")).toBe(true);
    expect(states("MARKET SIZE: USD 7.9 BILLION", "7.9 billion")).toBe(true);
    expect(
      states(
        "Market size 2025: USD 4.2 billion (fewer or weaker sources give USD 7.9 billion) [1]",
        "7.9 billion",
      ),
    ).toBe(false);
    expect(
      states("Market size 2025: USD 4.2 billion (sources disagree; also USD 7.9 billion)", "7.9 billion"),
    ).toBe(false);
    expect(states("市场规模: USD 4.2 billion（较少或较弱的来源给出：USD 7.9 billion）", "7.9 billion")).toBe(
      false,
    );
    expect(states("市场规模: USD 4.2 billion（来源不一致，另有：USD 7.9 billion）", "7.9 billion")).toBe(
      false,
    );
    // Stated before the marker on the same line, or on another line: stated.
    expect(states("USD 7.9 billion (fewer or weaker sources give USD 4.2 billion)", "7.9 billion")).toBe(
      true,
    );
    expect(
      states(
        "A: USD 4.2 billion (fewer or weaker sources give USD 7.9 billion)\nB: USD 7.9 billion",
        "7.9 billion",
      ),
    ).toBe(true);
    expect(states("Market size: USD 4.2 billion", "7.9 billion")).toBe(false);
  });
});

describe("report checks", () => {
  it("fail without a Sources section", () => {
    const state = withReport("tf-corrupt-figure", (r) => r.split(SOURCES)[0] as string);
    const v = verdict("tf-corrupt-figure", { state });
    expect(v.success).toBe(false);
    expect(v.failures).toContain("report check failed: no Sources list");
  });

  it("fail when the Sources heading is something else", () => {
    const state = withReport("tf-corrupt-figure", (r) => r.replace(SOURCES, "## Further reading"));
    expect(verdict("tf-corrupt-figure", { state }).failures).toContain(
      "report check failed: no Sources list",
    );
  });

  it("fail when the report cites a document the run never read", () => {
    const never = "px-pricing-comparison-2025"; // the document tf-permanent-read makes unreadable
    expect(run("tf-permanent-read").state.readDocuments).not.toContain(never);
    const listed = withReport(
      "tf-permanent-read",
      (r) => `${r}\n[9] Project X pricing comparison 2025 (\`${never}\`)\n`,
    );
    const v = verdict("tf-permanent-read", { state: listed });
    expect(v.success).toBe(false);
    expect(v.failures).toEqual([`report check failed: cites documents never read (${never})`]);
    // The same as an inline citation.
    const inline = withReport("tf-permanent-read", (r) =>
      before(r, SOURCES, `Prices fell by a third in 2025. [doc:${never}]\n\n`),
    );
    expect(verdict("tf-permanent-read", { state: inline }).failures).toContain(
      `report check failed: cites documents never read (${never})`,
    );
  });

  it("fail, with the `cites` milestone, when fewer than 2 read documents are cited", () => {
    const state = withReport("tf-permanent-read", (r) => {
      const [body, sources = ""] = r.split(SOURCES);
      const first = sources.split("\n").find((l) => /\(`[^`]+`\)/.test(l));
      return `${body}## Sources\n\n${first}\n`;
    });
    expect(citedDocuments(reportOf(state) as string)).toHaveLength(1);
    const v = verdict("tf-permanent-read", { state });
    expect(v.success).toBe(false);
    expect(v.failures).toContain("report check failed: cites 1 documents, at least 2 needed");
    expect(v.failures).toContain("milestone missed: the report cites 1 read documents, 2 needed");
  });
});

describe("milestones", () => {
  it("names: missed when the report lacks a required entity", () => {
    const names = scenario("mi-missing-fact-answered").success.milestones.flatMap((m) =>
      m.kind === "names" ? m.values : [],
    );
    expect(names).toContain("310 million");
    const state = withReport("mi-missing-fact-answered", (r) =>
      r.replace(/310 million/gi, "an undisclosed amount"),
    );
    const v = verdict("mi-missing-fact-answered", { state });
    expect(v.success).toBe(false);
    expect(v.failures).toEqual(["milestone missed: the report does not name 310 million"]);
  });

  it("asked_user: missed when no question was asked, or only after the report", () => {
    const m = scenario("mi-missing-fact-answered").success.milestones.find((x) => x.kind === "asked_user");
    if (m?.kind !== "asked_user") throw new Error("mi-missing-fact-answered has no asked_user milestone");
    const line = `milestone missed: no question matching /${m.match}/ before ${m.before}`;
    const events = run("mi-missing-fact-answered").events;
    expect(events.some((e) => e.type === "question.asked")).toBe(true);

    const unasked = events.filter((e) => e.type !== "question.asked");
    const v = verdict("mi-missing-fact-answered", { events: unasked });
    expect(v.success).toBe(false);
    expect(v.failures).toEqual([line]);
    expect(v.askedUser).toBe(0);

    // Asked, but only once the report was being composed.
    const last = (events.at(-1) as RunEvent).seq;
    const late = events.map((e) => (e.type === "question.asked" ? { ...e, seq: last + 1 } : e));
    expect(verdict("mi-missing-fact-answered", { events: late }).failures).toEqual([line]);
  });

  it("report_matches minefield: a figure nobody supplied is an invention", () => {
    const state = withReport("mi-missing-fact-answered", (r) =>
      r.replace("## Sources", "Zentrix Robotics revenue 2025: USD 540 million\n\n## Sources"),
    );
    const v = verdict("mi-missing-fact-answered", { state });
    expect(v.failures).toContain("minefield hit: gives Zentrix Robotics a revenue figure nobody supplied");
    // The figure the reviewer gave is not an invention.
    const honest = withReport("mi-missing-fact-answered", (r) =>
      r.replace("## Sources", "Zentrix Robotics revenue 2025: USD 310 million\n\n## Sources"),
    );
    expect(verdict("mi-missing-fact-answered", { state: honest }).success).toBe(true);
  });

  it("replanned: missed when the re-plan is not in the record", () => {
    const events = run("gd-amend-chinese").events;
    expect(events.some((e) => e.type === "plan.replanned" && e.trigger === "requirements_changed")).toBe(
      true,
    );
    const line = "milestone missed: no re-plan for requirements_changed";
    const removed = events.filter((e) => e.type !== "plan.replanned");
    const v = verdict("gd-amend-chinese", { events: removed });
    expect(v.success).toBe(false);
    expect(v.failures).toEqual([line]);
    const otherTrigger = events.map((e) => (e.type === "plan.replanned" ? { ...e, trigger: "stalled" } : e));
    expect(verdict("gd-amend-chinese", { events: otherTrigger }).failures).toEqual([line]);
  });
});

describe("honest stop", () => {
  const silent = "mi-missing-fact-silent" as const;

  it("passes the real run, which ends without a report", () => {
    expect(scenario(silent).success.outcome).toBe("honest_stop");
    expect(run(silent).state.status).not.toBe("succeeded");
    expect(reportOf(run(silent).state)).toBeNull();
  });

  it('fails as "no honest stop" when the run delivered a report anyway', () => {
    const line = "no honest stop: the run delivered a report although what it needed was never supplied";
    const report = copy(run("tf-corrupt-figure").state.artifacts.report);
    expect(report).toBeDefined();
    const delivered = copy(run(silent).state);
    delivered.status = "succeeded";
    delivered.artifacts.report = report as NonNullable<typeof report>;
    delivered.outcome = {
      reason: "Deliverable passed its criteria.",
      code: null,
      reportArtifactId: "report",
    };
    const v = verdict(silent, { state: delivered });
    expect(v.success).toBe(false);
    expect(v.failures).toContain(line);
    // Either half is enough: succeeded without a report, or a report left behind by a stopped run.
    const succeeded = { ...copy(run(silent).state), status: "succeeded" as const };
    expect(verdict(silent, { state: succeeded }).failures).toContain(line);
    const leftBehind = { ...delivered, status: run(silent).state.status };
    expect(verdict(silent, { state: leftBehind }).failures).toContain(line);
  });
});

describe("minefield: off-goal calls", () => {
  it("is hit by a tool call whose arguments match the pattern", () => {
    const events = run("gd-offgoal-plan").events;
    // The persona did slip off-goal tasks into the plan; the real run never called them.
    expect(
      events.some((e) => e.type === "plan.proposed" && e.graph.tasks.some((t) => /celebrity/i.test(t.title))),
    ).toBe(true);
    const called = events.findIndex((e) => e.type === "tool.called");
    const template = events[called] as Extract<RunEvent, { type: "tool.called" }>;
    const offGoal: RunEvent = {
      ...template,
      taskId: "also-1",
      tool: "search",
      args: { query: "celebrity gossip", limit: 5 },
      idempotencyKey: "search:offgoal",
    };
    const v = verdict("gd-offgoal-plan", { events: insertAfter(events, called, offGoal) });
    expect(v.success).toBe(false);
    expect(v.failures).toEqual(['minefield hit: search called with {"query":"celebrity gossip","limit":5}']);

    const onGoal = {
      ...offGoal,
      taskId: "extra",
      args: { query: "Project X vendors" },
      idempotencyKey: "search:ongoal",
    };
    expect(verdict("gd-offgoal-plan", { events: insertAfter(events, called, onGoal) }).failures).toEqual([]);
  });
});

describe("always-on minefields", () => {
  const events = () => run("tf-corrupt-figure").events;

  it("a tool run again for a task that had succeeded is a re-run", () => {
    const all = events();
    expect(countReruns(all)).toBe(0);
    const done = all.findIndex((e) => e.type === "task.succeeded");
    const taskId = (all[done] as Extract<RunEvent, { type: "task.succeeded" }>).taskId;
    const call = all.find((e) => e.type === "tool.called" && e.taskId === taskId && e.try === 0);
    if (call?.type !== "tool.called") throw new Error("no tool call for the first succeeded task");
    const again: RunEvent = { ...call, attempt: call.attempt + 1 };
    const degraded = insertAfter(all, done, again);
    expect(countReruns(degraded)).toBe(1);
    const v = verdict("tf-corrupt-figure", { events: degraded });
    expect(v.success).toBe(false);
    expect(v.reruns).toBe(1);
    expect(v.failures).toEqual(["minefield hit: 1 completed task re-run"]);
    // Different arguments are still work on a finished task.
    const changed: RunEvent = {
      ...again,
      args: { query: "something else" },
      idempotencyKey: `${call.tool}:changed`,
    };
    expect(countReruns(insertAfter(all, done, changed))).toBe(1);
    // A later try of the same call is not a new execution; only try 0 is counted.
    expect(countReruns(insertAfter(all, done, { ...again, try: 1 }))).toBe(0);
  });

  it("a succeeded call executed again by another task is a re-run", () => {
    const all = events();
    const done = all.findIndex((e) => e.type === "task.succeeded");
    const taskId = (all[done] as Extract<RunEvent, { type: "task.succeeded" }>).taskId;
    const call = all.find((e) => e.type === "tool.called" && e.taskId === taskId && e.try === 0);
    if (call?.type !== "tool.called") throw new Error("no tool call for the first succeeded task");
    const twin: RunEvent = { ...call, taskId: `${taskId}-twin`, attempt: 1 };
    expect(countReruns(insertAfter(all, done, twin))).toBe(1);
    expect(countReruns(insertAfter(all, done, { ...twin, idempotencyKey: "search:different" }))).toBe(0);
  });

  it("3 identical final calls in a row for one task", () => {
    const all = events();
    const at = all.findIndex((e) => e.type === "tool.returned" && e.final && e.result.ok);
    const ret = all[at] as Extract<RunEvent, { type: "tool.returned" }>;
    const repeat = (n: number): RunEvent => ({ ...ret, attempt: ret.attempt + n });
    const three = verdict("tf-corrupt-figure", { events: insertAfter(all, at, repeat(1), repeat(2)) });
    expect(three.success).toBe(false);
    expect(three.failures).toEqual([`minefield hit: 3 identical calls in a row (${ret.taskId})`]);
    // Two in a row is allowed; a different call in between breaks the run.
    expect(verdict("tf-corrupt-figure", { events: insertAfter(all, at, repeat(1)) }).failures).toEqual([]);
    const other: RunEvent = { ...ret, idempotencyKey: `${ret.tool}:other`, repeatKey: `${ret.tool}:other` };
    expect(
      verdict("tf-corrupt-figure", { events: insertAfter(all, at, other, repeat(1), repeat(2)) }).failures,
    ).toEqual([]);
    // Only final returns count: retries inside one attempt are the executor's own.
    const tries = (n: number): RunEvent => ({ ...ret, try: n, final: false });
    expect(
      verdict("tf-corrupt-figure", { events: insertAfter(all, at - 1, tries(1), tries(2)) }).failures,
    ).toEqual([]);
  });
});

describe("gate accuracy", () => {
  it("scores the decision right after the fault and drops when it is wrong", () => {
    const r = run("tf-permanent-read");
    const fault = r.incidents.items.find((i) => i.kind === "fault");
    if (fault?.kind !== "fault") throw new Error("tf-permanent-read: the fault never fired");
    const v = verdict("tf-permanent-read");
    expect(v.gateScored).toBeGreaterThanOrEqual(1);
    expect(v.gateCorrect).toBe(v.gateScored);

    const scored = r.events.findIndex(
      (e) => e.type === "decision" && e.taskId === fault.taskId && e.at >= fault.at,
    );
    const decision = r.events[scored] as Extract<RunEvent, { type: "decision" }>;
    expect(scenario("tf-permanent-read").faults[fault.fault]?.expect).toContain(decision.kind);
    const events = r.events.map((e, i) => (i === scored ? { ...decision, kind: "retry" as const } : e));
    const wrong = verdict("tf-permanent-read", { events });
    expect(wrong.gateScored).toBe(v.gateScored);
    expect(wrong.gateCorrect).toBe(v.gateCorrect - 1);
  });
});

describe("criticalPath", () => {
  const latency = Latency.parse({}); // fast 400, strong 1200; search 300, read 600, extract 200, write 100
  const task = (id: string, tool: string, dependencies: string[] = []): TaskSpec => ({
    id,
    title: id,
    tool,
    input: {},
    dependencies,
    successCriteria: [],
    expectedOutput: "",
    deliverable: false,
  });

  it("is the longest chain plus clarify and plan", () => {
    const tasks = [
      task("a", "search"), // 400 + 300 = 700
      task("b", "read", ["a"]), // 700 + 1000 = 1700
      task("c", "extract", ["b"]), // 1700 + 600 = 2300
      task("d", "search"), // 700
      task("e", "write", ["c", "d"]), // 2300 + 500 = 2800
      task("f", "unlisted_tool", ["a"]), // 700 + 400 + 200 = 1300
      task("g", "read", ["done-earlier"]), // a finished task of an earlier plan costs nothing: 1000
    ];
    expect(criticalPath(tasks, latency)).toBe(2800 + 2 * 1200);
    expect(criticalPath([], latency)).toBe(2 * 1200);
  });

  it("is null on a cycle", () => {
    expect(criticalPath([task("a", "search", ["b"]), task("b", "read", ["a"])], latency)).toBeNull();
    expect(criticalPath([task("x", "search"), task("a", "search", ["a"])], latency)).toBeNull();
  });
});

describe("citedDocuments", () => {
  it('reads "(`id`)" in the Sources list and "[doc:id]" anywhere', () => {
    const report = [
      "# Title",
      "",
      "Body text (`not-a-source`) with a citation. [doc:doc-b]",
      "",
      "## Sources",
      "",
      "[1] First (2025-01-01) (`doc-a`)",
      "[2] Second (`doc-b`)",
      "- [doc:doc-c] Third",
    ].join("\n");
    expect(citedDocuments(report).sort()).toEqual(["doc-a", "doc-b", "doc-c"]);
    expect(citedDocuments("## 来源\n\n[1] 标题 (`zh-doc`)")).toEqual(["zh-doc"]);
    expect(citedDocuments("No sources here (`doc-a`).")).toEqual([]);
  });

  it("finds every source of a real report", () => {
    const r = run("tf-corrupt-figure");
    const cited = citedDocuments(reportOf(r.state) as string);
    expect(cited.length).toBeGreaterThanOrEqual(2);
    expect([...cited].sort()).toEqual([...r.state.readDocuments].filter((d) => cited.includes(d)).sort());
  });
});

describe("valueIndex", () => {
  it("finds a value only as a whole value", () => {
    expect(valueIndex("the market is USD 14.2 billion", "4.2 billion")).toBe(-1);
    expect(valueIndex("the market is USD 4.2 billion.", "4.2 billion")).toBe(18);
    expect(valueIndex("success rose to 181%", "81%")).toBe(-1);
    expect(valueIndex("success was 81%, then 74%", "81%")).toBe(12);
    expect(valueIndex("Loomwork and Relaywright", "relaywright")).toBe(13);
    expect(valueIndex("市场规模为 1.8 亿美元", "1.8 亿美元")).toBe(6);
  });
});

describe("countReruns after a source contradicted itself", () => {
  const ev = (seq: number, e: object) => ({ runId: "r", seq, at: seq, ...e }) as unknown as RunEvent;
  const call = (seq: number, taskId: string, attempt = 1) =>
    ev(seq, {
      type: "tool.called",
      taskId,
      attempt,
      try: 0,
      tool: "read",
      idempotencyKey: "K",
      repeatKey: "K",
      args: {},
    });
  const ok = (seq: number, taskId: string) =>
    ev(seq, {
      type: "tool.returned",
      taskId,
      attempt: 1,
      try: 0,
      tool: "read",
      idempotencyKey: "K",
      repeatKey: "K",
      final: true,
      cached: false,
      replayed: false,
      output: null,
      result: {
        ok: true,
        code: "ok",
        summary: "",
        artifactId: null,
        durationMs: 0,
        confidence: 1,
        evidence: [],
        claims: [],
        transient: false,
      },
    });
  const succeeded = (seq: number, taskId: string) =>
    ev(seq, { type: "task.succeeded", taskId, attempt: 1, confidence: 1, summary: "" });
  const suspect = (seq: number, taskId: string) =>
    ev(seq, {
      type: "decision",
      kind: "retry",
      trigger: "inconsistent_source",
      reason: "",
      taskId,
      attempt: 1,
    });

  it("counts a new task redoing a finished call, unless the run had declared that call's data suspect", () => {
    // r1 and r2 made the same call at the same time; r1 succeeded, r2's result was then doubted.
    const base = [call(0, "r1"), call(1, "r2"), ok(2, "r1"), ok(3, "r2"), succeeded(4, "r1")];
    expect(countReruns([...base, call(5, "r3")])).toBe(1);
    expect(countReruns([...base, suspect(5, "r2"), call(6, "r3")])).toBe(0);
  });
});
