import { describe, expect, it } from "vitest";
import { statedSpan } from "./horizon";
import { arrivedLately, handedOver, ownCounted, ownedLocation } from "./own-things";
import { decidedElsewhere, decidedInClause, ownComparisonSide, ownPossessor } from "./references";
import { decidedElsewhereZh, decidedThenZh, ownTotalityZh } from "./references-zh";

describe("a passive participle is no one's decision", () => {
  it("reads 'the growth rate implied between …' as describing the rate, not a choice of theirs", () => {
    expect(
      decidedElsewhere(
        "and the compound annual growth rate implied between the 2025 forecast and the 2030 forecast.",
      ),
    ).toEqual([]);
    expect(decidedElsewhere("Compare the ceiling finance signed off with the list price.")).toEqual([
      "the ceiling finance signed off",
    ]);
  });
});

describe("handedOver", () => {
  it("finds a paper handed to the requester whose figures its sentence does not give", () => {
    expect(
      handedOver(
        "Got a quote from Tallis Power for six T180 chargers for the new motorway hub. Are they overcharging us?",
      ),
    ).toEqual(["a quote"]);
    expect(handedOver("I just got a renewal quote from Fernbrook. Is it fair?")).toEqual(["a renewal quote"]);
    expect(handedOver("We received an offer from Kelvra at USD 41 per seat. Is that fair?")).toEqual([]);
    // Someone else's paper, or one the report is to contain, is no paper of theirs.
    expect(handedOver("Kestrel got a quote last week.")).toEqual([]);
    expect(handedOver("Does the report have a proposal section?")).toEqual([]);
  });
});

describe("decidedElsewhere", () => {
  it("ends a reference at a full stop: the next sentence's first word is no verb of it", () => {
    expect(
      decidedElsewhere(
        "Our customer runs a reefer load every week on the spot market. Compared with a year ago, how much more is each load costing?",
      ),
    ).toEqual([]);
    expect(
      decidedElsewhere(
        "Brennick Packaging (the 180-tech converter in the manufacturing note) went with Nordvale Atlas.",
      ),
    ).toEqual([]);
    // After an auxiliary the phrase is the question's subject, no choice of theirs.
    expect(decidedElsewhere("how much has the project x market grown since 2023 in %?")).toEqual([]);
    expect(decidedElsewhere("Price the vendor we shortlisted. Compare it with Fernbrook.")).toEqual([
      "the vendor we shortlisted",
    ]);
  });

  it("finds choices made in the requester's world, whatever the verb", () => {
    expect(decidedElsewhere("What does the vendor we shortlisted charge?")).toEqual([
      "the vendor we shortlisted",
    ]);
    expect(decidedElsewhere("Compare the two frameworks our team picked on readiness")).toEqual([
      "the two frameworks our team picked",
    ]);
    expect(decidedElsewhere("Which vendors are under the ceiling finance signed off?")).toEqual([
      "the ceiling finance signed off",
    ]);
    expect(decidedElsewhere("Cost of the Project X assistant we have trialled")).toEqual([
      "the Project X assistant we have trialled",
    ]);
  });

  it("takes no adjective for what was decided: the noun after it is the phrase's head, not a body", () => {
    expect(
      decidedElsewhere("Do the same for North America and say whether the faster region has caught up."),
    ).toEqual([]);
    expect(decidedElsewhere("Say if the cheaper plan has held up.")).toEqual([]);
  });

  it("finds what the requester's side is doing or does now: a progressive or a present tense", () => {
    expect(decidedElsewhere("pull the list price for the vendor we're piloting and tell me")).toEqual([
      "the vendor we're piloting",
    ]);
    expect(decidedElsewhere("what about the vendor we are evaluating now")).toEqual([
      "the vendor we are evaluating",
    ]);
    expect(decidedElsewhere("Is the tool we currently use certified?")).toEqual([
      "the tool we currently use",
    ]);
  });

  it("leaves what the requester wants, might do, or a source does now, alone", () => {
    expect(decidedElsewhere("the figures we need for the board")).toEqual([]);
    expect(decidedElsewhere("the price we'd pay for 200 seats")).toEqual([]);
    expect(decidedElsewhere("list the loop incidence rates Kestrel measures for each")).toEqual([]);
    expect(
      decidedElsewhere("First find the biggest 2025 market share. Then give me its three-year TCO."),
    ).toEqual([]);
  });

  it("leaves references a source can answer alone", () => {
    expect(decidedElsewhere("Summarise the market Halden measured in 2025")).toEqual([]);
    expect(decidedElsewhere("Use the figures the report gave")).toEqual([]);
    expect(decidedElsewhere("Project X market size in 2025")).toEqual([]);
    expect(decidedElsewhere("Which tools do teams use most?")).toEqual([]);
  });
});

