import { describe, expect, it } from "vitest";
import { type CheckCitationsData, checkCitationsTool, scanDraft } from "./check-citations";
import { makeContext, runTool, toolErrorOf } from "./test-support";

const DRAFT = `# Market draft

An intro under the title, uncited.

## Size
Project X is worth USD 4.2 billion [doc:px-market-overview-2025].

## Batteries
Packs cost USD 115 per kWh.[doc:ev-battery-costs-2024] Again [doc:px-market-overview-2025].

## Outlook
No source here.

\`\`\`
## Not a heading [doc:in-code]
\`\`\`

## Sources
- Project X overview
`;

describe("scanDraft", () => {
  it("finds citations in order of first use and sections without any", () => {
    const { citations, uncitedSections } = scanDraft(DRAFT);
    expect(citations).toEqual(["px-market-overview-2025", "ev-battery-costs-2024"]);
    expect(uncitedSections).toEqual(["Market draft", "Outlook"]);
  });

  it("asks no citation of a line saying what the documents read do not state", () => {
    const draft =
      "# R\n\n## Not found in the sources read\n\nUptime SLA: not found in the documents read for Relaywright (searched: «uptime»).\n\n## Outlook\n\nGrowth will slow.\n";
    expect(scanDraft(draft).uncitedSections).toEqual(["Outlook"]);
  });
});

describe("check_citations tool", () => {
  it("passes a draft whose citations were all read, listing uncited sections", async () => {
    const ctx = await makeContext(["px-market-overview-2025", "ev-battery-costs-2024"]);
    await ctx.workspace.write("draft.md", DRAFT);
    const out = await runTool(checkCitationsTool, { path: "draft.md" }, ctx);
    expect(out.data as CheckCitationsData).toEqual({
      path: "draft.md",
      citations: ["px-market-overview-2025", "ev-battery-costs-2024"],
      unread: [],
      unknown: [],
      uncitedSections: ["Market draft", "Outlook"],
    });
    expect(out.summary).toContain("Outlook");
    expect(out.confidence).toBeLessThan(1);
  });

  it("fails with not_read, naming unread and unknown ids", async () => {
    const ctx = await makeContext(["px-market-overview-2025"]);
    await ctx.workspace.write("draft.md", `${DRAFT}\nLate addition [doc:invented-doc].\n`);
    const error = await toolErrorOf(runTool(checkCitationsTool, { path: "draft.md" }, ctx));
    expect(error.code).toBe("not_read");
    expect(error.message).toContain('unknown: "invented-doc"');
    expect(error.message).toContain('not read in this run: "ev-battery-costs-2024"');
  });

  it("reports a missing draft as not_found and an escaping path as forbidden", async () => {
    const ctx = await makeContext();
    expect((await toolErrorOf(runTool(checkCitationsTool, { path: "nope.md" }, ctx))).code).toBe("not_found");
    expect((await toolErrorOf(runTool(checkCitationsTool, { path: "../x.md" }, ctx))).code).toBe("forbidden");
  });
});
