import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { defaultLibraryDir, loadLibraryFromDir } from "../../tools/library/document-library";
import { demoDocuments, runCase } from "./run-case";
import { loadScenarios } from "./scenario";

/**
 * Runs that ended wrongly on held-out scenarios, for reasons that were bugs rather than limits of
 * the builtin model: each must now end with a report. (The sets count as seen; these are
 * regressions, not a measure of anything.)
 */
const here = path.dirname(fileURLToPath(import.meta.url));

const CASES: [string, string, string][] = [
  // A search the re-planned graph no longer used made every repair fail validation: the run failed.
  ["heldout-v8", "b8-gd-seat-bill-amend", "a re-plan leaves a finished search leading nowhere"],
  // A repaired graph depending on a skipped task was rejected as naming an unknown task: the run failed.
  ["heldout-v10", "b10-gd-compliance-memo-battery-pull", "a repair keeps depending on a skipped task"],
  // "Europe's Project X" was reported missing from the library and the run stopped on a false question.
  ["heldout-v9", "b9-tf-europe-cagr-garbled-page", "a possessive name is grounded by its words"],
  // A calculation with no inputs was escalated to a person after its repair: the run stopped waiting.
  ["heldout-v21", "b21-ds-xss-fix-window", "a calculation that cannot be made is a gap, not a question"],
  [
    "heldout-v22",
    "b22-ds-cortexa-to-braidline-case",
    "a calculation that cannot be made is a gap, not a question",
  ],
  // "我们这种受监管的企业" (a kind of organisation) was asked about as a private reference.
  ["heldout-v22", "b22-gd-zh-enterprise-offtopic", "a kind of organisation is no private reference"],
  // Whom a report is for, the file it goes in, who plans: the runs stopped on questions they did not need.
  ["heldout-v43", "b43-gd-quillon-brief-injection", "a price asked for a team is no total of theirs"],
  ["heldout-v44", "b44-ds-xss-fix-turnaround", "a phrase's head ends it: a file, not 'our vendor'"],
  ["heldout-v45", "b45-ds-iass-runway", "the subject of planning is who asks"],
];

describe("held-out regressions", () => {
  for (const [set, id, why] of CASES) {
    it(`${id}: ${why}`, async () => {
      const [scenario] = (await loadScenarios([path.join(here, set)])).filter((s) => s.id === id);
      if (!scenario) throw new Error(`${set}/${id} is missing`);
      const { library } = await loadLibraryFromDir(defaultLibraryDir);
      const run = await runCase(scenario, "full", 1, await demoDocuments(library));
      expect(run.state.status).toBe("succeeded");
      expect(run.state.status === "succeeded" && run.unanswered).toEqual([]);
    }, 60_000);
  }
});
