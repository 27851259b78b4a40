import { describe, expect, it } from "vitest";
import { boundsIn, countIn } from "./counts";

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

  it("reads a verb in -s after a plural head as the verb, not the head ('technicians wants')", () => {
    expect(countIn("A utility with 2,000 field technicians wants whichever vendor was first.")).toEqual({
      amount: 2000,
      label: "2000 technicians",
    });
  });

  it("counts nothing in a rough number or a bound ('60-plus km', '40-odd sites')", () => {
    expect(countIn("For a farm 60-plus km out, what does an SOV cost per day?")).toBeNull();
    expect(countIn("across 40-odd sites")).toBeNull();
  });

  it("reads a number written with a thousands separator as a count, never a year", () => {
    expect(countIn("If we buy 2,000 Lingovia Business seats, how many sit idle?")).toEqual({
      amount: 2000,
      label: "2000 seats",
    });
    expect(countIn("如果我们采购 2,000 个席位")).toEqual({ amount: 2000, label: "2000 个席位" });
  });
});

describe("thresholds", () => {
  it("are not counts: the request's own count is read past them", () => {
    expect(countIn("The volume discount applies above 500 seats. What would 300 technicians cost?")).toEqual({
      amount: 300,
      label: "300 technicians",
    });
    expect(countIn("for 500 seats or more, what do 120 techs cost")).toEqual({
      amount: 120,
      label: "120 techs",
    });
    expect(countIn("不再叠加 500 席以上的批量折扣。\n600 个技师一年的订阅费多少？")?.amount).toBe(600);
    expect(countIn("超过 500 名技师时打折，200 名技师一年多少钱")?.amount).toBe(200);
  });

  it("are read as bounds, lower or upper, never from money, percentages or years", () => {
    expect(boundsIn("Fernbrook offers a 15% volume discount above 500 seats.")).toEqual([
      { amount: 500, lower: true },
    ]);
    expect(boundsIn("超过 500 个席位可享 15% 的批量折扣")).toEqual([{ amount: 500, lower: true }]);
    expect(boundsIn("Discounts of up to 20% for teams of up to 50 users.")).toEqual([
      { amount: 50, lower: false },
    ]);
    expect(boundsIn("From 2025, prices start at USD 39 per seat.")).toEqual([]);
  });

  it("counts no span of time, abbreviated or not ('over those 2 yrs')", () => {
    expect(countIn("whats the implied annual growth rate over those 2 yrs")).toBeNull();
    expect(countIn("payback inside 18 mos for 40 techs")).toEqual({ amount: 40, label: "40 techs" });
  });
});
