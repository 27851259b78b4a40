import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { defaultLibraryDir, loadLibraryFromDir } from "../../tools/library/document-library";
import { evaluateCase } from "./evaluate-case";
import { demoDocuments } from "./run-case";
import { BenchFault, loadScenarios } from "./scenario";
import { traceCase } from "./trace-case";

const here = path.dirname(fileURLToPath(import.meta.url));

describe("traceCase", () => {
  it("prints the timeline, the environment's incidents and the verdict of one case", async () => {
    const [scenario] = await loadScenarios([path.join(here, "scenarios", "tf-corrupt-figure.json")]);
    if (!scenario) throw new Error("scenario missing");
    const demo = await demoDocuments((await loadLibraryFromDir(defaultLibraryDir)).library);
    const full = await traceCase(scenario, "full", 1, demo);
    expect(full).toContain("tf-corrupt-figure × full × seed 1");
    expect(full).toMatch(/→ retry \(inconsistent_source\)/);
    expect(full).toContain("fault #0 corrupt on extract");
    expect(full).toMatch(/verdict: success/);
    expect(full).toMatch(/\nreport:\n {2}\| # Project X/);
    expect(full).toMatch(/ {2}\| .*USD 4\.2 billion/);
    expect(full).not.toContain("never fired");
    const blind = await traceCase(scenario, "no-monitor", 1, demo);
    expect(blind).toMatch(/verdict: FAILED — minefield hit: states the garbled market size/);
  });

  it("names the faults that never fired, and says so when there is no report", async () => {
    const [scenario] = await loadScenarios([path.join(here, "scenarios", "mi-missing-fact-silent.json")]);
    if (!scenario) throw new Error("scenario missing");
    const demo = await demoDocuments((await loadLibraryFromDir(defaultLibraryDir)).library);
    // A fault on a call no run of this length makes: valid, but it never fires.
    const never = {
      ...scenario,
      faults: [
        ...scenario.faults,
        BenchFault.parse({ tool: "search", match: { nth: 60 }, kind: "transient" }),
      ],
    };
    const out = await traceCase(never, "full", 1, demo);
    expect(out).toContain(`faults never fired: #${scenario.faults.length} transient on search (nth 60)`);
    expect(out).toMatch(/\nreport: none$/);
    const evaluated = await evaluateCase(never, "full", 1, demo);
    expect(evaluated.result.unfiredFaults).toEqual([
      `#${scenario.faults.length} transient on search (nth 60)`,
    ]);
  });
});
