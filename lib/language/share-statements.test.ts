import { describe, expect, it } from "vitest";
import { adjectivesAsPlaces, placeOfAdjective, placeOfPeople, placesNamed } from "./place-names";
import { shareStatements } from "./share-statements";

describe("what a sentence says a percentage is a share of", () => {
  it("takes no counted group for a part: several items together are no item", () => {
    expect(shareStatements("Three suppliers account for 70% of the USD 2 billion pump market.")).toEqual([]);
    expect(shareStatements("两家厂商占据了市场 60% 的份额。")).toEqual([]);
  });

  it("reads the part before a verb of holding and the whole after 'N% of'", () => {
    expect(
      shareStatements("Manufacturing accounts for 38% of Chinese spending, well above its global share."),
    ).toEqual([
      {
        part: "Manufacturing",
        whole: "Chinese spending",
        value: "38%",
        sentence: "Manufacturing accounts for 38% of Chinese spending, well above its global share.",
      },
    ]);
    const [held] = shareStatements("Quillon now holds about 17% of the Project X market.");
    expect([held?.part, held?.whole, held?.value]).toEqual(["Quillon", "Project X market", "17%"]);
    // A number's decimal point belongs to the whole.
    const [four] = shareStatements("Fernbrook makes up 31% of the USD 4.2 billion Project X market.");
    expect(four?.whole).toBe("USD 4.2 billion Project X market");
  });

  it("reads the whole first when the part is what the share comes from", () => {
    const [st] = shareStatements("About 24% of utility spending comes from grid operators.");
    expect([st?.part, st?.whole, st?.value]).toEqual(["grid operators", "utility spending", "24%"]);
  });

  it("reads Chinese: 占/贡献 after the part, 来自 after the whole, and the place the sentence opens on", () => {
    const [a] = shareStatements(
      "从行业结构看，制造业贡献了中国市场 38% 的收入，远高于其在全球市场约 26% 的占比。",
    );
    expect([a?.part, a?.whole, a?.value]).toEqual(["制造业", "中国市场收入", "38%"]);
    const [b] = shareStatements("在中国，制造业占 Project X 市场收入的 38%。");
    expect([b?.part, b?.whole]).toEqual(["制造业", "中国 Project X 市场收入"]);
    const [c] = shareStatements("中国市场收入中 38% 来自制造业。");
    expect([c?.part, c?.whole]).toEqual(["制造业", "中国市场收入"]);
  });

  it("reads no share into 占有率, 抢占 or 占用, a change from one value to another, or a time", () => {
    expect(shareStatements("公司的市场占有率为35%。")).toEqual([]);
    expect(shareStatements("小米抢占了15%的市场。")).toEqual([]);
    expect(shareStatements("该产品占用了40%的内存。")).toEqual([]);
    expect(shareStatements("中国占全球市场份额从30%升至35%。")).toEqual([]);
    expect(shareStatements("In March, Acme held 20% of the market.")[0]?.whole).toBe("market");
    expect(shareStatements("在2024年，制造业占总支出的38%。")[0]?.whole).toBe("总支出");
    expect(shareStatements("Salaries are 60% of costs, and rent is 20% of costs.")[1]?.part).toBe("rent");
  });

  it("takes no number, pronoun or bare adverb for a part", () => {
    expect(shareStatements("The top four together hold 84% of revenue.")[0]?.part).toBe("top four");
    expect(shareStatements("Together they hold 84% of revenue.")).toEqual([]);
    expect(shareStatements("It is 12% of the total.")).toEqual([]);
    expect(shareStatements("The market grew 20% in 2025.")).toEqual([]);
  });
});

describe("places named by their peoples' adjectives", () => {
  it("reads a people's name, of one word or more, as its place ('a North American utility')", () => {
    expect(placeOfPeople("North American")).toBe("North America");
    expect(placeOfPeople("French")).toBe("France");
    expect(placeOfPeople("European")).toBe("Europe");
    expect(placeOfPeople("Acoustic Market")).toBeNull();
    expect(placeOfPeople("Halbrook")).toBeNull();
  });

  it("reads an adjective back to the one place its stem begins", () => {
    expect(placeOfAdjective("Chinese")).toBe("China");
    expect(placeOfAdjective("Indian")).toBe("India");
    expect(placeOfAdjective("European")).toBe("Europe");
    expect(placeOfAdjective("Brazilian")).toBe("Brazil");
    // Two Koreas: no one place. A word that is no people's adjective: none.
    expect(placeOfAdjective("Korean")).toBeNull();
    expect(placeOfAdjective("Median")).toBeNull();
    expect(placeOfAdjective("Human")).toBeNull();
    // Only a people's adjective: "than" is no Thailand, "span" no Spain.
    expect(placeOfAdjective("Than")).toBeNull();
    expect(placeOfAdjective("Span")).toBeNull();
    expect(placeOfAdjective("German")).toBe("Germany");
  });

  it("finds the places a text names, in any case", () => {
    expect(adjectivesAsPlaces("roughly how much do chinese manufacturers spend")).toBe(
      "roughly how much do China manufacturers spend",
    );
    expect([...placesNamed("Project X North America market size 2025")]).toEqual(["north america"]);
    expect([...placesNamed("Project X Asia-Pacific market size")]).toEqual(["asia"]);
    expect([...placesNamed("Project X market size 2025")]).toEqual([]);
    expect([...placesNamed("the US market")]).toEqual(["united states"]);
    expect([...placesNamed("the world market")]).toEqual([]);
    expect([...placesNamed("North American market")]).toEqual(["north america"]);
    expect([...placesNamed("cheaper than the token spend")]).toEqual([]);
  });
});
