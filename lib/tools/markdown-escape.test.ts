import { describe, expect, it } from "vitest";
import { escapeCell, escapeInline, escapeProse } from "./markdown-escape";

describe("markdown escaping", () => {
  it("never lets HTML through", () => {
    for (const escapeText of [escapeInline, escapeProse, escapeCell]) {
      const out = escapeText('<script>alert("x")</script><img src=x onerror=alert(1)>');
      // Every "<" is backslash-escaped: text in any Markdown viewer, never a tag.
      expect(out).not.toMatch(/(?<!\\)</);
      expect(out).toContain("\\<script\\>");
      // Plain characters otherwise: no HTML entities in the Markdown itself.
      expect(out).not.toContain("&quot;");
      expect(out).toContain('"x"');
    }
  });

  it("keeps an ampersand as written unless it would spell an entity", () => {
    expect(escapeProse("R&D spend & growth")).toBe("R&D spend & growth");
    expect(escapeProse("&lt;b&gt; and &#60;")).toBe("\\&lt;b\\&gt; and \\&#60;");
    expect(escapeInline("a \\<b>")).toBe("a \\\\\\<b\\>");
  });

  it("neutralises links and fake citations in prose but keeps emphasis", () => {
    expect(escapeProse("See [here](javascript:alert(1)) and **this** [1]")).toBe(
      "See \\[here\\](javascript:alert(1)) and **this** \\[1\\]",
    );
  });

  it("stops prose from opening a heading, list or thematic break", () => {
    expect(escapeProse("# Not a heading")).toBe("\\# Not a heading");
    expect(escapeProse("- not a list")).toBe("\\- not a list");
    expect(escapeProse("1. not a list")).toBe("1\\. not a list");
    expect(escapeProse("line one\n\n# two")).toBe("line one # two");
  });

  it("escapes emphasis in document-derived inline text and pipes in cells", () => {
    expect(escapeInline("a *b* _c_ `d`")).toBe("a \\*b\\* \\_c\\_ \\`d\\`");
    expect(escapeCell("| a | b")).toBe("\\| a \\| b");
  });
});
