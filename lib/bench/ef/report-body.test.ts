import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunState } from "../../agent/state";
import { defaultLibraryDir, loadLibraryFromDir } from "../../tools/library/document-library";
import { judge } from "./judge";
import { echoes, reportText, said } from "./report-body";
import { type CaseRun, demoDocuments, runCase } from "./run-case";
import { loadScenarios, type Scenario } from "./scenario";

/**
 * A check the report's title or an echo of the goal can satisfy must not count. Each test starts
 * from a real report the judge passes and degrades it so that the goal's words survive only in the
 * title, the Sources list or a restated-goal line: the milestone that needed a finding must fail.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
let scenario: Scenario;
let run: CaseRun;
let report: string;

beforeAll(async () => {
  [scenario] = (await loadScenarios([path.join(here, "scenarios", "ds-compare-search-empty.json")])) as [
    Scenario,
  ];
  const demo = await demoDocuments((await loadLibraryFromDir(defaultLibraryDir)).library);
  run = await runCase(scenario, "full", 1, demo);
  const id = run.state.outcome?.reportArtifactId;
  const data = id ? run.state.artifacts[id]?.data : null;
  if (typeof data !== "string") throw new Error("the real run has no report");
  report = data;
}, 60_000);

/** The verdict's failures with the report replaced by `edited`. */
function failuresWith(edited: string): string[] {
  expect(edited).not.toBe(report);
  const state: RunState = structuredClone(run.state);
  const id = state.outcome?.reportArtifactId as string;
  (state.artifacts[id] as { data: unknown }).data = edited;
  return judge(scenario, run.events, state, run.incidents.items).failures;
}

const sections = (r: string) => r.split(/\n(?=## )/);
/** The report without the sections whose heading matches. */
const without = (r: string, heading: RegExp) =>
  sections(r)
    .filter((s) => !heading.test(s.split("\n")[0] ?? ""))
    .join("\n");

describe("the judge reads the body, not the title or an echo of the goal", () => {
  it("the real report passes", () => {
    expect(report).toMatch(/^# .*Relaywright/); // the title names it, so do the body's findings
    expect(judge(scenario, run.events, run.state, run.incidents.items).failures).toEqual([]);
  });

  it("Relaywright only in the title, the scope line and the Sources list: names and section milestones fail", () => {
    // Drop the Relaywright section and every finding line that names it; keep title, scope line, Sources.
    const lines = without(report, /^## Relaywright/).split("\n");
    const [title, , scope] = lines;
    expect(scope).toMatch(/Relaywright/); // the builtin's own restatement of the goal
    const sourcesAt = lines.findIndex((l) => /^## Sources/.test(l));
    const degraded = lines.filter((l, i) => i <= 2 || i >= sourcesAt || !/relaywright/i.test(l)).join("\n");
    expect(degraded).toContain(title);
    const failures = failuresWith(degraded);
    expect(failures).toContain(
      "milestone missed: the report does not name Relaywright (only in the title, the Sources list or a restatement of the request)",
    );
    expect(failures.some((f) => f.startsWith("milestone missed:") && /section|Relaywright/.test(f))).toBe(
      true,
    );
    expect(failures.join("\n")).not.toMatch(/does not name Loomwork/);
  });

  it("a report whose body only restates the goal fails; one cited finding about Relaywright passes again", () => {
    const sources = report.slice(report.indexOf("## Sources"));
    const restated = [
      "# Loomwork vs Relaywright: architecture and pricing",
      "",
      "This report compares Loomwork and Relaywright on their architecture and their pricing.",
      "",
      "## Relaywright",
      "",
      "Relaywright: architecture and pricing.",
      "",
      "## Loomwork",
      "",
      "Loomwork, maintained by Loomwork Labs in Oslo, is the most structured of the popular agent frameworks. [1]",
      "",
      sources,
    ].join("\n");
    const failures = failuresWith(restated);
    expect(failures.filter((f) => /only in the title/.test(f))).toHaveLength(2); // names, and the ## Relaywright section
    const finding = restated.replace(
      "Relaywright: architecture and pricing.",
      "Relaywright Cloud's Team plan costs USD 1,200 per seat per year. [2]",
    );
    expect(failuresWith(finding).filter((f) => f.startsWith("milestone missed"))).toEqual([]);
  });

  it("a section heading over nothing but restatements does not satisfy a report_matches milestone", () => {
    const hollow = report.replace(
      /## Relaywright\n[\s\S]*?(?=\n## )/,
      "## Relaywright\n\nRelaywright architecture and pricing, compared with Loomwork.\n",
    );
    expect(hollow).toMatch(/## Relaywright/);
    expect(failuresWith(hollow).some((f) => /only in the title/.test(f))).toBe(true);
  });
});

describe("reportText and echoes", () => {
  const goal = ["Compare Loomwork and Relaywright on architecture and pricing"];
  it("drops the title and the Sources list from the content", () => {
    const t = reportText("# Loomwork pricing\n\nBody line. [1]\n\n## Sources\n\n[1] Loomwork doc", goal);
    expect(t.content).not.toMatch(/Loomwork/);
    expect(t.body).toBe("Body line. [1]");
  });

  it("an uncited line repeating half the goal's content words is an echo; a cited one is not", () => {
    const request = goal.map(said);
    expect(echoes("We compare Loomwork and Relaywright here.", request)).toBe(true);
    expect(echoes("Loomwork and Relaywright are both open source. [3]", request)).toBe(false);
    expect(echoes("Relaywright charges USD 0.42 per task.", request)).toBe(false); // 1 of 5 words
  });

  it("an uncited line with a figure the request did not give is a finding, not an echo", () => {
    const request = ["Loomwork"].map(said);
    expect(echoes("Loomwork: an overview, drawing on 3 documents read from the library.", request)).toBe(
      true,
    );
    expect(echoes("Loomwork reached an 81% task success rate on TaskForge-300.", request)).toBe(false);
    expect(echoes("Loomwork's Team plan costs USD 1,200 per seat.", request)).toBe(false);
    const withFigure = ["Loomwork task success rate (81%)"].map(said);
    expect(echoes("Loomwork task success rate: 81%.", withFigure)).toBe(true); // the request's own figure
  });

  it("works on Chinese goals (segmented words, not characters)", () => {
    const request = ["研究 Project X 的市场规模，以及 Veltrano 的营收"].map(said);
    expect(echoes("本报告研究 Project X 的市场规模和 Veltrano 的营收。", request)).toBe(true);
    expect(echoes("Veltrano 2025 年营收为 1.8 亿美元。[2]", request)).toBe(false);
    expect(echoes("Veltrano 的营收为 1.8 亿美元，市场规模未知。", request)).toBe(false);
  });

  it("a figure the request never gave makes an uncited line a finding; a scope line is not one", () => {
    // The reviewer's answer carried into the report: new information, though it shares the goal's words.
    const s = { ...scenario, goal: "Project X market size in 2025 and Zentrix Robotics revenue in 2025" };
    const t = reportText(
      "# Project X and Zentrix Robotics revenue\n\nZentrix Robotics revenue in 2025 was USD 310 million (supplied by a reviewer).\n",
      [s.goal],
    );
    expect(t.body).toContain("USD 310 million"); // a figure the request never gave: a finding
    const scope = reportText("# T\n\nCovers Project X market size and Zentrix Robotics revenue in 2025.\n", [
      s.goal,
    ]);
    expect(scope.body).toBe("");
    expect(scope.content).toContain("Covers Project X");
  });
});
