import { describe, expect, it } from "vitest";
import { calculateTool, derive, formatAmount, parseQuantity } from "./calculate";
import { ToolError } from "./tool";

const ctx = {} as Parameters<typeof calculateTool.run>[1];

describe("calculate", () => {
  it("reads figures as sources write them", () => {
    expect(parseQuantity("USD 4.2 billion")).toEqual({ amount: 4.2e9, prefix: "USD", suffix: "" });
    expect(parseQuantity("86%")).toEqual({ amount: 86, prefix: "", suffix: "%" });
    expect(parseQuantity("USD 2,410")).toEqual({ amount: 2410, prefix: "USD", suffix: "" });
    expect(parseQuantity("42 亿美元")).toEqual({ amount: 42e8, prefix: "", suffix: "美元", zhScale: "亿" });
    // An aside after the value is no part of its unit.
    expect(parseQuantity("14,200 (4.8% share)")).toEqual({ amount: 14200, prefix: "", suffix: "" });
    expect(parseQuantity("no number")).toBeNull();
  });

  it("works out the steady yearly growth between two amounts over the years counted", () => {
    const q = (s: string) => parseQuantity(s) as NonNullable<ReturnType<typeof parseQuantity>>;
    const d = derive("cagr", [q("USD 2.9 billion"), q("USD 4.2 billion"), q("2")], ["2023", "2025", "years"]);
    expect(d.formatted).toBe("20.3% a year");
    expect(d.formula).toContain("^(1/2)");
    expect(() => derive("cagr", [q("USD 2.9 billion"), q("USD 4.2 billion")], ["a", "b"])).toThrow(
      /third input/,
    );
  });

  it("gives a result in the Chinese magnitude its inputs count in", () => {
    const q = (s: string) => parseQuantity(s) as NonNullable<ReturnType<typeof parseQuantity>>;
    expect(
      derive("difference", [q("人民币 18.0 亿元"), q("人民币 12.7 亿元")], ["2025", "2024"]).formatted,
    ).toBe("人民币 5.3 亿元");
    expect(derive("difference", [q("人民币 1.00 亿元"), q("人民币 0.95 亿元")], ["a", "b"]).formatted).toBe(
      "人民币 500 万元",
    );
  });

  it("derives gaps in percentage points, ratios, changes, shares and totals with their formulas", () => {
    const q = (s: string) => parseQuantity(s) as NonNullable<ReturnType<typeof parseQuantity>>;
    expect(derive("difference", [q("86%"), q("72%")], ["A", "B"]).formatted).toBe("14 percentage points");
    expect(derive("ratio", [q("30%"), q("7%")], ["A", "B"]).formatted).toBe("4.29×");
    const change = derive("percent_change", [q("USD 3.5 billion"), q("USD 4.2 billion")], ["2024", "2025"]);
    expect(change.formatted).toBe("+20%");
    // A change between two rates is said in points first: occupancy 89% → 84%.
    const rates = derive("percent_change", [q("89%"), q("84%")], ["Q1 2023", "Q1 2025"]);
    expect(rates.formatted).toBe("−5 percentage points (-5.6%)");
    expect(rates.formula).toContain("84% − Q1 2023 89% = −5 percentage points");
    expect(change.formula).toContain("USD 3.5 billion");
    expect(derive("share", [q("USD 0.9 billion"), q("USD 2.3 billion")], ["CN", "APAC"]).formatted).toBe(
      "39.1%",
    );
    expect(derive("product", [q("USD 2,410"), q("150")], ["per tech", "techs"]).formatted).toBe(
      "USD 361,500",
    );
    // A percentage multiplies as a fraction: a 31% share of a USD 4.2 billion market.
    expect(derive("product", [q("31%"), q("USD 4.2 billion")], ["share", "market"]).formatted).toBe(
      "USD 1.3 billion",
    );
    expect(derive("product", [q("77%"), q("300 tasks")], ["success", "tasks"]).formatted).toBe("231 tasks");
    // Units cancel: a count of technicians removes "per technician", a count of months "per month".
    expect(
      derive("product", [q("USD 49 per technician per month"), q("200 technicians")], ["price", "fleet"])
        .formatted,
    ).toBe("USD 9,800 per month");
    expect(
      derive("product", [q("USD 1,800 per seat per year"), q("40 seats"), q("3 years")], ["p", "n", "t"])
        .formatted,
    ).toBe("USD 216,000");
    // A head count named otherwise still cancels the one per-head unit; a period only a period.
    expect(
      derive(
        "product",
        [q("USD 39 per technician per month"), q("25 seats"), q("12 months")],
        ["p", "n", "t"],
      ).formatted,
    ).toBe("USD 11,700");
    expect(
      derive("product", [q("USD 62 per technician per month"), q("150 名技师")], ["p", "n"]).formatted,
    ).toBe("USD 9,300 per month");
    expect(derive("sum", [q("USD 1 million"), q("USD 2.5 million")], ["y1", "y2"]).formatted).toBe(
      "USD 3.5 million",
    );
    const mean = derive("mean", [q("8.5/10"), q("7.0/10"), q("6.0/10"), q("4.5/10")], ["L", "B", "R", "C"]);
    expect(mean.formatted).toBe("6.5 /10");
    expect(mean.formula).toContain("÷ 4");
    expect(() => derive("mean", [q("USD 10"), q("EUR 20")], ["a", "b"])).toThrow(/one unit/);
  });

  it("refuses what it cannot compute, saying why", async () => {
    const q = (s: string) => parseQuantity(s) as NonNullable<ReturnType<typeof parseQuantity>>;
    expect(() => derive("ratio", [q("5%"), q("0%")], ["A", "B"])).toThrow(ToolError);
    expect(() => derive("difference", [q("5%")], ["A"])).toThrow(/two inputs/);
    await expect(
      calculateTool.run(
        { label: "Gap: no two comparable figures", operation: "difference", inputs: [] },
        ctx,
      ),
    ).rejects.toThrow(/Nothing to calculate: Gap: no two comparable figures/);
    await expect(
      calculateTool.run({ label: "x", operation: "sum", inputs: [{ label: "a", value: "lots" }] }, ctx),
    ).rejects.toThrow(/not a number/);
  });

  it("refuses a product whose units do not cancel, and says which figure to use instead", async () => {
    const run = (figure: string, count: string) =>
      calculateTool.run(
        {
          label: "bill",
          operation: "product",
          inputs: [
            { label: "list price", value: figure, docId: "px" },
            { label: count, value: count },
          ],
        },
        ctx,
      );
    await expect(run("USD 1,200 per seat per year", "10,000 tasks")).rejects.toThrow(
      /units do not cancel: "list price" is per seat, "10,000 tasks" counts tasks; multiply a figure per tasks/,
    );
    await expect(run("USD 1,200 per seat per year", "10,000 tasks")).rejects.toMatchObject({
      code: "invalid_input",
    });
    // A seat is sold per person; a per-task cost times tasks is a bill.
    expect((await run("USD 1,800 per seat per year", "15 engineers")).summary).toMatch(/USD 27,000/);
    expect((await run("USD 0.42 per task", "10,000 tasks/mo")).summary).toMatch(/USD 4,200/);
  });

  it("returns the value, the formula and the documents its inputs came from", async () => {
    const out = await calculateTool.run(
      {
        label: "Gap: recovery rate",
        operation: "difference",
        inputs: [
          { label: "Braidline recovery", value: "86%", docId: "d1" },
          { label: "Cortexa recovery", value: "72%", docId: "d2" },
        ],
      },
      ctx,
    );
    expect(out.summary).toBe(
      "Gap: recovery rate: 14 percentage points (Braidline recovery 86% − Cortexa recovery 72% = 14 percentage points).",
    );
    expect(out.data).toMatchObject({ formatted: "14 percentage points", docIds: ["d1", "d2"] });
  });

  it("works one calculation out for each item of a list, row by row, each cited", async () => {
    const out = await calculateTool.run(
      {
        label: "GitHub stars per contributor",
        operation: "per_unit",
        inputs: [],
        rows: [
          {
            label: "Cortexa",
            inputs: [
              { label: "Cortexa stars", value: "21,000 stars", docId: "community" },
              { label: "Cortexa contributors", value: "240 contributors", docId: "community" },
            ],
          },
          {
            label: "Relaywright",
            inputs: [
              { label: "Relaywright stars", value: "52,000 stars", docId: "overview" },
              { label: "Relaywright contributors", value: "880 contributors", docId: "community" },
            ],
          },
        ],
      },
      ctx,
    );
    const data = out.data as {
      rows: { label: string; formatted: string; docIds: string[] }[];
      docIds: string[];
    };
    expect(data.rows.map((r) => [r.label, r.formatted])).toEqual([
      ["Cortexa", "87.5 stars per contributor"],
      ["Relaywright", "59.09 stars per contributor"],
    ]);
    expect(data.rows[1]?.docIds).toEqual(["overview", "community"]);
    expect(out.summary).toContain("Cortexa 87.5 stars per contributor");
    await expect(
      calculateTool.run(
        {
          label: "x",
          operation: "per_unit",
          inputs: [],
          rows: [{ label: "Cortexa", inputs: [{ label: "a", value: "many" }] }],
        },
        ctx,
      ),
    ).rejects.toThrow(/row "Cortexa"/);
  });
});

describe("formatAmount", () => {
  it("gives large amounts to three significant figures at least", () => {
    expect(formatAmount(704_400_000)).toBe("704 million");
    expect(formatAmount(3_224_700_000)).toBe("3.22 billion");
    expect(formatAmount(1_302_000_000)).toBe("1.3 billion");
    expect(formatAmount(299_880)).toBe("299,880");
  });
});