describe("decidedInClause", () => {
  it("finds what the requester's side decided but did not give", () => {
    expect(
      decidedInClause("Finance has signed off a per-seat ceiling for the pilot. Which vendors fit?"),
    ).toEqual(["a per-seat ceiling"]);
    expect(decidedInClause("Our CFO approved a budget for this.")).toEqual(["a budget"]);
  });

  it("leaves known things, named sources and requests that give the figure alone", () => {
    expect(decidedInClause("We have read the Halden note; what is the market size?")).toEqual([]);
    expect(decidedInClause("Halden has published a forecast for Asia")).toEqual([]);
    expect(decidedInClause("We approved a budget of USD 40,000")).toEqual([]);
    expect(decidedInClause("Revenue grew a lot in 2025. What drove it?")).toEqual([]);
    expect(decidedInClause("the effective price per seat if we bought 600 seats")).toEqual([]);
    // A year or a date says when, not what; the request's own words never make a broken pattern.
    expect(decidedInClause("Finance has signed off a per-seat ceiling for 2026. Which vendors fit?")).toEqual(
      ["a per-seat ceiling"],
    );
    expect(() =>
      decidedInClause("Procurement shortlisted one vendor(s) last week. What is that vendor's list price?"),
    ).not.toThrow();
  });

  it("reads a number elsewhere in the request as no answer, and a choice used later as one", () => {
    // The 120 technicians say nothing about which ceiling finance set.
    expect(
      decidedInClause("Finance has signed off a per-seat ceiling. Which vendors fit for 120 technicians?"),
    ).toEqual(["a per-seat ceiling"]);
    // A body that chose something, which the request then uses ("that vendor").
    expect(
      decidedInClause(
        "Procurement shortlisted one Project X vendor last week. For that vendor, pull its list price and cost a 120-technician rollout.",
      ),
    ).toEqual(["one Project X vendor"]);
  });
});

describe("decidedElsewhereZh", () => {
  it("finds a first-person relative clause before 的, whatever the verb", () => {
    expect(decidedElsewhereZh("麻烦把我们架构组上周选定的那两个智能体框架做个对比")).toEqual([
      "我们架构组上周选定的那两个智能体框架",
    ]);
    expect(decidedElsewhereZh("我们上次选的那个供应商的报价是多少")).toEqual(["我们上次选的那个供应商"]);
    expect(decidedElsewhereZh("Project X 在制造业的采用情况")).toEqual([]);
  });

  it("finds the clause whose verb is a coverb, and one closed by a demonstrative after time and place", () => {
    expect(decidedElsewhereZh("我们厂现在用的那家助手供应商，每人每月比 Fernbrook 贵多少？")).toEqual([
      "我们厂现在用的那家助手供应商",
    ]);
    expect(decidedElsewhereZh("按我们部门今年批下来的那笔预算，最多能开通多少名技师？")).toEqual([
      "我们部门今年批下来的那笔预算",
    ]);
    expect(decidedElsewhereZh("帮我算一下我们上次短名单上那家厂商的三年总拥有成本")).toEqual([
      "我们上次短名单上那家厂商",
    ]);
    expect(decidedElsewhereZh("我们在中国的工厂用的是哪家的产品？")).toEqual([]);
    expect(decidedElsewhereZh("给我们写一份报告")).toEqual([]);
  });

  it("finds a clause closed by a result complement, and the whole of the requester's own staff", () => {
    expect(decidedElsewhereZh("按我们和集成商谈好的加价比例，Nordvale Atlas 每月要付多少？")).toEqual([
      "我们和集成商谈好的加价比例",
    ]);
    expect(ownTotalityZh("估算一下给公司全部现场技师开通一年需要多少订阅费")).toEqual(["公司全部现场技师"]);
    expect(ownTotalityZh("给公司全部 85 名现场技师开通一年需要多少订阅费")).toEqual([]);
    expect(statedSpan("四家的简单平均标价为每人每月", "46 美元")).toEqual({ months: 1, rate: true });
  });
});

