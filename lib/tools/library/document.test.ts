import { describe, expect, it } from "vitest";
import { FIXTURE_FILES } from "../test-support";
import { DocumentParseError, parseDocument, parseFigures, parseUpload } from "./document";

const valid = FIXTURE_FILES["px-market-overview-2025.md"] as string;

function parseError(text: string): DocumentParseError {
  try {
    parseDocument(text, "fallback");
  } catch (error) {
    if (error instanceof DocumentParseError) return error;
    throw error;
  }
  throw new Error("expected a DocumentParseError");
}

describe("parseDocument", () => {
  it("reads frontmatter, body and key figures", () => {
    const doc = parseDocument(valid, "fallback");
    expect(doc).toMatchObject({
      id: "px-market-overview-2025",
      title: "Project X market overview 2025",
      lang: "en",
      tags: ["project-x", "market"],
      published: "2025-03-14",
      source: "Halden Research (fictional analyst note)",
    });
    expect(doc.text.startsWith("# Project X market overview 2025")).toBe(true);
    expect(doc.text).not.toContain("published:");
    expect(doc.figures).toEqual([
      { name: "Project X market size 2025", value: "USD 4.2 billion" },
      { name: "Project X market growth 2024-2025", value: "20%" },
    ]);
  });

  it("reads Chinese key figures with full-width colons", () => {
    const doc = parseDocument(FIXTURE_FILES["cn-manufacturing-ai-2025.md"] as string, "x");
    expect(doc.lang).toBe("zh");
    expect(doc.figures).toContainEqual({ name: "制造业人工智能采用率 2025", value: "37%" });
  });

  it("uses the fallback id, quoted values and block lists", () => {
    const doc = parseDocument(
      `---\ntitle: "A: quoted # title"\nlang: en\ntags:\n  - one\n  - two\npublished: 2024-01-02\nsource: 'S'\n---\nBody.`,
      "from-file-name",
    );
    expect(doc).toMatchObject({
      id: "from-file-name",
      title: "A: quoted # title",
      tags: ["one", "two"],
      source: "S",
    });
  });

  it.each([
    ["title", valid.replace(/^title:.*\n/m, ""), "is required"],
    ["lang", valid.replace(/^lang:.*$/m, "lang: fr"), "en"],
    ["published", valid.replace(/^published:.*$/m, "published: 14/03/2025"), ""],
    ["published", valid.replace(/^published:.*$/m, "published: 2025-02-30"), ""],
    ["tags", valid.replace(/^tags:.*$/m, "tags: market"), "list"],
    ["author", valid.replace(/^source:/m, "author: Someone\nsource:"), "unknown"],
    ["title", valid.replace(/^title:.*$/m, "title: [a, b]"), "single value"],
    ["id", valid.replace(/^id:.*$/m, "id: has space"), "no spaces"],
    ["lang", valid.replace(/^lang:.*$/m, "lang: en\nlang: zh"), "twice"],
    ["body", valid.replace(/---\n# [\s\S]*$/, "---\n"), "no text"],
  ])("names the field %s in the error", (field, text, detail) => {
    const error = parseError(text);
    expect(error.field).toBe(field);
    expect(error.message.startsWith(`${field}: `)).toBe(true);
    expect(error.message).toContain(detail);
  });

  it("refuses a file without frontmatter or with an unclosed one", () => {
    expect(parseError("# Just markdown").field).toBe("frontmatter");
    expect(parseError("---\ntitle: x\n# no close").message).toContain("not closed");
  });
});

describe("parseFigures", () => {
  it("only reads the list under the key figures heading and keeps ratios in values", () => {
    const body = "- Not a figure: 1\n## Key Figures\n- **Ratio**: 3:1\n- no colon here\n## Next\n- Other: 2";
    expect(parseFigures(body)).toEqual([{ name: "Ratio", value: "3:1" }]);
  });
});

describe("parseUpload", () => {
  const when = new Date("2025-06-01T10:00:00Z");

  it("takes a text file's title from its first line", () => {
    const doc = parseUpload("Field Notes.txt", "Field notes on robots\n\nRobots arrived in March.", when);
    expect(doc).toMatchObject({
      id: "field-notes",
      title: "Field notes on robots",
      lang: "en",
      published: "2025-06-01",
    });
    expect(doc.text).toContain("Robots arrived in March.");
  });

  it("strips scripts, styles and tags from HTML and takes the <title>", () => {
    const html = `<html><head><title>Robot &amp; AI survey</title><style>p{color:red}</style></head>
      <body><h1>Heading</h1><script>alert("x")</script><p>Adoption reached <b>37%</b>.</p><ul><li>One</li></ul></body></html>`;
    const doc = parseUpload("survey.html", html, when);
    expect(doc.title).toBe("Robot & AI survey");
    expect(doc.text).toContain("Adoption reached 37%.");
    expect(doc.text).toContain("- One");
    expect(doc.text).not.toMatch(/alert|color:red|<\/?\w/);
  });

  it("falls back to <h1> for the title and detects Chinese", () => {
    const doc = parseUpload(
      "报告.html",
      "<h1>制造业 报告</h1><p>制造业企业采用人工智能的比例达到百分之三十七。</p>",
      when,
    );
    expect(doc).toMatchObject({ title: "制造业 报告", lang: "zh", id: "报告" });
  });

  it("holds a Markdown upload with frontmatter to the library format", () => {
    expect(parseUpload("x.md", valid, when).id).toBe("px-market-overview-2025");
    expect(() => parseUpload("x.md", valid.replace(/^lang:.*$/m, "lang: de"), when)).toThrow(/^lang: /);
  });

  it("refuses other file types", () => {
    expect(() => parseUpload("data.pdf", "%PDF", when)).toThrow(DocumentParseError);
  });
});
