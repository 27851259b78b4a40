import { describe, expect, it } from "vitest";
import { inChineseUnits } from "./report-content";

describe("amounts in a Chinese report", () => {
  it("writes large sums of money in 亿 and 万, the English form beside them", () => {
    expect(inChineseUnits("USD 163 million")).toBe("1.63 亿美元（USD 163 million）");
    expect(inChineseUnits("USD 33,840")).toBe("3.38 万美元（USD 33,840）");
    expect(inChineseUnits("CNY 1.18 billion")).toBe("11.8 亿元（CNY 1.18 billion）");
  });

  it("leaves shares, small sums and rates per unit as they are", () => {
    expect(inChineseUnits("14.9%")).toBe("14.9%");
    expect(inChineseUnits("USD 720")).toBe("USD 720");
    expect(inChineseUnits("USD 47 per technician per month")).toBe("USD 47 per technician per month");
  });
});
