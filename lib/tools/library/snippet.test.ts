import { describe, expect, it } from "vitest";
import { makeSnippet, SNIPPET_MAX_CHARS } from "./snippet";

const filler = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("makeSnippet", () => {
  it("returns short text whole, without markdown heading marks", () => {
    expect(makeSnippet("# Title\n\nShort   body.", ["body"])).toBe("Title Short body.");
  });

  it("centres on the matched term in a long text and stays within the limit", () => {
    const text = `${filler(200)} The battery pack cost fell to USD 115. ${filler(200)}`;
    const snippet = makeSnippet(text, ["battery", "cost"]);
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
    expect(snippet).toContain("battery pack cost fell");
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
  });

  it("prefers the window where most distinct terms meet", () => {
    const text = `battery ${filler(150)} battery cost together here ${filler(150)}`;
    expect(makeSnippet(text, ["battery", "cost"])).toContain("battery cost together");
  });

  it("finds Chinese terms", () => {
    const text = `${"无关内容。".repeat(80)}制造业采用人工智能的比例达到37%。${"其他内容。".repeat(80)}`;
    const snippet = makeSnippet(text, ["采用"]);
    expect(snippet).toContain("制造业采用人工智能");
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
  });

  it("falls back to the opening when no term occurs", () => {
    const snippet = makeSnippet(filler(300), ["absent"]);
    expect(snippet.startsWith("word0 word1")).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
  });
});
