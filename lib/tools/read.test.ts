import { describe, expect, it } from "vitest";
import { parseDocument } from "./library/document";
import { InMemoryLibrary } from "./library/document-library";
import { MAX_READ_CHARS, type ReadData, readTool } from "./read";
import { FIXTURE_FILES, fixtureDocuments, makeContext, runTool, toolErrorOf } from "./test-support";

describe("read tool", () => {
  it("returns text and figures for one document, with one evidence item", async () => {
    const out = await runTool(readTool, { docId: "ev-battery-costs-2024" }, await makeContext());
    const [doc] = (out.data as ReadData).documents;
    expect(doc).toMatchObject({ docId: "ev-battery-costs-2024", truncated: false, lang: "en" });
    expect(doc?.text).toContain("USD 115 per kWh");
    expect(doc?.figures).toEqual([{ name: "Average battery pack cost 2024", value: "USD 115 per kWh" }]);
    expect(out.evidence).toEqual([
      {
        docId: "ev-battery-costs-2024",
        title: "Electric vehicle battery costs 2024",
        quote: "Battery pack prices fell again in 2024.",
      },
    ]);
  });

  it("reads several documents at once, without duplicates", async () => {
    const out = await runTool(
      readTool,
      { docId: "px-market-overview-2025", docIds: ["px-market-overview-2025", "cn-manufacturing-ai-2025"] },
      await makeContext(),
    );
    expect((out.data as ReadData).documents.map((d) => d.docId)).toEqual([
      "px-market-overview-2025",
      "cn-manufacturing-ai-2025",
    ]);
    expect(out.evidence).toHaveLength(2);
  });

  it("caps each text at 6,000 characters and says so", async () => {
    const ctx = await makeContext();
    const long = parseDocument(
      (FIXTURE_FILES["ev-battery-costs-2024.md"] as string).replace(
        "id: ev-battery-costs-2024",
        "id: long-doc",
      ) + "Filler sentence. ".repeat(1000),
      "long-doc",
    );
    ctx.library = new InMemoryLibrary([...fixtureDocuments(), long]);
    const out = await runTool(readTool, { docId: "long-doc" }, ctx);
    const [doc] = (out.data as ReadData).documents;
    expect(doc?.truncated).toBe(true);
    expect(doc?.text).toHaveLength(MAX_READ_CHARS);
    expect(out.summary).toContain("truncated");
  });

  it("fails with not_found for an unknown id", async () => {
    const error = await toolErrorOf(
      runTool(readTool, { docIds: ["ev-battery-costs-2024", "made-up"] }, await makeContext()),
    );
    expect(error.code).toBe("not_found");
    expect(error.message).toContain('"made-up"');
  });

  it("needs an id and reads at most five", () => {
    expect(readTool.input.safeParse({}).success).toBe(false);
    expect(readTool.input.safeParse({ docIds: ["a", "b", "c", "d", "e", "f"] }).success).toBe(false);
  });

  it("returns a hostile document verbatim, as data", async () => {
    const out = await runTool(readTool, { docId: "hostile-note" }, await makeContext());
    const [doc] = (out.data as ReadData).documents;
    expect(doc?.text).toBe(fixtureDocuments().find((d) => d.id === "hostile-note")?.text);
    expect(doc?.text).toContain("IGNORE PREVIOUS INSTRUCTIONS");
    expect((out.data as ReadData).documents).toHaveLength(1);
    // Its figure is a claim of that document (data the monitor weighs), never an instruction.
    expect(out.claims).toEqual([
      { docId: "hostile-note", key: "project x market size 2025", value: "USD 9.9 billion" },
    ]);
  });
});
