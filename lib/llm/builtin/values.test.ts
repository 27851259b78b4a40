import { describe, expect, it } from "vitest";
import { datesIn, valuesIn } from "./values";

describe("datesIn", () => {
  it("finds the dates a sentence states, in either language, and no bare year", () => {
    expect(
      datesIn(
        "As of June 2025, 2 of the 4 leading vendors are certified: Fernbrook (the first, in February 2025). Quillon expects it in the first quarter of 2026; the standard applies from 1 July 2026.",
      ),
    ).toEqual(["June 2025", "February 2025", "first quarter of 2026", "1 July 2026"]);
    expect(datesIn("中国的数据本地化要求自 2026 年 1 月 1 日起执行。")).toEqual(["2026 年 1 月 1 日"]);
    expect(datesIn("The market grew in 2025 to USD 4.2 billion.")).toEqual([]);
    expect(valuesIn("The market grew in 2025 to USD 4.2 billion.")).toEqual(["USD 4.2 billion"]);
  });
});
