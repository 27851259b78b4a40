import { describe, expect, it } from "vitest";
import { evaluateChecklist, requestedItems } from "./checklist";

const spec = {
  deliverable: "A cited comparison report",
  audience: "analysts",
  constraints: [
    "Format: table",
    "Sources: cite at least 3 documents that were read",
    "Derived figures: difference",
  ],
  acceptanceCriteria: ["Cites at least 3 documents that were read"],
  topics: ["Loomwork", "Relaywright", "task success rate", "pricing"],
  compare: true,
};

const report = `# Loomwork vs Relaywright: task success rate and pricing

Compares Loomwork and Relaywright on task success rate and pricing.

## Loomwork

Loomwork completed 81% of long tasks. [1]

## Relaywright

Relaywright completed 74% of long tasks. [2]

## Pricing

None of the documents read says anything specific about pricing; this section needs another source.

## Derived figures

- Gap: Loomwork task success rate vs Relaywright task success rate: 7 percentage points (calculated: 81% − 74% = 7 percentage points) [1][2]

## Sources

[1] A
[2] B
`;

describe("the requested-items checklist", () => {
  it("lists topics, formats, sources and derived figures from the spec", () => {
    expect(requestedItems(spec).map((i) => `${i.kind}:${i.text}`)).toEqual([
      "topic:Loomwork",
      "topic:Relaywright",
      "topic:task success rate",
      "topic:pricing",
      "format:table",
      "sources:3 sources",
      "derived:difference",
    ]);
  });

  it("marks each item covered by a cited line, stated as a gap, or missing — never by the title alone", () => {
    const byText = Object.fromEntries(
      evaluateChecklist(requestedItems(spec), report).map((r) => [r.text, r]),
    );
    expect(byText.Loomwork?.status).toBe("covered");
    expect(byText["task success rate"]?.status).toBe("covered");
    expect(byText.pricing?.status).toBe("gap_stated");
    expect(byText.table?.status).toBe("missing");
    expect(byText["3 sources"]).toMatchObject({
      status: "missing",
      evidence: "2 sources cited, 3 asked for",
    });
    expect(byText.difference?.status).toBe("covered");
    const titleOnly = evaluateChecklist(
      [{ id: "t", kind: "topic", text: "market size" }],
      "# Market size\n\nNothing.\n",
    );
    expect(titleOnly[0]?.status).toBe("missing");
  });
});
