import { describe, expect, it } from "vitest";
import { z } from "zod";
import { researchToolSummaries, researchTools } from "./index";

describe("researchTools", () => {
  it("offers each tool once, with a description and a timeout", () => {
    const tools = researchTools();
    expect(tools.map((t) => t.name)).toEqual([
      "search",
      "read",
      "extract",
      "calculate",
      "write",
      "check_citations",
      "compose_report",
      "ask_user",
    ]);
    for (const tool of tools) {
      expect(tool.description.length).toBeGreaterThan(40);
      expect(tool.timeoutMs).toBeGreaterThan(0);
    }
    expect(researchToolSummaries()[0]).toEqual({ name: "search", description: tools[0]?.description });
  });

  it("has inputs a model API can be given as JSON Schema", () => {
    for (const tool of researchTools()) {
      const schema = z.toJSONSchema(tool.input, { io: "input" }) as { type?: string };
      expect(schema.type, tool.name).toBe("object");
    }
  });
});
