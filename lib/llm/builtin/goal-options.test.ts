import { describe, expect, it } from "vitest";
import { clausesAsking, derivationClause, parseGoalOptions, withOnlyClause } from "./goal-options";

describe("parseGoalOptions: the derived figures a request asks for", () => {
  it("does not read a phrasal verb's particle as arithmetic ('put together' is no sum)", () => {
    expect(
      parseGoalOptions("Put together a table of the four leading vendors and their share.").derived,
    ).toEqual([]);
    expect(parseGoalOptions("What do North America and Europe account for together?").derived).toEqual([
      "sum",
    ]);
  });

  it("reads a change asked as a question of degree, and the units it is asked in", () => {
    const ops = (goal: string) => parseGoalOptions(goal).derived;
    expect(ops("Funding trend for vertical farming 2021 to 2024. How steep was the drop?")).toEqual([
      "percent_change",
    ]);
    expect(
      ops("Is grid connection still the main barrier? How has that moved vs last year's survey?"),
    ).toEqual(["percent_change"]);
    expect(
      ops("how far have travel nurse weekly pay packages fallen since the 2022 peak? want it in $ and in %"),
    ).toEqual(["percent_change", "difference"]);
    expect(ops("中国冷藏车保有量 2025 年有多少？比 2024 年多了多少辆，增幅是多少？")).toEqual([
      "percent_change",
      "difference",
    ]);
    expect(ops("reefer spot vs contract per mile right now — how wide is the spread?")).toEqual([
      "difference",
    ]);
    // "how much more … than …, as a percentage": the "than" may come late in a long sentence.
    expect(
      ops(
        "how much more does a fleet pay per kWh at public fast chargers than at its own depot? as a percentage pls",
      ),
    ).toEqual(["percent_change", "difference"]);
    // A question about how something varies is no change over time asked.
    expect(ops("What depot charging setup makes sense for us?")).toEqual([]);
  });

  it("reads a change asked in percent, and a gap asked as what separates two items", () => {
    expect(parseGoalOptions("the total growth over those two years in percent").derived).toContain(
      "percent_change",
    );
    expect(parseGoalOptions("how many dollars separate it from North America?").derived).toContain(
      "difference",
    );
    // "… and give the average": the mean of what is listed; an average named is a figure to find.
    expect(
      parseGoalOptions("Rank the five premiums, cheapest first, and give the average.").derived,
    ).toContain("mean");
    expect(parseGoalOptions("Give the average dog premium.").derived).toEqual([]);
    // The spread between two figures is their gap; a change in pounds and in percent is both.
    expect(parseGoalOptions("which ran the best, and what's the spread in points?").derived).toContain(
      "difference",
    );
    expect(parseGoalOptions("The remaining 30% is spread across 40 providers.").derived).toEqual([]);
    expect(
      parseGoalOptions("how much has it moved since early 2023, in pounds and in percent?").derived,
    ).toEqual(expect.arrayContaining(["difference", "percent_change"]));
    // The CAGR over a span of years, asked; a region's own CAGR is a figure to find.
    expect(parseGoalOptions("and (b) the compound annual growth rate from 2023 to 2025.").derived).toEqual([
      "cagr",
    ]);
    expect(parseGoalOptions("Give me each region's CAGR from 2025 to 2030.").derived).toEqual([]);
    // A ratio asked, not a measure named "… ratio" ("2024 loss ratio").
    expect(
      parseGoalOptions("monthly premium, 2024 loss ratio, and how fast they pay claims").derived,
    ).toEqual([]);
    expect(parseGoalOptions("What is the ratio of Cortexa's loop rate to Braidline's?").derived).toContain(
      "ratio",
    );
    // An improvement is a change; a point change a gap in points.
    expect(parseGoalOptions("give me the point change and the relative improvement in %").derived).toEqual(
      expect.arrayContaining(["percent_change", "difference"]),
    );
  });

  it("reads an average asked across the items as a mean, and a stated average as none", () => {
    expect(
      parseGoalOptions(
        "Rank the four frameworks by readiness score and give me the average score across them.",
      ).derived,
    ).toContain("mean");
    expect(parseGoalOptions("算一下四家厂商标价的平均值").derived).toContain("mean");
    expect(parseGoalOptions("What does the new EU AI Act mean for all of our vendors?").derived).toEqual([]);
    expect(
      parseGoalOptions("its list price, and how far above the market's average list price that is").derived,
    ).not.toContain("mean");
  });

  it("reads a percentage asked of a change ('by what %', 'what % cut is that'), and no rate given as one", () => {
    expect(parseGoalOptions("Quillon cut Scout's price in 2024 - by what %?").derived).toContain(
      "percent_change",
    );
    expect(parseGoalOptions("from what to what, what % cut is that?").derived).toContain("percent_change");
    expect(parseGoalOptions("apply a 15% discount to Fernbrook's list price").derived).not.toContain(
      "percent_change",
    );
    // A rate stated is no change to work out; taking the lead is no gap.
    expect(parseGoalOptions("What is the % discount Fernbrook gives above 500 seats?").derived).toEqual([]);
    expect(parseGoalOptions("Who should take the lead on the Loomwork migration?").derived).toEqual([]);
  });

  it("finds the clause that asks for a calculation", () => {
    expect(
      derivationClause(
        "List the rates for A, B, C and D, and tell me how many times more often C loops than D.",
        "ratio",
      ),
    ).toBe("and tell me how many times more often C loops than D.");
    expect(derivationClause("请给出这个行业的收入规模，并算出它占全球市场的百分比。", "share")).toBe(
      "并算出它占全球市场的百分比",
    );
  });

  it("reads a change asked as its size in percent, in Chinese too", () => {
    expect(parseGoalOptions("Quillon 当年降价的幅度是多少（按百分比算）？").derived).toContain(
      "percent_change",
    );
    expect(parseGoalOptions("What was the markup on the list price?").derived).toContain("apply_rate");
    expect(parseGoalOptions("How many days did the fix take?").derived).toContain("date_difference");
    expect(parseGoalOptions("Fernbrook's volume discount, please").derived).not.toContain("difference");
    expect(parseGoalOptions("How much has it grown in absolute terms since 2023?").derived).toContain(
      "difference",
    );
  });
});

