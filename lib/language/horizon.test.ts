import { describe, expect, it } from "vitest";
import { requestedSpan } from "./horizon";

describe("requestedSpan", () => {
  it("reads a span with its unit abbreviated and written on", () => {
    expect(requestedSpan("3yr TCO for Tessaract vs Nordvale")).toEqual({ months: 36, rate: false });
    expect(requestedSpan("payback inside 18mos?")).toEqual({ months: 18, rate: false });
    expect(requestedSpan("a three-year total")).toEqual({ months: 36, rate: false });
    expect(requestedSpan("Year-one licence cost for each at list")).toEqual({ months: 12, rate: true });
  });

  it("takes no year or amount for a span", () => {
    expect(requestedSpan("the 2025 market")).toBeNull();
    expect(requestedSpan("USD 1.5yrs")).toBeNull();
  });
});