describe("the requester's own side of a comparison, things they have, and their past events", () => {
  it("finds a first-person noun phrase a comparison joins to a named side", () => {
    expect(
      ownComparisonSide("Can you pull together how our incumbent vendor stacks up against Fernbrook?"),
    ).toEqual(["our incumbent vendor"]);
    expect(ownComparisonSide("Compare my current supplier with Quillon on price.")).toEqual([
      "my current supplier",
    ]);
    expect(ownComparisonSide("Fernbrook versus our provider")).toEqual(["our provider"]);
    // Checking against a reference is not a comparison; a possessive that compares nothing is no side.
    expect(ownComparisonSide("Fact-check the memo against our research library.")).toEqual([]);
    expect(ownComparisonSide("For our board pack: how fast will Asia-Pacific grow?")).toEqual([]);
  });

  it("finds something unnamed the requester has, and a choice located in their past", () => {
    expect(
      decidedInClause("We have a fixed per-seat budget for next year. Which plan fits inside it?"),
    ).toEqual(["a fixed per-seat budget"]);
    expect(decidedInClause("We have 40 engineers. Which plan fits?")).toEqual([]);
    expect(decidedElsewhereZh("帮我把我们上个月试点的那家厂商的三年总拥有成本跟行业平均水平比一下")).toEqual([
      "我们上个月试点的那家厂商",
    ]);
    expect(decidedElsewhereZh("我们的报告需要引用")).toEqual([]);
  });

  it("finds the ones decided at a time only the requester knows, with no subject said", () => {
    expect(decidedThenZh("帮我对比一下上周架构评审会上定下来的那三个候选框架，重点看成功率。")).toEqual([
      "上周架构评审会上定下来的那三个候选框架",
    ]);
    expect(decidedThenZh("整理一下 Project X 在中国市场的规模和增速")).toEqual([]);
    // The requester served ("给我") or a kind of organisation ("我们这种…企业") is no choice of theirs.
    expect(decidedElsewhereZh("请给我一份简短的中文说明，列出主要厂商。")).toEqual([]);
    expect(decidedElsewhereZh("像我们这种受监管的企业，该选哪个框架？")).toEqual([]);
    // A word the dictionary lacks ("周会") does not end the clause the way punctuation does.
    expect(decidedThenZh("上次周会提到的那家厂商，每个技师每月要付多少钱？")).toEqual([
      "上次周会提到的那家厂商",
    ]);
    expect(decidedThenZh("帮我整理一下上次周会上提到的那家 Project X 厂商在中国的定价")).toEqual([
      "上次周会上提到的那家 Project X 厂商",
    ]);
  });

  it("finds the requester's own thing as the owner of what is asked, and a clause run across a Latin name", () => {
    expect(
      ownPossessor("size our home region's project x market for 2025 and project it out to 2030"),
    ).toEqual(["our home region"]);
    expect(ownPossessor("What is my company's market share?")).toEqual(["my company"]);
    expect(ownPossessor("Write it up for our board's meeting on Fernbrook")).toEqual([]);
    expect(ownPossessor("Compare Quillon's price with our budget")).toEqual([]);
    expect(
      decidedElsewhereZh(
        "把我们上季度和 Fernbrook 谈下来的折扣套到 FieldMate 的标价上，算一下一年要花多少钱？",
      ),
    ).toEqual(["我们上季度和 Fernbrook 谈下来的折扣"]);
  });
});

describe("things fixed by the requester's own documents and recent events", () => {
  it("finds what their plan or deck fixes, not what the agent's library holds", () => {
    expect(ownedLocation("What does it cost us for the crew size in our FY26 ops plan?")).toEqual([
      "the crew size in our FY26 ops plan",
    ]);
    expect(ownedLocation("Check the figures in our library against Halden.")).toEqual([]);
    expect(ownedLocation("What is the role of AI in our lives?")).toEqual([]);
    // A name placed in a place of theirs: which place, only they know.
    expect(ownedLocation("Project X in our home region: project Halden's figure to 2030.")).toEqual([
      "Project X in our home region",
    ]);
    // A word capitalised by its place, or an acronym, is no name placed there.
    expect(ownedLocation("Trends in our industry are slow. AI in my view is overrated.")).toEqual([]);
    // The phrase ends before the rest of the sentence: a name after it stays in the goal.
    expect(ownedLocation("Is the headcount in our plan above Fernbrook's?")).toEqual([
      "the headcount in our plan",
    ]);
  });

  it("finds their own people or things in the plural, unless a number counts them", () => {
    expect(ownCounted("what would switching our technicians to Quillon Scout save us per year?")).toEqual([
      "our technicians",
    ]);
    expect(ownCounted("a three-year estimate for our maintenance technicians")).toEqual([
      "our maintenance technicians",
    ]);
    expect(ownCounted("What would it cost to put our 120 techs on Quillon Scout?")).toEqual([]);
    expect(ownCounted("Write it up for our board.")).toEqual([]);
  });

  it("finds what reached them lately ('the quote … landed yesterday'), not a source's publication", () => {
    expect(
      arrivedLately("Fernbrook's renewal quote for our 300 crews landed yesterday. Is it above the market?"),
    ).toEqual(["Fernbrook's renewal quote"]);
    expect(arrivedLately("Halden's report came out last week: what does it say about Quillon?")).toEqual([]);
    expect(arrivedLately("The tariff ruling published yesterday for US imports: what changes?")).toEqual([]);
  });

  it("finds their whole staff before the word of totality, and the decided country as a whole noun", () => {
    expect(ownTotalityZh("如果我们工厂的维修技师全部换成 Nordvale Atlas，三年总拥有成本是多少？")).toEqual([
      "我们工厂的维修技师全部",
    ]);
    expect(decidedThenZh("老板上周拍板要进的那个亚太国家，市场规模多大？")[0]).toContain("亚太国家");
  });
});
