import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunEvent } from "../../agent/events";
import { createRun, drive } from "../../agent/loop";
import { seededRandom } from "../../agent/runtime";
import { fakeClock } from "../../agent/testing/harness";
import { researchTools } from "../../tools";
import {
  type DocumentLibrary,
  defaultLibraryDir,
  loadLibraryFromDir,
} from "../../tools/library/document-library";
import { toolRegistry } from "../../tools/tool";
import { Workspace } from "../../tools/workspace";
import { BuiltinModel } from "./builtin-model";

/** The builtin model driving the real agent loop over the demo library, as the app runs it. */
describe("a run with the builtin model", () => {
  let library: DocumentLibrary;
  beforeAll(async () => {
    library = (await loadLibraryFromDir(defaultLibraryDir)).library;
  });

  async function run(goal: string, clock = fakeClock()) {
    const events: RunEvent[] = [];
    const ctx = await createRun(
      {
        model: new BuiltinModel(),
        tools: toolRegistry(researchTools()),
        library,
        workspace: new Workspace(mkdtempSync(path.join(tmpdir(), "builtin-loop-"))),
        clock,
        random: seededRandom(7),
        sink: { append: (e) => void events.push(e) },
      },
      { runId: "run-builtin", goal },
    );
    return { state: await drive(ctx), events, ctx };
  }

  it("finishes a comparison with a report that cites only documents it read", async () => {
    const { state } = await run("Compare Loomwork and Relaywright on task success and cost");
    expect(state.status).toBe("succeeded");
    const report = Object.values(state.artifacts).find(
      (a) => typeof (a.data as { markdown?: unknown }).markdown === "string",
    );
    const data = report?.data as { markdown: string; citations: string[] };
    expect(data.markdown).toMatch(/## Loomwork[\s\S]*## Relaywright[\s\S]*## Sources/);
    expect(data.citations.length).toBeGreaterThanOrEqual(2);
    expect(data.citations.every((id) => state.readDocuments.includes(id))).toBe(true);
  });

  it("asks a person when the library has nothing on a compared entity", async () => {
    const { state, events } = await run("Compare Loomwork and Zephyrix on cost");
    expect(state.status).toBe("waiting");
    const asked = events
      .filter((e) => e.type === "question.asked")
      .map((e) => (e as { prompt: string }).prompt);
    // Asked before anything is planned or searched: no document in the index names it.
    expect(asked).toEqual([
      'No document in the library mentions Zephyrix. What should the report use for it (figures, facts, or a source to add)? Answer "none" to go on without it. Without an answer by the deadline, the run stops without a report.',
    ]);
    expect(events.some((e) => e.type === "tool.called")).toBe(false);
  });

  it("asks aside about a thing of the requester's that the request leaves unsaid, and does not wait", async () => {
    const { state, events } = await run(
      "Project X list prices per vendor in 2025, and what they mean for our rollout plan.",
    );
    const asked = events.filter((e) => e.type === "question.asked") as {
      prompt: string;
      blocking?: boolean;
    }[];
    expect(asked).toHaveLength(1);
    expect(asked[0]?.prompt).toMatch(/^The goal mentions "our rollout plan", which only you know/);
    expect(asked[0]?.blocking).toBe(false);
    expect(state.status, state.outcome?.reason).toBe("succeeded");
  });

  it("does not wait on a place the request only sets its subject in: the report states the gap", async () => {
    const { state, events } = await run(
      "What is the Project X market size in 2025, and how big is it in Patagonia?",
    );
    expect(events.some((e) => e.type === "question.asked")).toBe(false);
    expect(state.status).toBe("succeeded");
    expect(state.spec?.constraints).toContain("Not in the library: Patagonia");
  });
});
