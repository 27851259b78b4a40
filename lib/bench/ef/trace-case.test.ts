import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { defaultLibraryDir, loadLibraryFromDir } from "../../tools/library/document-library";
import { demoDocuments } from "./run-case";
import { loadScenarios } from "./scenario";
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
    const blind = await traceCase(scenario, "no-monitor", 1, demo);
    expect(blind).toMatch(/verdict: FAILED — minefield hit: states the garbled market size/);
  });
});
