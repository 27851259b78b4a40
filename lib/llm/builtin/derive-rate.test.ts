import { describe, expect, it } from "vitest";
import { derive } from "../../tools/calculate";
import { projectedPair } from "./derive-projected";
import { planRate } from "./derive-rate";
import type { ResearchFrame } from "./frame";
import { asksRate } from "./rate-asked";
import { figure, quantity } from "./test-docs";
import type { ReadDoc } from "./upstream";

const q = quantity;
const fig = (label: string, value: string, docId = "d") => figure(label, value, docId);
const frame = (request: string) =>
  ({ request, subject: null, entities: [], options: { excluded: [] } }) as unknown as ResearchFrame;
const pricing: ReadDoc = {
  docId: "pricing",
  title: "Pricing",
  source: "",
  published: "",
  text: "Fernbrook FieldMate lists at USD 49 per technician per month, and Fernbrook offers a 15% volume discount above 500 seats.\n\n在中国，渠道通常在美元标价基础上加价 10% 至 15%。",
  figures: [
    { name: "Fernbrook list price", value: "USD 49 per technician per month" },
    { name: "Nordvale Systems list price", value: "USD 62 per technician per month" },
  ],
};
const prices = [
  fig("Fernbrook list price", "USD 49 per technician per month", "pricing"),
  fig("Nordvale Systems list price", "USD 62 per technician per month", "pricing"),
];

