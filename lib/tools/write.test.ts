import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeContext, runTool, toolErrorOf } from "./test-support";
import { type WriteData, writeTool } from "./write";

describe("write tool", () => {
  it("writes into the run's workspace and reports bytes", async () => {
    const ctx = await makeContext();
    const out = await runTool(writeTool, { path: "notes/plan.md", content: "# Plan\n市场" }, ctx);
    expect(out.data as WriteData).toEqual({ path: "notes/plan.md", bytes: 13 });
    expect(await readFile(path.join(ctx.workspace.root, "notes/plan.md"), "utf8")).toBe("# Plan\n市场");
  });

  it.each(["../x", "/etc/passwd", "a/../../x", "a\0b"])("refuses %s", async (p) => {
    const ctx = await makeContext();
    expect((await toolErrorOf(runTool(writeTool, { path: p, content: "x" }, ctx))).code).toBe("forbidden");
  });
});
