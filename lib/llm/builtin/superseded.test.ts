import { describe, expect, it } from "vitest";
import { supersededForecasts, withoutSuperseded } from "./superseded";
import type { ReadDoc, Upstream } from "./upstream";

const doc = (docId: string, published: string, figures: { name: string; value: string }[]): ReadDoc =>
  ({ docId, title: docId, source: "", published, text: "", figures, lang: "en" }) as ReadDoc;

const outlook = doc("outlook-2022", "2022-02-14", [
  { name: "Offshore wind O&M spend 2021", value: "USD 4.6 billion" },
  { name: "Offshore wind O&M spend 2025 forecast", value: "USD 11.0 billion" },
  { name: "O&M spend CAGR 2021-2025 (forecast)", value: "24%" },
]);
const market = doc("market-2025", "2025-04-10", [
  { name: "Offshore wind O&M spend 2025", value: "USD 7.9 billion" },
  { name: "Offshore wind O&M spend 2023", value: "USD 5.9 billion" },
]);

describe("supersededForecasts", () => {
  it("finds a forecast a later document states the year of", () => {
    expect(supersededForecasts([outlook, market])).toEqual([
      {
        docId: "outlook-2022",
        name: "Offshore wind O&M spend 2025 forecast",
        value: "USD 11.0 billion",
        by: { docId: "market-2025", name: "Offshore wind O&M spend 2025", value: "USD 7.9 billion" },
      },
    ]);
  });

  it("keeps forecasts nothing later states, actuals, and figures of the same year", () => {
    const current = doc("plan-2025", "2025-05-01", [
      { name: "Offshore wind O&M spend 2030 forecast", value: "USD 12.7 billion" },
    ]);
    const rival = doc("rival-2025", "2025-09-01", [
      { name: "Offshore wind O&M spend 2025", value: "USD 8.1 billion" },
    ]);
    // Same publication year: a disagreement, not one overtaking the other.
    expect(supersededForecasts([market, rival, current])).toEqual([]);
    // The 2021 actual of the old outlook stays; only its 2025 forecast is overtaken.
    expect(supersededForecasts([outlook, market]).map((s) => s.name)).toEqual([
      "Offshore wind O&M spend 2025 forecast",
    ]);
  });

  it("reads a year after the document's own as a forecast, with no forecast word", () => {
    const old = doc("old", "2021-09-15", [{ name: "US pet insurance GWP 2025", value: "USD 6.8 billion" }]);
    const now = doc("now", "2025-04-08", [{ name: "US pet insurance GWP 2025", value: "USD 5.4 billion" }]);
    expect(supersededForecasts([old, now]).map((s) => s.value)).toEqual(["USD 6.8 billion"]);
  });
});

describe("withoutSuperseded", () => {
  it("takes the overtaken forecast out of every figure a later step reads, and says which", () => {
    const up = {
      reads: [outlook, market],
      figures: [
        { name: "Offshore wind O&M spend 2025 forecast", value: "USD 11.0 billion", docId: "outlook-2022" },
        { name: "Offshore wind O&M spend 2025", value: "USD 7.9 billion", docId: "market-2025" },
      ],
      facts: [],
      searches: [],
      answers: [],
      derived: [],
    } as unknown as Upstream;
    const out = withoutSuperseded(up);
    expect(out.figures.map((f) => f.value)).toEqual(["USD 7.9 billion"]);
    expect(out.reads[0]?.figures.map((f) => f.name)).toEqual([
      "Offshore wind O&M spend 2021",
      "O&M spend CAGR 2021-2025 (forecast)",
    ]);
    expect(out.superseded?.map((s) => s.value)).toEqual(["USD 11.0 billion"]);
  });
});
