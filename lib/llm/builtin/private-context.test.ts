import { describe, expect, it } from "vitest";
import { privateReference } from "./private-context";

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