describe("an amount changed by a rate", () => {
  it("is asked by a discount, a markup or a projection, never by a product named Project X", () => {
    expect(asksRate("the effective price if we got its volume discount")).toBe(true);
    expect(asksRate("按我们和集成商谈好的加价比例")).toBe(true);
    // A premium to add is a rate; "that premium" points back at a gap the request asks.
    expect(asksRate("the list price with the integrator's 12% premium")).toBe(true);
    expect(asksRate("how much more would Loomwork cost, and does that premium shrink?")).toBe(false);
    expect(asksRate("project the 2026 market size if that rate holds")).toBe(true);
    // A growth rate that takes, puts or brings a figure to a later year.
    expect(asksRate("Where does Halden's regional CAGR take Europe's Project X market by 2030?")).toBe(true);
    expect(asksRate("Which vendor takes the lead in growth rate rankings?")).toBe(false);
    // "assuming" states the condition as "if" does.
    expect(asksRate("plus a 2026 estimate assuming Corvane's 13% market-wide growth holds")).toBe(true);
    expect(asksRate("Give me the Project X market by region for 2025 with each region's CAGR to 2030.")).toBe(
      false,
    );
    expect(
      asksRate("APAC CAGR for project x thru 2030 + what size that implies for the region by 2030"),
    ).toBe(true);
    expect(asksRate("Can you project a 2030 market size for Europe?")).toBe(true);
    // A size in a later year, with growth rates named (plural too).
    expect(
      asksRate("At Halden's forecast growth rates, how big will Europe and Asia-Pacific each be in 2030?"),
    ).toBe(true);
    expect(asksRate("How big will Europe be in 2030?")).toBe(false);
    expect(
      asksRate("Using the market size and Fernbrook's share, what revenue does that imply for 2025?"),
    ).toBe(false);
    // The product written in lower case is still no verb.
    expect(asksRate("roughly how much do chinese manufacturers spend on project x in USD (2025)?")).toBe(
      false,
    );
  });

  it("lowers a price by the discount a document states beside the item", () => {
    const request = "What is Fernbrook's effective monthly price with its volume discount?";
    const plan = planRate(frame(request), prices, [pricing], request, []);
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 49 per technician per month", "-15%"]);
    const d = derive(
      "apply_rate",
      plan.inputs.map((i) => q(i.value)),
      plan.inputs.map((i) => i.label),
    );
    expect(d.formatted).toBe("USD 41.65 per technician per month");
  });

  it("applies a discount the requester supplied to every item's price when asked of each", () => {
    const request =
      "Apply the discount we negotiated to the list price of each vendor and rank them by net price.";
    expect(asksRate(request)).toBe(true);
    const plan = planRate(frame(request), prices, [pricing], request, [
      "Our terms give us 12% off list price.",
    ]);
    expect(plan.rows?.map((r) => r.inputs.map((i) => i.value))).toEqual([
      ["USD 49 per technician per month", "-12%"],
      ["USD 62 per technician per month", "-12%"],
    ]);

    // One item's discount, "each" asked elsewhere and "every seat" a unit: one price, not all.
    const one =
      "Fernbrook with its 15% volume discount (assume it applies to every seat) vs Nordvale at list. Monthly price for each.";
    expect(planRate(frame(one), prices, [pricing], one, []).rows).toBeUndefined();
  });

  it("applies no discount the documents set for a size the request does not reach, and says so", () => {
    const request = "What would 300 technicians pay per month on Fernbrook with its volume discount?";
    const plan = planRate(frame(request), prices, [pricing], request, []);
    expect(plan.inputs.map((i) => [i.label, i.value])).toEqual([
      ["Fernbrook list price", "USD 49 per technician per month"],
      ["Fernbrook discount (applies from 500; not at 300)", "0%"],
    ]);
    const big = "What would 600 technicians pay per month on Fernbrook with its volume discount?";
    expect(planRate(frame(big), prices, [pricing], big, []).inputs[1]?.value).toBe("-15%");
  });

  it("gives the discount to the item named last before its word, whatever the report's subject", () => {
    const request =
      "We've got ~600 techs and are weighing Fernbrook FieldMate (with whatever volume discount they give at that size) against Nordvale Systems.";
    const f = { ...frame(request), subject: "Fernbrook FieldMate" } as unknown as ResearchFrame;
    const plan = planRate(f, prices, [pricing], request, []);
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 49 per technician per month", "-15%"]);
  });

  it("works the change out at each value asked as alternatives, one row each; a range is no alternative", () => {
    const request = "Fernbrook 走集成商渠道，按渠道加价 10% 和 15% 分别算一下每人每月多少钱？";
    const plan = planRate(frame(request), prices, [pricing], request, []);
    expect(plan.inputs).toEqual([]);
    expect(plan.rows?.map((r) => r.inputs.map((i) => i.value))).toEqual([
      ["USD 49 per technician per month", "10%"],
      ["USD 49 per technician per month", "15%"],
    ]);
    const range =
      "Fernbrook through an integrator who charges the top end of the usual markup: the monthly price?";
    expect(planRate(frame(range), prices, [pricing], range, []).rows).toBeUndefined();
  });

  it("takes a rate the requester gave, or a range's end the request names", () => {
    const supplied = planRate(
      frame("Nordvale Atlas 加价后多少？"),
      prices,
      [pricing],
      "Nordvale Atlas 加价后多少？",
      ["我们和集成商谈定的加价是 12%。"],
    );
    expect(supplied.inputs.map((i) => i.value)).toEqual(["USD 62 per technician per month", "12%"]);
    const top =
      "Fernbrook through an integrator who charges the top end of the usual markup: the monthly price?";
    expect(planRate(frame(top), prices, [pricing], top, []).inputs.map((i) => i.value)).toEqual([
      "USD 49 per technician per month",
      "15%",
    ]);
  });

  it("compounds growth once a year up to the year asked", () => {
    const market = [
      fig("Project X Europe market size 2025", "USD 1.2 billion"),
      fig("Project X Europe CAGR 2025-2030", "16%"),
    ];
    const request = "Project Europe's 2025 market to 2030 at its CAGR.";
    const plan = planRate(frame(request), market, [], request, []);
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 1.2 billion", "16%", "5"]);
    const d = derive(
      "apply_rate",
      plan.inputs.map((i) => q(i.value)),
      plan.inputs.map((i) => i.label),
    );
    expect(d.formatted).toBe("USD 2.52 billion");
    expect(d.formula).toContain("(1 + 16%)^5");
  });

  it("projects the whole market's figure when the request grows the global figure, not an item named later", () => {
    const market = [
      fig("Project X market size 2025", "USD 4.2 billion"),
      fig("Project X North America market size 2025", "USD 1.6 billion"),
      fig("Project X Europe market size 2025", "USD 1.2 billion"),
      fig("Project X CAGR 2025-2030", "18%"),
      fig("Fernbrook market share 2025", "31%"),
    ];
    const request =
      "If Halden's 2025 global figure compounds at their 2025-30 CAGR, what's the market in 2027 — and what would Fernbrook's revenue be then if it holds its current share?";
    const plan = planRate(frame(request), market, [], request, []);
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 4.2 billion", "18%", "2"]);
  });

  it("projects the market its clause names, to the year asked, not the span a rate is stated over", () => {
    const market = [
      fig("Specialty coffee market size 2025", "USD 98.6 billion"),
      fig("Specialty coffee market Asia-Pacific 2025", "USD 22.8 billion"),
      fig("Specialty coffee CAGR 2025-2030", "9.1%"),
    ];
    const request =
      "If the specialty coffee market keeps growing at the forecast 2025-2030 CAGR, what's it worth in 2028? What share is Asia-Pacific today?";
    const plan = planRate(frame(request), market, [], request, []);
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 98.6 billion", "9.1%", "3"]);
  });

  it("grows the latest stated figure of the rate's own measure to the year its sentence asks", () => {
    // A library nobody tuned for: SMB cyber insurance premiums.
    const market = [
      fig("Average SMB cyber premium 2025 (revenue under USD 10M, USD 1M limit)", "USD 2,150"),
      fig("SMB cyber insurance GWP 2024", "USD 6.8 billion"),
      fig("SMB cyber insurance GWP 2025", "USD 7.9 billion"),
      fig("SMB cyber insurance GWP forecast 2030", "USD 15.2 billion"),
      fig("Asia-Pacific cyber insurance GWP CAGR 2025-2030", "19%"),
      fig("SMB cyber insurance GWP CAGR 2025-2030", "14%"),
    ];
    const request =
      "if SMB cyber premiums keep growing at the rate analysts forecast, roughly how big is the market in 2027? and what do they say for 2030";
    expect(asksRate(request)).toBe(true);
    const plan = planRate(frame(request), market, [], request, []);
    // Not the forecast, not a per-policy premium, not another region's rate; two years, not five.
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 7.9 billion", "14%", "2"]);
    expect(plan.label).not.toMatch(/markup/i);
  });

  it("reads a premium as a markup only when one is added at a rate", () => {
    expect(asksRate("What is the average cyber premium for a firm our size?")).toBe(false);
    expect(asksRate("Quote it with a 10% premium for weekend cover.")).toBe(true);
    expect(asksRate("中国保费按同样的增速继续增长，2026 年大概会到多少？")).toBe(true);
    expect(asksRate("what would 2026 look like if halden's forecast CAGR holds?")).toBe(true);
    // A claim reported is no projection asked.
    expect(
      asksRate(
        "Their CEO keeps saying it will be a $45bn market by 2030. How much absolute growth does the forecast imply?",
      ),
    ).toBe(false);
  });

  it("takes the region an initialism clips when no text spells it out ('APAC' → 'Asia-Pacific')", () => {
    const doc: ReadDoc = {
      ...pricing,
      docId: "regions",
      figures: [
        { name: "Project X Asia-Pacific market size 2025", value: "USD 1.1 billion" },
        { name: "Project X Europe market size 2025", value: "USD 1.2 billion" },
      ],
    };
    const market = [
      fig("Project X market size 2025", "USD 4.2 billion"),
      fig("Project X Asia-Pacific market size 2025", "USD 1.1 billion"),
      fig("Project X Europe market size 2025", "USD 1.2 billion"),
      fig("Project X Asia-Pacific CAGR 2025-2030", "24%"),
      fig("Project X CAGR 2025-2030", "18%"),
    ];
    const request = "APAC market size 2025, and what it'd be in 2030 at the region's forecast CAGR?";
    const plan = planRate(frame(request), market, [doc], request, []);
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 1.1 billion", "24%", "5"]);
  });

  it("is asked by a rate the amount grows at, and takes an item's rate from its text", () => {
    expect(asksRate("If Asia-Pacific keeps growing at its forecast CAGR, what is it worth in 2030?")).toBe(
      true,
    );
    expect(asksRate("size it and take it out to 2030 at that region's own CAGR")).toBe(true);
    expect(asksRate("What is the 2030 forecast and the CAGR behind it?")).toBe(false);
    const regions: ReadDoc = {
      docId: "regions",
      title: "Project X market by region 2025",
      source: "",
      published: "",
      text: "Asia-Pacific grows fastest, at a CAGR of 24%.\n\nEurope follows at USD 1.2 billion (29%). Halden projects a European CAGR of 16%.",
      figures: [
        { name: "Project X Europe market size 2025", value: "USD 1.2 billion" },
        { name: "Project X Asia-Pacific CAGR 2025-2030", value: "24%" },
      ],
    };
    const market = [
      fig("Project X Europe market size 2025", "USD 1.2 billion", "regions"),
      fig("Project X Asia-Pacific CAGR 2025-2030", "24%", "regions"),
    ];
    const request = "Project Europe's market out to 2030 at its own CAGR.";
    const plan = planRate(frame(request), market, [regions], request, []);
    expect(plan.inputs.map((i) => i.value)).toEqual(["USD 1.2 billion", "16%", "5"]);
  });

  it("sets a projection against the figure the documents give for the year it was projected to", () => {
    const projected = {
      label: "Project X Asia-Pacific market size 2025 with Project X Asia-Pacific CAGR 2025-2030",
      operation: "apply_rate",
      formatted: "USD 3.22 billion",
      formula: "…",
      docIds: ["regions"],
    };
    const candidates = [
      fig("Project X Asia-Pacific market size 2025", "USD 1.1 billion"),
      fig("Project X market size 2025", "USD 4.2 billion"),
      fig("Project X market size 2030 forecast", "USD 9.6 billion"),
    ];
    const pair = projectedPair("what share of the 2030 global forecast would that be", candidates, [
      projected,
    ]);
    expect(pair?.map((c) => c.value)).toEqual(["USD 3.22 billion", "USD 9.6 billion"]);
    expect(pair?.[0].label).toBe("Project X Asia-Pacific market size projected to 2030");
    expect(projectedPair("what share of the 2030 forecast", candidates, [])).toBeNull();
    const europe = {
      ...projected,
      label: "Project X Europe market size 2025 with Europe CAGR",
      formatted: "USD 2.52 billion",
    };
    expect(
      projectedPair("which ends up bigger in 2030", candidates, [europe, projected])?.map((c) => c.value),
    ).toEqual(["USD 2.52 billion", "USD 3.22 billion"]);
  });
});

