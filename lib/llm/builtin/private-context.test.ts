import { describe, expect, it } from "vitest";
import { onlyContext, privateReference, uncountedTotal } from "./private-context";

describe("references defined by their own statement", () => {
  it("takes a reference as given when its own statement gives the numbers after its verb", () => {
    expect(
      privateReference(
        "Our customer runs a 1,200-mile reefer load from Salinas to Chicago every week on the spot market. Compared with a year ago, how much more is each load costing?",
      ),
    ).toBeNull();
    // The number counts something else; the quote itself is still unknown.
    expect(
      privateReference("Fernbrook's renewal quote for our 300 crews landed yesterday. Is it fair?"),
    ).toBe("Fernbrook's renewal quote");
    // Asked about, not told: unknown.
    expect(privateReference("What would our usual supplier charge for 200 units?")).toBe(
      "our usual supplier",
    );
  });
});

describe("more kinds of private context", () => {
  it.each([
    ["a three-year cost estimate for the Project X assistant we shortlisted", "we shortlisted"],
    ["Is the reseller's price in the attachment too high?", "in the attachment"],
    [
      "Pick a framework that gets through our legal and security policy review",
      "our legal and security policy",
    ],
    ["报价见附件，帮我看看 Project X 的价格是否偏高", "附件"],
  ])("asks about %j", (goal, phrase) => {
    expect(privateReference(goal)).toContain(phrase);
  });

  it.each([
    "Compare Loomwork and Relaywright on their security features",
    "How do agent frameworks handle their tool failures?",
    "Project X pricing models and total cost of ownership",
    "Which vendors lead the Project X market?",
  ])("leaves %j alone", (goal) => {
    expect(privateReference(goal)).toBeNull();
  });
});

describe("context the goal gives itself", () => {
  it.each([
    "Our maintenance team at the Brno plant (200 technicians) is choosing between Fernbrook and Nordvale: compare their three-year cost.",
    "Price out the vendors on our shortlist: Fernbrook and Nordvale.",
    "我们苏州工厂（150 名技师）想比较 Nordvale 和 Tessaract 的三年成本。",
  ])("does not ask about a reference defined in place: %j", (goal) => {
    expect(privateReference(goal)).toBeNull();
  });

  it("still asks when the reference is left open", () => {
    expect(privateReference("Price out the vendor our ops group picked for our whole fleet.")).not.toBeNull();
  });
});

describe("the scope only the requester knows", () => {
  it("asks which region, market or size is theirs when the request is scoped by it", () => {
    expect(privateReference("Need a couple of slides on Project X for my region for the Q3 kickoff.")).toBe(
      "my region",
    );
    expect(privateReference("我们区域的 Project X 市场有多大？增速怎么样？")).toBe("我们区域");
    expect(privateReference("Looking for a second oat brand that fits our shelf price point.")).toBe(
      "our shelf price point",
    );
    // Whom the report is for is no scope.
    expect(onlyContext("Braidline vs Loomwork for our platform team", "our platform team", [])).toBe(true);
    expect(onlyContext("Project X for my region", "my region", [])).toBe(false);
  });

  it("asks about one of theirs they say they have but do not describe", () => {
    expect(
      privateReference(
        "We've got a fixed budget for agent framework licences next year. How many seats would each get us?",
      ),
    ).toBe("a fixed budget");
    // A total of theirs asked as a question counts nothing yet: how many, only they know.
    expect(
      uncountedTotal("Our café chain is going all-oat. How much more would we be spending on milk per year?"),
    ).toBe(true);
  });

  it("prices a term a total of theirs runs over: their headcount makes it", () => {
    const goal =
      "What would licences for our whole field team run over a 3-year term if we went Fernbrook vs Tessaract Labs?";
    expect(onlyContext(goal, "our whole field team", [])).toBe(false);
  });
});
