import { describe, expect, it } from "vitest";
import { countIn } from "./counts";

describe("countIn", () => {
  it("reads the number and the head noun of what it counts", () => {
    expect(countIn("for 200 field technicians")).toEqual({ amount: 200, label: "200 technicians" });
    expect(countIn("a 25-seat team")).toEqual({ amount: 25, label: "25 seat" });
    expect(countIn("我们 150 名维修技师")).toEqual({ amount: 150, label: "150 维修技师" });
  });

  it("takes a plural the tagger reads as a verb as the head after a noun ('10,000 agent tasks')", () => {
    expect(countIn("We expect about 10,000 agent tasks a month.")).toEqual({
      amount: 10000,
      label: "10000 tasks",
    });
  });

  it("reads a count written with a thousands suffix ('~10k tasks')", () => {
    expect(countIn("Say we run ~10k tasks a month.")).toEqual({ amount: 10000, label: "10000 tasks" });
    expect(countIn("about 2.5k technicians")).toEqual({ amount: 2500, label: "2500 technicians" });
  });

  it("counts no year, money or span", () => {
    expect(countIn("the market in 2025 at USD 39")).toBeNull();
    expect(countIn("over 3 years")).toBeNull();
  });
});