describe("the item a rate projects", () => {
  it("is the name the clarifier wrote out for the request's initialism ('APAC' → 'Asia-Pacific')", () => {
    const request = "APAC CAGR for project x thru 2030 + what size that implies for the region by 2030";
    const f = {
      ...frame(request),
      facets: [{ label: "Asia-Pacific CAGR", names: ["Asia-Pacific CAGR"], query: "", topic: "" }],
    } as unknown as ResearchFrame;
    const regions: ReadDoc = {
      docId: "rb",
      title: "Regions",
      source: "",
      published: "",
      text: "",
      figures: [
        { name: "Project X North America market size 2025", value: "USD 1.6 billion" },
        { name: "Project X Asia-Pacific market size 2025", value: "USD 1.1 billion" },
        { name: "Project X Asia-Pacific CAGR 2025-2030", value: "24%" },
      ],
    };
    const candidates = regions.figures.map((x) => fig(x.name, x.value, "rb"));
    const plan = planRate(f, candidates, [regions], request, []);
    expect(plan.inputs.map((i) => i.value)).toContain("USD 1.1 billion");
    const d = derive(
      "apply_rate",
      plan.inputs.map((i) => q(i.value)),
      plan.inputs.map((i) => i.label),
    );
    expect(d.formatted).toBe("USD 3.22 billion");
  });
});
