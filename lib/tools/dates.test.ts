import { describe, expect, it } from "vitest";
import { calculateTool } from "./calculate";
import { between, parseDate } from "./dates";
import { ToolError } from "./tool";

const ctx = {} as Parameters<typeof calculateTool.run>[1];

describe("dates as sources write them", () => {
  it("reads days, months, quarters and Chinese dates, and says when the day was not given", () => {
    expect(parseDate("9 February 2025")).toEqual({ year: 2025, month: 2, day: 9, precise: true });
    expect(parseDate("2026-07-01")).toEqual({ year: 2026, month: 7, day: 1, precise: true });
    expect(parseDate("February 2025")).toEqual({ year: 2025, month: 2, day: 1, precise: false });
    expect(parseDate("Q1 2026")).toEqual({ year: 2026, month: 1, day: 1, precise: false });
    expect(parseDate("2025 年 2 月 18 日")).toEqual({ year: 2025, month: 2, day: 18, precise: true });
    expect(parseDate("Smarch 2025")).toBeNull();
  });

  it("counts whole days, months and years between two dates", () => {
    const a = parseDate("9 February 2025") as NonNullable<ReturnType<typeof parseDate>>;
    const b = parseDate("18 February 2025") as NonNullable<ReturnType<typeof parseDate>>;
    const c = parseDate("1 July 2026") as NonNullable<ReturnType<typeof parseDate>>;
    expect(between(a, b, "days")).toBe(9);
    expect(
      between(parseDate("February 2025") as NonNullable<ReturnType<typeof parseDate>>, c, "months"),
    ).toBe(17);
    expect(between(a, c, "years")).toBe(1.3);
  });

  it("is calculate's date_difference, cited, and a bad date is a clear error", async () => {
    const out = await calculateTool.run(
      {
        label: "Fix time",
        operation: "date_difference",
        inputs: [
          { label: "reported", value: "9 February 2025", docId: "xss" },
          { label: "fixed", value: "2025-02-18", docId: "xss" },
          { label: "unit", value: "days" },
        ],
      },
      ctx,
    );
    expect(out.data).toMatchObject({ formatted: "9 days", docIds: ["xss"] });
    await expect(
      calculateTool.run(
        {
          label: "x",
          operation: "date_difference",
          inputs: [
            { label: "a", value: "soon" },
            { label: "b", value: "2025-02-18" },
          ],
        },
        ctx,
      ),
    ).rejects.toBeInstanceOf(ToolError);
  });
});
