import { describe, expect, it } from "vitest";
import { givenInPlace, ownPhrases } from "./own-phrases";

describe("the requester's own things, by grammar", () => {
  it("finds a noun phrase they possess, to its last noun", () => {
    expect(
      ownPhrases("Nordvale vs Tessaract on 3-year TCO for our whole field org - what's the gap?"),
    ).toEqual(["our whole field org"]);
    expect(ownPhrases("How many more installers to hit our install target next year?")).toEqual([
      "our install target",
    ]);
    expect(ownPhrases("How much extra will our arabica buying cost us?")).toEqual(["our arabica buying"]);
  });

  it("finds a free relative with them as its subject", () => {
    expect(ownPhrases("Loomwork vs what we currently run in prod, on cost per task.")).toEqual([
      "what we currently run in prod",
    ]);
  });

  it("finds a Chinese noun phrase after 我们, through 的 to its head", () => {
    expect(ownPhrases("帮我看看我们苏州工厂那个试点的投资回收期，跟行业中位数比算快还是慢？")).toEqual([
      "我们苏州工厂那个试点的投资回收期",
    ]);
    expect(ownPhrases("按我们这边每月的预算最多能租多少辆？")).toEqual(["我们这边每月的预算"]);
    // 我们 as the subject of a verb opens no phrase.
    expect(ownPhrases("我们打算租电单车做通勤。")).toEqual([]);
  });

  it("leaves out the agent's things and the deliverable", () => {
    expect(ownPhrases("Summarise it in my report, from our library.")).toEqual([]);
    expect(ownPhrases("What is, in my view, the best framework?")).toEqual([]);
  });

  it("sees a thing of theirs the request defines in place", () => {
    expect(givenInPlace("Cost for our team (200 technicians)?", "our team")).toBe(true);
    expect(givenInPlace("Our shortlist: Fernbrook and Nordvale.", "Our shortlist")).toBe(true);
    expect(givenInPlace("Cost for our fleet of 40 vans?", "our fleet")).toBe(true);
    expect(
      givenInPlace("Cost for our whole field team if we go with Fernbrook?", "our whole field team"),
    ).toBe(false);
  });
});
