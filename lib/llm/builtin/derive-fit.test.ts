import { describe, expect, it } from "vitest";
import { fittest } from "./derive-fit";
import { figure } from "./test-docs";

// A library nobody tuned for: EV charging prices and market sizes.
const marketNow = figure("Public DC fast charging market size 2025", "USD 18.6 billion");
const marketBefore = figure("Public DC fast charging market size 2024", "USD 15.0 billion");
const publicPrice = figure("Average public fast charging price paid by fleets", "EUR 0.61 per kWh");
const depotPrice = figure("Average depot electricity price", "EUR 0.19 per kWh");
const adHoc2024 = figure("European average ad hoc fast charging price July 2024", "EUR 0.66 per kWh");
const all = [marketNow, marketBefore, publicPrice, depotPrice, adHoc2024];
const labels = (p: readonly { label: string }[] | null) => p?.map((c) => c.label) ?? null;

describe("the pair a derivation uses, checked against what the request says of it", () => {
  it("takes one figure from each side of 'than' when the grammar's pair has none of either", () => {
    const request =
      "how much more does a fleet pay per kWh at public fast chargers than at its own depot? as a percentage pls";
    const clause = "how much more does a fleet pay per kWh at public fast chargers than at its own depot";
    // The depot side (after "than") comes first: a change runs from it.
    expect(labels(fittest([marketBefore, marketNow], all, request, clause))).toEqual([
      depotPrice.label,
      publicPrice.label,
    ]);
    // With nothing chosen, the same pair.
    expect(labels(fittest(null, all, request, clause))).toEqual([depotPrice.label, publicPrice.label]);
  });

  it("keeps the grammar's pair when it breaks nothing the request says", () => {
    const request = "How much did the public DC fast charging market grow from 2024 to 2025?";
    expect(fittest([marketBefore, marketNow], all, request, request)).toEqual([marketBefore, marketNow]);
  });

  it("uses a projection only where the request asks what is expected or writes the projected year", () => {
    const actual = figure("US reefer contract rate May 2025", "USD 2.86 per mile");
    const spot = figure("US reefer spot rate May 2025", "USD 2.41 per mile");
    const projected = figure("US reefer contract rate 2025 forecast", "USD 3.00 per mile");
    const projectedSpot = figure("US reefer spot rate 2025 forecast", "USD 2.65 per mile");
    const rates = [actual, spot, projected, projectedSpot];
    const now = "reefer spot vs contract per mile right now — how wide is the spread?";
    expect(labels(fittest([projected, projectedSpot], rates, now, now))?.sort()).toEqual(
      [actual.label, spot.label].sort(),
    );
    const funding = [
      figure("Vertical farming venture funding 2021", "USD 2.1 billion"),
      figure("Vertical farming venture funding 2023", "USD 0.75 billion"),
      figure("Vertical farming venture funding 2024 (projected)", "USD 0.48 billion"),
    ];
    const asked =
      "Funding trend for vertical farming 2021 to 2024 and who went under. How steep was the drop?";
    expect(
      labels(fittest([funding[0], funding[1]] as never, funding, asked, "How steep was the drop")),
    ).toEqual(["Vertical farming venture funding 2021", "Vertical farming venture funding 2024 (projected)"]);
  });

  it("sets a market's figure in a year the request names, and 'this year' is the latest stated", () => {
    const sizes = [
      figure("Cold-chain logistics market size 2023", "USD 259 billion"),
      figure("Cold-chain logistics market size 2025", "USD 312 billion"),
      figure("Cold-chain market size 2030 forecast", "USD 469 billion"),
    ];
    const request =
      "If the cold chain market actually hits the 2030 forecast, how much bigger is that than this year in dollars, and roughly what multiple?";
    const clause = "how much bigger is that than this year in dollars";
    expect(labels(fittest([sizes[0], sizes[1]] as never, sizes, request, clause))).toEqual([
      "Cold-chain logistics market size 2025",
      "Cold-chain market size 2030 forecast",
    ]);
  });

  it("asked in points, compares percentages; never a market's billions with a weekly pay", () => {
    const share23 = figure("Quillon market share 2023", "12%");
    const share25 = figure("Quillon market share 2025", "17%");
    const size23 = figure("Project X market size 2023", "USD 2.9 billion");
    const size25 = figure("Project X market size 2025", "USD 4.2 billion");
    const pool = [share23, share25, size23, size25];
    const request = "how many pts of share has Quillon gained since 2023";
    expect(fittest([size23, size25], pool, request, request)).toEqual([share23, share25]);
    const pay = figure("Travel RN weekly pay 2025", "USD 2,310");
    const market = figure("US nurse staffing market size 2022", "USD 52.6 billion");
    const ask = "how far has travel nurse weekly pay fallen since 2022? want it in $";
    expect(fittest([market, pay], [market, pay], ask, ask)).toEqual([market, pay]);
    expect(fittest(null, [market, pay], ask, ask)).toBeNull();
  });

  it("counts what the request rules out against a figure", () => {
    const perTask = figure("Loomwork cost per task", "USD 0.42");
    const perTaskOther = figure("Relaywright cost per task", "USD 0.31");
    const perSuccess = figure("Loomwork cost per successful task", "USD 0.52");
    const perSuccessOther = figure("Relaywright cost per successful task", "USD 0.42");
    const request =
      "How much more expensive is Loomwork than Relaywright per task (plain cost per task, not per successful task)? Express it as a percentage.";
    expect(
      labels(fittest(null, [perSuccess, perSuccessOther, perTask, perTaskOther], request, null)),
    ).toEqual([perTaskOther.label, perTask.label]);
  });
  it("runs a change 'since' a year from that year to the latest stated one, not to a forecast", () => {
    const market = [
      figure("Project X market size 2023", "USD 2.9 billion"),
      figure("Project X market size 2025", "USD 4.2 billion"),
      figure("Project X market size 2030 forecast", "USD 9.6 billion"),
      figure("Project X Asia-Pacific CAGR 2025-2030", "24%"),
      figure("Project X CAGR 2025-2030", "18%"),
    ];
    const request =
      "how much has the project x market grown since 2023 in %, and what would 2026 look like if halden's forecast CAGR holds?";
    const clause = "how much has the project x market grown since 2023 in %, and what would 2026";
    expect(labels(fittest([market[0], market[2]] as never, market, request, clause))).toEqual([
      "Project X market size 2023",
      "Project X market size 2025",
    ]);
  });
  it("takes 'the gap with X' as two sides, X one of them, read in the asking clause alone", () => {
    const prices = [
      figure("US average oat milk price Q2 2024", "USD 4.99 per half-gallon"),
      figure("US average oat milk price Q2 2025", "USD 4.79 per half-gallon"),
      figure("US average dairy milk price Q2 2025", "USD 2.59 per half-gallon"),
    ];
    const request =
      "I want the % change in the average half-gallon price Q2 2024 to Q2 2025, and what that did to the gap with dairy.";
    expect(
      labels(
        fittest([prices[0], prices[1]] as never, prices, request, "and what that did to the gap with dairy."),
      ),
    ).toEqual(
      ["US average dairy milk price Q2 2025", "US average oat milk price Q2 2025"].sort((a, b) =>
        a < b ? 1 : -1,
      ),
    );
    // The change asked in the other clause keeps its one measure over time.
    const change = "I want the % change in the average half-gallon price Q2 2024 to Q2 2025";
    expect(fittest([prices[0], prices[1]] as never, prices, request, change)).toEqual([prices[0], prices[1]]);
  });
});
