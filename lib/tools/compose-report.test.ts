import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ComposeReportData, composeReportTool } from "./compose-report";
import { makeContext, runTool, toolErrorOf } from "./test-support";

const READ = ["px-market-overview-2025", "ev-battery-costs-2024", "hostile-note"];

const input = {
  title: "Market <b>brief</b>",
  summary: "Two markets compared.",
  sections: [
    {
      heading: "Size",
      paragraphs: [
        { text: "Project X is worth USD 4.2 billion.", citations: ["px-market-overview-2025"] },
        {
          text: "A vendor claims more <script>alert(1)</script>.",
          citations: ["hostile-note", "px-market-overview-2025"],
        },
      ],
    },
    {
      heading: "Costs",
      paragraphs: [{ text: "Packs cost USD 115 per kWh. [doc:ev-battery-costs-2024]", citations: [] }],
    },
  ],
  table: {
    caption: "Key numbers",
    columns: ["Metric", "Value"],
    rows: [
      { cells: ["Project X market | 2025", "USD 4.2 billion"], citations: ["px-market-overview-2025"] },
      { cells: ["Pack cost", "USD 115/kWh"], citations: ["ev-battery-costs-2024"] },
    ],
  },
};

describe("compose_report tool", () => {
  it("numbers citations by first use and lists the sources in that order", async () => {
    const ctx = await makeContext(READ);
    const out = await runTool(composeReportTool, input, ctx);
    const data = out.data as ComposeReportData;
    expect(data.citations).toEqual(["px-market-overview-2025", "hostile-note", "ev-battery-costs-2024"]);
    expect(data.sections).toBe(2);
    expect(data.path).toBe("report.md");
    const md = data.markdown;
    expect(md.startsWith("# Market \\<b\\>brief\\</b\\>\n\nTwo markets compared.\n\n## Size\n\n")).toBe(true);
    expect(md).toContain("Project X is worth USD 4.2 billion. [1]");
    expect(md).toContain("[2][1]");
    expect(md).toContain("Packs cost USD 115 per kWh. [3]");
    expect(md).not.toContain("[doc:");
    expect(md).toContain("| Metric | Value | Sources |");
    expect(md).toContain("| Project X market \\| 2025 | USD 4.2 billion | [1] |");
    const sources = md.slice(md.indexOf("## Sources"));
    expect(sources).toContain(
      "[1] Project X market overview 2025 — Halden Research (fictional analyst note) (2025-03-14) (`px-market-overview-2025`)",
    );
    expect(sources.indexOf("[2]")).toBeLessThan(sources.indexOf("[3] Electric vehicle battery costs 2024"));
    expect(await readFile(path.join(ctx.workspace.root, "report.md"), "utf8")).toBe(md);
    expect(data.wordCount).toBeGreaterThan(20);
    expect(out.confidence).toBe(1);
  });

  it("never emits document or model HTML raw", async () => {
    const out = await runTool(composeReportTool, input, await makeContext(READ));
    const md = (out.data as ComposeReportData).markdown;
    expect(md).not.toMatch(/(?<!\\)<(?:script|img|b>)/i);
    expect(md).toContain("Vendor note \\<script\\>");
    expect(md).toContain("\\<img src=x onerror=alert(1)\\>");
  });

  it("does not follow citations written inside a cited document", async () => {
    const out = await runTool(composeReportTool, input, await makeContext(READ));
    expect((out.data as ComposeReportData).citations).not.toContain("secret-doc");
  });

  it("refuses unread citations and writes nothing", async () => {
    const ctx = await makeContext(["px-market-overview-2025"]);
    const error = await toolErrorOf(runTool(composeReportTool, input, ctx));
    expect(error.code).toBe("not_read");
    expect(error.message).toContain('"hostile-note"');
    expect((await toolErrorOf(ctx.workspace.read("report.md"))).code).toBe("not_found");
  });

  it("refuses unknown citations as not_found", async () => {
    const ctx = await makeContext(READ);
    const bad = {
      ...input,
      sections: [{ heading: "X", paragraphs: [{ text: "Y", citations: ["invented"] }] }],
    };
    expect((await toolErrorOf(runTool(composeReportTool, bad, ctx))).code).toBe("not_found");
  });

  it("omits table and sources when absent, writes to a chosen path, and lowers confidence for uncited prose", async () => {
    const ctx = await makeContext(READ);
    const out = await runTool(
      composeReportTool,
      {
        title: "Bare",
        sections: [{ heading: "Only", paragraphs: [{ text: "Unsupported claim." }] }],
        path: "out/bare.md",
      },
      ctx,
    );
    const data = out.data as ComposeReportData;
    expect(data.markdown).toBe("# Bare\n\n## Only\n\nUnsupported claim.\n");
    expect(data.path).toBe("out/bare.md");
    expect(out.confidence).toBe(0);
  });

  it("rejects table rows whose cell count does not match the columns", () => {
    const bad = { ...input, table: { ...input.table, rows: [{ cells: ["only one"], citations: [] }] } };
    expect(composeReportTool.input.safeParse(bad).success).toBe(false);
  });

  it("lists the steps the run went on without under Assumptions and gaps, before the sources", async () => {
    const ctx = {
      ...(await makeContext(READ)),
      leftOut: [{ title: "Calculate the <b>gap</b>", why: "the sources read give no input for it" }],
    };
    const md = ((await runTool(composeReportTool, input, ctx)).data as ComposeReportData).markdown;
    const gaps = md.indexOf("## Assumptions and gaps");
    expect(gaps).toBeGreaterThan(md.indexOf("**Key numbers**"));
    expect(gaps).toBeLessThan(md.indexOf("## Sources"));
    expect(md).toMatch(/- Not done: Calculate the .*gap.* \(the sources read give no input for it\)/);
    expect(md).not.toContain("<b>gap");
    const zh = { ...input, title: "Project X 市场概况", summary: "两个市场的对比。" };
    const zhMd = ((await runTool(composeReportTool, zh, ctx)).data as ComposeReportData).markdown;
    expect(zhMd).toContain("## 假设与缺口");
    expect(zhMd).toContain("- 未完成：");
  });
});
