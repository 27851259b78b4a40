import { describe, expect, it } from "vitest";
import { gloss, termsWithGloss } from "./gloss";
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
