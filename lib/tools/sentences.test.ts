import { describe, expect, it } from "vitest";
import { splitSentences } from "./sentences";

describe("splitSentences", () => {
  it("splits English prose without breaking decimals, and joins wrapped lines", () => {
    const text = "# Heading\n\nThe market reached USD 4.2 billion in 2025. Growth\nwas 20%! Was it? Yes.";
    expect(splitSentences(text)).toEqual([
      "The market reached USD 4.2 billion in 2025.",
      "Growth was 20%!",
      "Was it?",
      "Yes.",
    ]);
  });

  it("splits Chinese on full-width punctuation and keeps closing quotes", () => {
    expect(splitSentences("比例达到37%。他说：“很好。”主要障碍是人才短缺！")).toEqual([
      "比例达到37%。",
      "他说：“很好。”",
      "主要障碍是人才短缺！",
    ]);
  });

  it("treats list items as sentences and skips headings and code", () => {
    const text =
      "## Key figures\n- **Market size 2025**: USD 4.2 billion\n```\nconst x = 1.5;\n```\n1. Numbered item";
    expect(splitSentences(text)).toEqual(["Market size 2025: USD 4.2 billion", "Numbered item"]);
  });
  it("does not end a sentence at an abbreviation's full stop before a lower-case word", () => {
    expect(
      splitSentences(
        "Relaywright, developed by Relaywright Inc. in Toronto, is minimal. It is MIT licensed.",
      ),
    ).toEqual(["Relaywright, developed by Relaywright Inc. in Toronto, is minimal.", "It is MIT licensed."]);
  });
});