describe("parseGoalOptions: a share asked in other words", () => {
  it("reads a fraction, a slice or a part of a whole as a share, in Chinese too", () => {
    const asks = (goal: string) => parseGoalOptions(goal).derived.includes("share");
    expect(asks("and what fraction of global manufacturing spend is that")).toBe(true);
    expect(asks("What slice of the global Project X market does China represent in 2025?")).toBe(true);
    expect(asks("how big a share of the market is that")).toBe(true);
    expect(asks("再算一下这部分占全球制造业 Project X 支出的比例。")).toBe(true);
    expect(asks("占全球制造业在这块支出的百分之多少？")).toBe(true);
    expect(asks("What is the Project X market size in 2025?")).toBe(false);
    expect(asks("What part of the onboarding process takes longest?")).toBe(false);
    expect(asks("Quillon 的市场占有率比 Fernbrook 高多少？")).toBe(false);
    expect(asks("Quillon 占用的内存比 Fernbrook 少多少？")).toBe(false);
  });
});

describe("parseGoalOptions: the format asked", () => {
  it("takes 'table format' and 'in table form' whole, leaving no 'format' to research", () => {
    const o = parseGoalOptions(
      "Fernbrook vs Nordvale Systems side by side: 2025 market share. Table format.",
    );
    expect(o.formats).toEqual(["table"]);
    expect(o.rest).not.toMatch(/format/i);
    expect(parseGoalOptions("Give me the prices in table form please").rest).not.toMatch(/\bform\b/);
  });
});

describe("parseGoalOptions: savings and growth", () => {
  it("reads a saving as a difference", () => {
    expect(
      parseGoalOptions("totals for both and how much we'd save going with the cheaper one").derived,
    ).toContain("difference");
    expect(parseGoalOptions("换成 Quillon 一年能节省多少？").derived).toContain("difference");
  });

  it("reads a figure compounding or growing at a rate as a rate applied", () => {
    expect(
      parseGoalOptions(
        "If Halden's 2025 global figure compounds at their 2025-30 CAGR, what's the market in 2027?",
      ).derived,
    ).toContain("apply_rate");
  });
});

