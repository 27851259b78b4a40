import { describe, expect, it } from "vitest";
import { gloss, termsWithGloss, withEnglishPlaces } from "./gloss";
import { readDoc } from "./test-docs";

const doc = readDoc;
const cortexaZh = doc(
  "cortexa-zh",
  "Kestrel 的失败模式报告显示，Cortexa 的目标偏移率为 11%，循环发生率为 9.4%，在四个框架中都是最高。",
  [
    ["Cortexa goal drift rate", "11%"],
    ["Cortexa loop incidence rate", "9.4%"],
  ],
);
const pricingZh = doc(
  "pricing-zh",
  "Fernbrook FieldMate 标价每人每月 49 美元，超过 500 个席位可享 15% 的批量折扣。",
  [["Fernbrook list price", "USD 49 per technician per month"]],
);
const english = doc("loops", "Braidline had the lowest loop incidence rate, 2.2%.", [
  ["Braidline loop incidence rate", "2.2%"],
]);

describe("gloss", () => {
  it("reads a Chinese measure as the English name the documents' own lists give its figure", () => {
    const reads = [cortexaZh, pricingZh, english];
    expect([...gloss("循环发生率", reads)]).toEqual(["loop", "incid", "rate"]);
    expect([...gloss("帮我查一下 Cortexa 的目标偏移率", reads)]).toEqual(["goal", "drift", "rate"]);
    expect([...gloss("标价", reads)]).toEqual(["price"]);
  });

  it("glosses nothing in English text, or without Chinese documents that list their figures", () => {
    expect(gloss("loop incidence rate", [cortexaZh]).size).toBe(0);
    expect(gloss("循环发生率", [english]).size).toBe(0);
    expect(termsWithGloss("Cortexa 循环发生率", [cortexaZh])).toEqual(
      new Set(["cortexa", "循环", "环发", "发生", "生率", "loop", "incid", "rate"]),
    );
  });
});

describe("withEnglishPlaces", () => {
  it("puts the English name after each place a Chinese request names: the locale data's, or the library's own", () => {
    const chinaZh = doc(
      "china-zh",
      "2025 年全球市场规模为 42 亿美元，其中亚太地区 11 亿美元，年复合增长率预计为 24%，是增长最快的区域。",
      [
        ["Project X Asia-Pacific CAGR 2025-2030", "24%"],
        ["Project X China market size 2025", "USD 0.43 billion"],
        ["Project X 中国市场同比增长 2025", "27%"],
      ],
    );
    expect(withEnglishPlaces("中国市场占亚太市场多大比例？", [chinaZh])).toBe(
      "中国 (China)市场占亚太 (Asia-Pacific)市场多大比例？",
    );
    expect(withEnglishPlaces("北美和欧洲差多少", [])).toBe("北美 (North America)和欧洲 (Europe)差多少");
    // Without the document that says so, 亚太 is no place the runtime's data knows.
    expect(withEnglishPlaces("亚太多大", [])).toBe("亚太多大");
    expect(withEnglishPlaces("China vs Japan", [])).toBe("China vs Japan");
    // A place after 在 is where the request is set ("in China"), not an item it compares.
    expect(withEnglishPlaces("Nordvale Atlas 在中国每名技师每月要付多少", [])).toBe(
      "Nordvale Atlas 在中国每名技师每月要付多少",
    );
  });
});
