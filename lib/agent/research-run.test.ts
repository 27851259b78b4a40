import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BuiltinModel } from "../llm/builtin/builtin-model";
import { researchTools } from "../tools";
import {
  type DocumentLibrary,
  defaultLibraryDir,
  loadLibraryFromDir,
} from "../tools/library/document-library";
import { toolRegistry } from "../tools/tool";
import { Workspace } from "../tools/workspace";
import type { RunEvent } from "./events";
import { createRun, drive, resumeRun } from "./loop";
import type { AgentDeps } from "./runtime";
import { seededRandom } from "./runtime";
import type { RunState } from "./state";
import { fakeClock } from "./testing/harness";

let library: DocumentLibrary;
beforeAll(async () => {
  const loaded = await loadLibraryFromDir(defaultLibraryDir);
  expect(loaded.errors).toEqual([]);
  library = loaded.library;
});

function deps(events: RunEvent[], workspace?: Workspace): AgentDeps {
  return {
    model: new BuiltinModel({ now: () => 0 }),
    tools: toolRegistry(researchTools()),
    library,
    workspace: workspace ?? new Workspace(mkdtempSync(path.join(tmpdir(), "prefrontal-research-"))),
    clock: fakeClock(),
    random: seededRandom(1),
    sink: { append: (e) => void events.push(e) },
  };
}

async function research(goal: string) {
  const events: RunEvent[] = [];
  const d = deps(events);
  const state = await drive(await createRun(d, { runId: "r", goal }));
  const report = String(
    state.outcome?.reportArtifactId ? state.artifacts[state.outcome.reportArtifactId]?.data : "",
  );
  return { state, events, report, workspace: d.workspace };
}

const citedIds = (report: string) => [...report.matchAll(/\(`([^`]+)`\)/g)].map((m) => m[1]);

describe("a research run on the builtin model and the demo library", () => {
  it("compares a kind of thing the request does not name with the items the documents line up, in a table", async () => {
    const { state, report, events } = await research(
      "Compare the agent frameworks described in the library as a report with a comparison table",
    );
    // "the agent frameworks described in the library" is no private choice to ask about.
    expect(events.some((e) => e.type === "question.asked")).toBe(false);
    expect(state.status).toBe("succeeded");
    const header = report.split("\n").find((l) => /^\| .* \|$/.test(l) && /Loomwork/.test(l)) ?? "";
    for (const name of ["Loomwork", "Relaywright", "Cortexa", "Braidline"]) expect(header).toContain(name);
  });

  it("writes a cited comparison report whose sources were all read", async () => {
    const { state, report } = await research("Compare Loomwork and Relaywright for enterprise use");
    expect(state.status).toBe("succeeded");
    expect(report).toMatch(/^# /);
    expect(report).toContain("Loomwork");
    expect(report).toContain("Relaywright");
    expect(report).toMatch(/\| .* \|/);
    expect(report).toContain("## Sources");
    const cited = citedIds(report);
    expect(cited.length).toBeGreaterThanOrEqual(2);
    for (const id of cited) expect(state.readDocuments).toContain(id);
  });

  it("gives different goals different reports, in the goal's language", async () => {
    const market = await research("Project X market size and growth by region");
    const zh = await research("Project X 在制造业的采用情况");
    expect(market.state.status).toBe("succeeded");
    expect(zh.state.status).toBe("succeeded");
    expect(market.report).not.toEqual(zh.report);
    expect(market.report).toMatch(/4\.2 billion|North America/);
    expect(zh.report).toMatch(/[\u4e00-\u9fff]/);
    expect(new Set(citedIds(market.report))).not.toEqual(new Set(citedIds(zh.report)));
  });

  it("asks instead of guessing when the goal is too vague", async () => {
    const { state } = await research("help me");
    expect(state.status).toBe("waiting");
    expect(Object.values(state.questions)[0]?.origin).toBe("clarify");
  });

  it("resumed after any event, ends exactly where the uninterrupted run ended", async () => {
    const goal = "Which agent framework handles tool failures best?";
    const full = await research(goal);
    expect(full.state.status).toBe("succeeded");
    const strip = (s: RunState) => ({
      ...s,
      updatedAt: 0,
      readDocuments: [...s.readDocuments].sort(),
      recentCalls: [],
    });
    for (let k = 1; k < full.events.length; k += 1) {
      const events = full.events.slice(0, k);
      // The run's workspace outlives a crash, like its events.
      const resumed = await drive(resumeRun(deps(events, full.workspace), events));
      expect(strip(resumed), `resumed after seq ${k - 1}`).toEqual(strip(full.state));
    }
  }, 120_000);
});
