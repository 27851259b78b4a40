import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import type { RunEvent } from "@/lib/agent/events";
import { createRun, drive } from "@/lib/agent/loop";
import { seededRandom } from "@/lib/agent/runtime";
import { fakeClock } from "@/lib/agent/testing/harness";
import { BuiltinModel } from "@/lib/llm/builtin/builtin-model";
import { researchTools } from "@/lib/tools";
import {
  type DocumentLibrary,
  defaultLibraryDir,
  loadLibraryFromDir,
} from "@/lib/tools/library/document-library";
import { toolRegistry } from "@/lib/tools/tool";
import { Workspace } from "@/lib/tools/workspace";
import { DbLibrary, seedLibraryIfEmpty } from "./library";
import { describeOnEachDatabase } from "./test-databases";

/**
 * What a run did per task, without ids and times: the part two entry points must agree on (tasks
 * of one batch run concurrently, so only each task's own order is fixed).
 */
async function trajectory(goal: string, library: DocumentLibrary): Promise<Record<string, string[]>> {
  const events: RunEvent[] = [];
  const ctx = await createRun(
    {
      model: new BuiltinModel(),
      tools: toolRegistry(researchTools()),
      library,
      workspace: new Workspace(mkdtempSync(path.join(tmpdir(), "parity-"))),
      clock: fakeClock(),
      random: seededRandom(3),
      sink: { append: (e) => void events.push(e) },
    },
    { runId: "parity", goal },
  );
  await drive(ctx);
  const byTask: Record<string, string[]> = {};
  const add = (key: string, line: string) => {
    byTask[key] = [...(byTask[key] ?? []), line];
  };
  for (const e of events) {
    if (e.type === "tool.returned") add(e.taskId, e.result.summary);
    if (e.type === "decision") add(e.taskId ?? "run", `${e.kind} ${e.trigger}`);
    if (e.type === "question.asked") add(e.taskId ?? "run", `asked ${e.prompt}`);
    if (e.type === "run.finished" || e.type === "run.failed") add("run", e.type);
  }
  return byTask;
}

describeOnEachDatabase("one goal, one library: the same run from the CLI and from the app", (db) => {
  const goals = [
    "Project X 在制造业的采用情况",
    "Compare Loomwork and Relaywright for enterprise use",
    "Project X market size and growth in 2025, with a table",
  ];
  it.each(goals)(
    "%s",
    async (goal) => {
      await seedLibraryIfEmpty(db().db);
      const cli = (await loadLibraryFromDir(defaultLibraryDir)).library;
      const app = new DbLibrary(db().db);
      const fromCli = await trajectory(goal, cli);
      expect(fromCli.run?.at(-1)).toBe("run.finished");
      expect(await trajectory(goal, app)).toEqual(fromCli);
    },
    60_000,
  );
});
