import { describe, expect, it } from "vitest";
import { countWords, termSet, tokenize, tokenizeYielding } from "./tokenize";

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

describe("tokenize on long texts", () => {
  it("gives the same terms when the text is long enough to be segmented in slices", () => {
    const paragraph = "Project X 在制造业的采用 grew 4.2% in 2025; vendors compete on pricing. ";
    const long = paragraph.repeat(2_000);
    const short = tokenize(paragraph);
    const all = tokenize(long);
    expect(all.length).toBe(short.length * 2_000);
    expect(all.slice(-short.length)).toEqual(short);
  });

  it("keeps the bigram across a slice cut inside a long run of Chinese, and never splits a surrogate pair", () => {
    // Distinct characters, so each adjacent pair is its own bigram and a lost one would show.
    const han = Array.from({ length: 9_000 }, (_, i) => String.fromCharCode(0x4e00 + i)).join("");
    const terms = termSet(han);
    const missing = [];
    for (let i = 0; i + 1 < han.length; i++) if (!terms.has(han.slice(i, i + 2))) missing.push(i);
    expect(missing).toEqual([]);
    const astral = "𠀀".repeat(5_000);
    expect(tokenize(astral).every((t) => !/[\ud800-\udbff](?![\udc00-\udfff])/.test(t))).toBe(true);
  });

  it("gives the same terms when it yields to the event loop between slices", async () => {
    const text = "Quillon 的 throughput 在制造业 grew. ".repeat(3_000);
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    const yielded = await tokenizeYielding(text);
    clearInterval(ticking);
    expect(yielded).toEqual(tokenize(text));
    expect(turns).toBeGreaterThan(0);
  });
});
