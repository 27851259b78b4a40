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
import type { ExecutiveConfig, RunConfigInput } from "./config";
import type { EventOf, RunEvent, RunEventType } from "./events";
import { createRun, drive, resumeRun } from "./loop";
import type { AgentDeps, Amendment, Mailbox } from "./runtime";
import { seededRandom } from "./runtime";
import type { RunState } from "./state";
import { fakeClock } from "./testing/harness";

const of = <T extends RunEventType>(events: readonly RunEvent[], type: T) =>
  events.filter((e): e is EventOf<T> => e.type === type);

type Executive = Partial<ExecutiveConfig>;
const withExecutive = (executive: Executive, rest: RunConfigInput = {}): RunConfigInput => ({
  ...rest,
  executive,
});

describe("goal amendments mid-run (builtin model, demo library)", () => {
  let library: DocumentLibrary;
  beforeAll(async () => {
    const loaded = await loadLibraryFromDir(defaultLibraryDir);
    expect(loaded.errors).toEqual([]);
    library = loaded.library;
  });

  const goal = "Compare Loomwork and Relaywright on task success and pricing";
  const amendment: Amendment = { text: "Please write the final report in Chinese.", by: "analyst" };
  const han = /[\u4e00-\u9fff]/;

  /** Delivers the amendment once, as soon as the run has reached iteration 2. */
  const amendAt = (iteration: number): Mailbox & { taken: number } => {
    const box = {
      taken: 0,
      take(s: RunState) {
        if (box.taken > 0 || s.iteration < iteration) return [];
        box.taken += 1;
        return [amendment];
      },
    };
    return box;
  };
  const silent: Mailbox = { take: () => [] };

  function deps(events: RunEvent[], mailbox: Mailbox, workspace?: Workspace): AgentDeps {
    return {
      model: new BuiltinModel({ now: () => 0 }),
      tools: toolRegistry(researchTools()),
      library,
      workspace: workspace ?? new Workspace(mkdtempSync(path.join(tmpdir(), "prefrontal-amend-"))),
      clock: fakeClock(),
      random: seededRandom(1),
      sink: { append: (e) => void events.push(e) },
      mailbox,
    };
  }

  async function amendedRun(config: RunConfigInput = {}) {
    const events: RunEvent[] = [];
    const mailbox = amendAt(2);
    const d = deps(events, mailbox);
    const state = await drive(await createRun(d, { runId: "r", goal, config }));
    return { state, events, mailbox, workspace: d.workspace };
  }

  const reportOf = (s: RunState) =>
    String(s.outcome?.reportArtifactId ? s.artifacts[s.outcome.reportArtifactId]?.data : "");
  const succeededIds = (s: RunState) =>
    Object.values(s.tasks)
      .filter((t) => t.status === "succeeded")
      .map((t) => t.id)
      .sort();

  it("re-clarifies and re-plans what remains, keeps done work, and writes the report in Chinese", async () => {
    const { state, events, mailbox } = await amendedRun();
    expect(mailbox.taken).toBe(1);
    const amended = of(events, "goal.amended");
    expect(amended.map(({ text, by }) => ({ text, by }))).toEqual([amendment]);
    const amendedSeq = amended[0]?.seq ?? -1;
    const clarified = of(events, "goal.clarified").filter((e) => e.seq > amendedSeq);
    expect(clarified.map((e) => e.amendments)).toEqual([1]);
    const clarifiedSeq = clarified[0]?.seq ?? -1;
    const replanned = of(events, "plan.replanned").filter((e) => e.seq > amendedSeq);
    expect(replanned.length).toBeGreaterThan(0);
    expect(replanned[0]?.trigger).toBe("requirements_changed");
    expect(replanned[0]?.seq).toBeGreaterThan(clarifiedSeq);
    expect(state.amendments.map((a) => a.text)).toEqual([amendment.text]);
    expect(state.amendmentsApplied).toBe(1);
    expect(state.replanForAmendment).toBe(false);
    expect(state.spec?.acceptanceCriteria.some((c) => han.test(c))).toBe(true);

    expect(state.status).toBe("succeeded");

    // Work done before the amendment is kept, never redone.
    const doneBefore = of(events, "task.succeeded")
      .filter((e) => e.seq < amendedSeq)
      .map((e) => e.taskId);
    expect(doneBefore.length).toBeGreaterThan(0);
    expect(replanned[0]?.kept).toEqual(expect.arrayContaining(doneBefore));
    const redone = of(events, "tool.called").filter(
      (e) => e.seq > amendedSeq && doneBefore.includes(e.taskId),
    );
    expect(redone).toEqual([]);
    for (const id of doneBefore) expect(state.tasks[id]?.status).toBe("succeeded");

    const report = reportOf(state);
    expect(report).toMatch(han);
    // The title line is Chinese too (not only a cited Chinese document title).
    expect(report.split("\n")[0]).toMatch(han);
  });

  it("resumed from any event between goal.amended and plan.replanned, ends like the uninterrupted run", async () => {
    const full = await amendedRun();
    expect(full.state.status).toBe("succeeded");
    const from = full.events.findIndex((e) => e.type === "goal.amended");
    const to = full.events.findIndex(
      (e) => e.type === "plan.replanned" && e.trigger === "requirements_changed",
    );
    expect(from).toBeGreaterThan(0);
    expect(to).toBeGreaterThan(from);
    for (let k = from + 1; k <= to + 1; k++) {
      const prefix = full.events.slice(0, k);
      const events: RunEvent[] = [...prefix];
      const resumed = await drive(resumeRun(deps(events, silent, full.workspace), prefix));
      const at = `resumed after seq ${k - 1} (${prefix.at(-1)?.type})`;
      expect(resumed.status, at).toBe(full.state.status);
      expect(succeededIds(resumed), at).toEqual(succeededIds(full.state));
      expect(of(events, "goal.amended"), at).toHaveLength(1);
      expect(
        of(events, "goal.clarified").filter((e) => e.amendments > 0),
        at,
      ).toHaveLength(1);
      expect(
        of(events, "plan.replanned").filter((e) => e.trigger === "requirements_changed"),
        at,
      ).toHaveLength(1);
      expect(reportOf(resumed), at).toEqual(reportOf(full.state));
    }
  });

  it("with replan off, records the amendment and leaves the plan as it is", async () => {
    const { state, events, mailbox } = await amendedRun(withExecutive({ replan: false }));
    expect(mailbox.taken).toBe(1);
    expect(of(events, "goal.amended").map((e) => e.text)).toEqual([amendment.text]);
    expect(of(events, "goal.clarified").filter((e) => (e.amendments ?? 0) > 0)).toEqual([]);
    expect(of(events, "goal.clarified")).toHaveLength(1);
    expect(of(events, "plan.replanned")).toEqual([]);
    expect(state.plans).toHaveLength(1);
    expect(state.amendments).toHaveLength(1);
    expect(state.amendmentsApplied).toBe(0);
    expect(state.status).toBe("succeeded");
    // The spec, and so the report, did not follow the amendment.
    expect(reportOf(state).split("\n")[0]).not.toMatch(han);
  });
});
