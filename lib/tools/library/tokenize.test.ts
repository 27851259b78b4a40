import { describe, expect, it } from "vitest";
import { countWords, termSet, tokenize } from "./tokenize";

describe("tokenize", () => {
  it("lower-cases Latin words and drops stop words", () => {
    expect(tokenize("The Market Size of Project X")).toEqual(["market", "size", "project", "x"]);
  });

  it("keeps decimal figures whole", () => {
    expect(tokenize("USD 4.2 billion")).toEqual(["usd", "4.2", "billion"]);
  });

  it("adds overlapping bigrams across a run of Chinese, so differently segmented words still meet", () => {
    const terms = termSet("中国制造业企业采用人工智能");
    for (const bigram of ["制造", "造业", "采用", "人工", "智能", "业企"]) expect(terms).toContain(bigram);
  });

  it("does not join bigrams across punctuation or Latin text", () => {
    const terms = termSet("制造。采用 AI 人工");
    expect(terms).not.toContain("造采");
    expect(terms).not.toContain("用人");
  });

  it("counts Chinese dictionary words and English words alike", () => {
    expect(countWords("Market size grew.")).toBe(3);
    expect(countWords("市场规模增长")).toBeGreaterThanOrEqual(2);
  });
});