describe("degree questions with a direction", () => {
  it("'how far is X above Y' asks a difference, and 'in $ and in %' also a change", () => {
    expect(parseGoalOptions("How far is the most expensive one above the average?").derived).toContain(
      "difference",
    );
    expect(
      parseGoalOptions("How far above the market's average list price is that (in $ and in %)?").derived,
    ).toEqual(expect.arrayContaining(["difference", "percent_change"]));
  });

  it("reads what is asked with its typing slips mended, and a comparative with its than as a gap", () => {
    expect(
      parseGoalOptions(
        "we've got 350 techs. 3yr TCO for Tessaract vs Nordvale for the whole fleet + the differnce",
      ).derived,
    ).toEqual(["difference", "product"]);
    expect(
      parseGoalOptions("How much better is Braidline than Cortexa at recovering from tool failures?").derived,
    ).toEqual(["difference"]);
    // Money asked with no count given totals nothing.
    expect(parseGoalOptions("What is the 3yr TCO for Tessaract?").derived).toEqual([]);
  });

  it("reads 'the multiple' as a ratio, and 'multiple vendors' as none", () => {
    expect(parseGoalOptions("need the absolute increase and the multiple").derived).toContain("ratio");
    expect(parseGoalOptions("compare multiple vendors on price").derived).not.toContain("ratio");
  });

  it("reads a price compared in percent as a change, and 'how far off' the average as a gap", () => {
    expect(
      parseGoalOptions(
        "How much cheaper is Quillon Scout than Fernbrook FieldMate per tech per month, in % terms?",
      ).derived,
    ).toEqual(["percent_change", "difference"]);
    expect(parseGoalOptions("and how far off the market average it is").derived).toEqual(["difference"]);
  });

  it("reads no total in a count of the set picked from, and no ratio in 'multiple' before a noun", () => {
    expect(parseGoalOptions("Which of the 3 vendors is cheapest per seat?").derived).not.toContain("product");
    expect(parseGoalOptions("Compare the prices of these 4 vendors").derived).not.toContain("product");
    expect(parseGoalOptions("compare the multiple pricing tiers").derived).not.toContain("ratio");
    expect(parseGoalOptions("a multiple-choice survey of buyers").derived).not.toContain("ratio");
    expect(
      parseGoalOptions("How much higher is Loomwork's score than Relaywright's, in percentage points?")
        .derived,
    ).not.toContain("percent_change");
    expect(parseGoalOptions("What does Fernbrook cost without any add-ons?").derived).not.toContain("sum");
  });
  it("reads an average yearly growth asked as a CAGR, and growth in money or absolute terms as a gap", () => {
    expect(
      parseGoalOptions(
        "How much did the market grow in dollar terms from 2023 to 2025, and what average yearly growth rate does that work out to?",
      ).derived,
    ).toEqual(["cagr", "difference"]);
    expect(parseGoalOptions("What CAGR does a rise from 2.9 to 4.2 billion imply?").derived).toContain(
      "cagr",
    );
    expect(parseGoalOptions("中国市场 2023 到 2025 年的年均增长率是多少？").derived).toEqual(["cagr"]);
    // Asked in both units, both; a projection at a CAGR is no CAGR asked.
    expect(
      parseGoalOptions("How much did it grow from 2023 to 2025, in dollars and as a percentage?").derived,
    ).toEqual(["percent_change", "difference"]);
    expect(parseGoalOptions("What will Europe be worth in 2030 at its CAGR?").derived).not.toContain("cagr");
  });

  it("makes each clause asking one operation its own calculation, with the others left out", () => {
    const request =
      "What does the independent forecast say, how much absolute growth from 2025 does it imply, and how far off is Halvard's number?";
    const asking = clausesAsking(request, "difference");
    expect(asking).toHaveLength(2);
    expect(withOnlyClause(request, "difference", asking[1] as string)).not.toContain("absolute growth");
    // A clause that only gives the unit of the one before asks nothing of its own.
    expect(
      clausesAsking(
        "What was the gap between forecast and actual, in dollars and as a percentage?",
        "difference",
      ),
    ).toEqual([]);
    // A clause naming a measure of its own besides its arithmetic is still one that may restate.
    expect(
      clausesAsking(
        "How much absolute growth does it imply, and I need the absolute increase and the multiple.",
        "difference",
      ),
    ).toEqual([]);
  });
});
