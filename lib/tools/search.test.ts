import { describe, expect, it } from "vitest";
import type { SearchData } from "./search";
import { searchTool } from "./search";
import { makeContext, runTool } from "./test-support";

describe("search tool", () => {
  it("returns ranked hits with a summary naming them", async () => {
    const ctx = await makeContext();
    const out = await runTool(searchTool, { query: "battery pack cost" }, ctx);
    const data = out.data as SearchData;
    expect(data.query).toBe("battery pack cost");
    expect(data.results[0]?.docId).toBe("ev-battery-costs-2024");
    expect(out.summary).toBe("1 document for «battery pack cost»: «Electric vehicle battery costs 2024».");
    expect(out.confidence).toBeGreaterThan(0.5);
  });

  it("finds Chinese documents for Chinese queries", async () => {
    const out = await runTool(searchTool, { query: "制造业 采用" }, await makeContext());
    expect((out.data as SearchData).results[0]?.docId).toBe("cn-manufacturing-ai-2025");
  });

  it("treats no hits as a successful, zero-confidence answer", async () => {
    const out = await runTool(searchTool, { query: "zeppelin airships" }, await makeContext());
    expect((out.data as SearchData).results).toEqual([]);
    expect(out.confidence).toBe(0);
    expect(out.summary).toContain("No documents");
  });

  it("applies exclude and limit, defaulting to 5", async () => {
    const ctx = await makeContext();
    const out = await runTool(
      searchTool,
      { query: "market size", exclude: ["px-market-overview-2025"], limit: 1 },
      ctx,
    );
    const ids = (out.data as SearchData).results.map((r) => r.docId);
    expect(ids).toEqual(["hostile-note"]);
    expect(searchTool.input.parse({ query: "x" })).toMatchObject({ limit: 5, exclude: [] });
  });

  it("rejects empty, overlong and out-of-range input", () => {
    expect(searchTool.input.safeParse({ query: "  " }).success).toBe(false);
    expect(searchTool.input.safeParse({ query: "x".repeat(301) }).success).toBe(false);
    expect(searchTool.input.safeParse({ query: "x", limit: 21 }).success).toBe(false);
  });
});
