import { describe, expect, it } from "vitest";
import { declinesQuestions } from "../../language/references";
import { Clarification } from "../../planner/plan-schema";
import { clarify } from "./clarify";
import { privateReference } from "./private-context";

const c = (x: Clarification) => (x.spec ? "spec" : `question: ${x.question?.prompt}`);
const run = (goal: string, answers: { prompt: string; answer: string }[] = []) =>
  Clarification.parse(clarify({ purpose: "clarify", goal, answers }));

describe("clarify", () => {
  it("plans a goal whose question went unanswered, the references taken out in a bounded pass", () => {
    // Taking "for our 300 crews" out once left " ," — a reference of no words, found again forever.
    const goal =
      "Fernbrook's renewal quote for our 300 crews landed yesterday. Is it above or below what a buyer our size should be paying? Give me the difference per seat.";
    expect(c(run(goal, [{ prompt: "The goal mentions …", answer: "none" }]))).toBe("spec");
  });

  it("asks how many when a total of theirs over a span counts nothing; not when a count or a unit price is given", () => {
    expect(
      c(run("roughly what would Fernbrook FieldMate cost us per year at list price? just licences")),
    ).toMatch(/^question: The total depends on how many there are/);
    expect(
      c(run("How much would we save per month moving our crew off Nordvale Atlas onto Fernbrook FieldMate?")),
    ).toMatch(/how many people, seats/);
    expect(c(run("我们厂打算把维修技师全部换成 Nordvale Atlas，帮我估一下三年总共要花多少钱。"))).toMatch(
      /一共涉及多少/,
    );
    expect(c(run("What would 150 seats of Fernbrook FieldMate cost us per year?"))).toBe("spec");
    expect(c(run("What would Fernbrook FieldMate cost us per technician per month?"))).not.toMatch(
      /how many/,
    );
  });

  it("does not ask who 'our platform team' is when nothing asked depends on it; asks when a total does", () => {
    const context = run(
      "Braidline vs Loomwork for our platform team: task success rate, cost per task, and whether each one ships a Kubernetes operator.",
    );
    expect(c(context)).toBe("spec");
    const total = run(
      "Could you work out what Fernbrook would cost us over three years for our whole field team?",
    );
    expect(total.question?.prompt).toContain("our whole field team");
    // Their people counted in a saving of theirs; whom a comparison is for asks nothing.
    expect(
      run(
        "Roughly what would switching our technicians from Fernbrook FieldMate to Quillon Scout save us per year?",
      ).question?.prompt,
    ).toContain("our technicians");
    expect(
      c(
        run(
          "Compare Nordvale Systems and Fernbrook on list price and IASS-2 status for our maintenance technicians.",
        ),
      ),
    ).toBe("spec");
    const selects = run("Compare Loomwork and Relaywright against the criteria for our shortlist.");
    expect(selects.question?.prompt).toContain("our shortlist");
  });

  it("does not ask about whom a report is for when it asks only prices, a file it goes in, or who plans", () => {
    // A price is the same for anyone: "what the add-on costs" is no total for them.
    expect(
      c(run("Brief on Loomwork for our support team: its list price and what the audit add-on costs.")),
    ).toBe("spec");
    // The head of "our vendor-risk file" is the file, not "our vendor".
    expect(
      c(run("For our supplier-audit folder: how severe was the Braidline outage and how long did it last?")),
    ).toBe("spec");
    // The phrase that is the subject of planning is who asks.
    expect(
      c(
        run(
          "Our operations group is preparing for the IASS-2 deadline: which of the four vendors are certified?",
        ),
      ),
    ).toBe("spec");
    // A hypothetical or total cost still needs their size.
    expect(run("What would the audit add-on cost for our support team?").question?.prompt).toContain(
      "our support team",
    );
  });

  it("asks about a thing at the requester's place of work, not about a time they give", () => {
    expect(
      run("what would Nordvale Atlas run us per year for the whole maintenance crew at our Lyon plant?")
        .question?.prompt,
    ).toContain("the whole maintenance crew at our Lyon plant");
    expect(
      c(
        run(
          "Compare Loomwork and Relaywright on cost per task; send me the summary at my earliest convenience.",
        ),
      ),
    ).toBe("spec");
  });

  it("compares what the comparison word joins, not a place the request is set in nor a name written in lower case", () => {
    const place = run(
      "For a plant in Suzhou: which hits first, China's field-terminal data localisation rule or IASS-2, and how many days are there between the two dates?",
    ).spec;
    expect(place?.acceptanceCriteria.join(" ")).not.toContain("Suzhou");
    const lower = run(
      "Prepping for Thursday's steering committee: Project X payback, first-time fix rate before vs after deployment.",
    ).spec;
    expect(lower?.acceptanceCriteria.join(" ")).not.toContain("Steering Committee");
  });

  it("keeps a comparison's other names as topics (a measure's acronym, a source) and drops words that only ask for arithmetic", () => {
    const spec = run(
      "We're sizing a 350-technician rollout. What's the three-year TCO on Nordvale vs Tessaract Labs for the whole fleet, and what's the difference? Use Halden's per-technician figures.",
    ).spec;
    expect(spec?.topics.slice(0, 2)).toEqual(["Nordvale", "Tessaract Labs"]);
    expect(spec?.topics).toEqual(expect.arrayContaining(["TCO", "Halden"]));
    expect(spec?.topics).not.toContain("difference");
    const diff = run("monthly bill for loomwork vs relaywright? diff?").spec;
    expect(diff?.topics).not.toContain("diff");
    // Names written in lower case are written as names in the spec.
    expect(diff?.topics.slice(0, 2)).toEqual(["Loomwork", "Relaywright"]);
  });

  it.each(["help me", "do some research", "report", "帮我做个研究"])(
    "asks what to research for the vague goal %j",
    (goal) => {
      const c = run(goal);
      expect(c.spec).toBeNull();
      expect(c.question?.prompt).toBeTruthy();
      expect(c.question?.choices.length).toBeGreaterThanOrEqual(2);
      expect(c.question?.choices.length).toBeLessThanOrEqual(4);
    },
  );

  it("asks about the one term a too-short goal gives, with choices built from it", () => {
    const c = run("Loomwork");
    expect(c.spec).toBeNull();
    expect(c.question?.prompt).toContain("Loomwork");
    expect(c.question?.choices.every((choice) => choice.includes("Loomwork"))).toBe(true);
  });

  it("plans once the user has answered the question", () => {
    const c = run("help me", [
      { prompt: "What should I research?", answer: "Project X pricing and market share" },
    ]);
    expect(c.spec?.topics).toEqual(expect.arrayContaining(["Project X", "pricing", "market share"]));
  });

  it("detects a comparison with both entities, the audience and checkable criteria", () => {
    const c = run("Compare Loomwork and Relaywright on task success, cost and failure modes for the CTO");
    expect(c.spec?.compare).toBe(true);
    expect(c.spec?.topics.slice(0, 2)).toEqual(["Loomwork", "Relaywright"]);
    expect(c.spec?.topics).toEqual(expect.arrayContaining(["task success", "cost", "failure modes"]));
    expect(c.spec?.audience).toBe("the CTO");
    expect(c.spec?.acceptanceCriteria).toContain("Names Loomwork and Relaywright");
    expect(c.spec?.acceptanceCriteria.some((a) => /cites at least 2/i.test(a))).toBe(true);
  });

  it.each([
    ["Loomwork vs Relaywright: which is cheaper?", ["Loomwork", "Relaywright"]],
    ["compare postgres and mysql for analytics", ["Postgres", "Mysql"]],
    ["比较华为和小米的市场份额", ["华为", "小米"]],
    // What a possessive owns is what the side has, not a side.
    ["Compare Tessaract's Project X market share with Fernbrook's", ["Tessaract", "Fernbrook"]],
    // "A's share … vs B and C": the name that has the measure is the first side.
    [
      "how does Nordvale Systems' share of the market stack up vs Fernbrook and Quillon?",
      ["Nordvale Systems", "Fernbrook"],
    ],
  ])("finds the compared entities in %j", (goal, entities) => {
    const c = run(goal);
    expect(c.spec?.compare).toBe(true);
    expect(c.spec?.topics.slice(0, 2)).toEqual(entities);
  });

  it("reads 'which … best' as a comparison", () => {
    expect(run("Which agent framework handles tool failures best?").spec?.compare).toBe(true);
  });

  it("handles a Chinese goal: Chinese topics, language constraint, Chinese deliverable", () => {
    const c = run("对比 Loomwork 和 Relaywright 的任务成功率和成本");
    expect(c.spec?.compare).toBe(true);
    expect(c.spec?.topics).toEqual(["Loomwork", "Relaywright", "任务成功率", "成本"]);
    expect(c.spec?.constraints.join(" ")).toMatch(/Chinese/);
    expect(c.spec?.deliverable).toMatch(/对比报告/);
  });

  it("turns length, source and language requests into constraints, not topics", () => {
    const c = run(
      "Project X market size and growth in Asia-Pacific for executives, under 400 words, at least 3 sources, in Chinese",
    );
    expect(c.spec?.topics).toEqual(["Project X", "market size", "growth", "Asia-Pacific"]);
    expect(c.spec?.audience).toBe("executives");
    expect(c.spec?.constraints).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Language: Chinese/),
        expect.stringMatching(/at most 400 words/),
        expect.stringMatching(/at least 3 documents/),
      ]),
    );
    expect(c.spec?.acceptanceCriteria.join(" ")).toMatch(/3/);
  });

  it("does not take a capitalised common word at the start for a name", () => {
    const c = run("Market size of Project X in 2025");
    expect(c.spec?.topics).toEqual(["market size", "Project X"]);
  });

  it("gives different specs for different goals", () => {
    expect(run("Project X regulation in China").spec).not.toEqual(run("Project X pricing in Japan").spec);
  });
});

describe("references only the requester can resolve", () => {
  const ask = (goal: string, answers: { prompt: string; answer: string }[] = []) =>
    clarify({ purpose: "clarify", goal, answers });

  it("asks about the user's own context instead of guessing", () => {
    const r = ask("Put together a list-price comparison of the two Project X vendors on our shortlist");
    expect(r.spec).toBeNull();
    expect(r.question?.prompt).toContain("our shortlist");
    const budget = ask(
      "Harrowgate Utilities, one of our accounts, wants the three-year cost for their entire technician workforce.",
    );
    expect(budget.question?.prompt).toContain("their entire technician workforce");
    expect(privateReference("我们的候选供应商有哪些定价？")).toBe("我们的候选");
  });

  it("names every such reference in one question, not only the first", () => {
    const r = ask(
      "How much would we save per year by moving our whole field team from our current assistant contract to Quillon Scout?",
    );
    expect(r.question?.prompt).toContain('"our whole field team"');
    expect(r.question?.prompt).toContain('"our current assistant contract"');
    expect(r.question?.prompt).toMatch(/what are they exactly/);
  });

  it("plans once the person has answered, and leaves ordinary goals alone", () => {
    const answered = ask("Compare the two vendors on our shortlist on price", [
      { prompt: "…", answer: "Fernbrook and Nordvale Systems" },
    ]);
    expect(answered.spec).not.toBeNull();
    expect(privateReference("Project X market size and growth in 2025")).toBeNull();
    expect(privateReference("How do agent frameworks handle their tool failures?")).toBeNull();
  });
});

describe("words that open a sentence", () => {
  it("are not names just because they are capitalised", () => {
    const c = run(
      "Loomwork vs Relaywright for an enterprise rollout: readiness and reliability. Keep it to a memo.",
    );
    expect(c.spec?.topics).toContain("Loomwork");
    expect(c.spec?.topics).toContain("Relaywright");
    expect(c.spec?.topics).not.toContain("Keep");
    expect(c.spec?.deliverable).not.toMatch(/Keep/);
  });

  it("still takes a real name that opens a sentence", () => {
    const c = run("Market size of Project X in 2025. Fernbrook's share of it.");
    expect(c.spec?.topics.join(" ")).toMatch(/Fernbrook/);
  });
});

describe("context the goal gives itself", () => {
  it("does not ask a requester who said not to check back", () => {
    const goal =
      "Compare the vendor our ops group picked with Tessaract on price; no need to check back with me.";
    expect(declinesQuestions(goal)).toBe(true);
    expect(run(goal).spec).not.toBeNull();
    expect(declinesQuestions("不用再问我，直接对比 Nordvale 和 Tessaract 的价格。")).toBe(true);
    expect(declinesQuestions("Ask the vendors about pricing and confirm the discount tiers.")).toBe(false);
  });

  it("reads a negated 'ask' with no object as declining questions ('don't ask, just compute')", () => {
    expect(declinesQuestions("All the prices are in the library - don't ask, just compute.")).toBe(true);
    expect(declinesQuestions("Don't ask questions, just answer.")).toBe(true);
    // A negated 'ask' with a clause of its own says what not to question, not that nobody may be asked.
    expect(declinesQuestions("Don't ask whether the survey is right; compare the two.")).toBe(false);
  });
});

describe("what is compared", () => {
  it("is what the comparison word coordinates, not every name the goal mentions", () => {
    const c = run(
      "Our maintenance team at the Brno plant (200 technicians) is choosing between Fernbrook FieldMate and Nordvale Atlas: compare Halden's three-year cost and IASS-2 status.",
    );
    expect(c.spec?.acceptanceCriteria).toContain("Names Fernbrook FieldMate and Nordvale Atlas");
  });
});

describe("answers given when asked", () => {
  it("become constraint lines the later steps read back, without spoiling the others", async () => {
    const { readConstraints } = await import("./goal-options");
    const goal = "Which Project X vendors come in under our per-seat ceiling, and by how much?";
    const c = run(goal, [{ prompt: "What is the ceiling?", answer: "USD 45 per technician per month." }]);
    expect(c.spec?.constraints).toContain("Given by the requester: USD 45 per technician per month.");
    const read = readConstraints(goal, ["Derived figures: difference", ...(c.spec?.constraints ?? [])]);
    expect(read.derived).toEqual(["difference"]);
    expect(read.given).toEqual(["USD 45 per technician per month."]);
  });
});

describe("a change of requirements", () => {
  const change = (goal: string, text: string) =>
    clarify({
      purpose: "clarify",
      goal,
      answers: [{ prompt: "Requirement change from analyst", answer: text }],
    }).spec;

  it("that narrows the scope replaces the items compared and keeps the subject and the aspects", () => {
    const spec = change(
      "Put Fernbrook and Nordvale side by side for a utility tender: list price, IASS-2 certification and market share.",
      "Change of plan: Nordvale is out. Compare Fernbrook with Quillon instead, same criteria.",
    );
    expect(spec?.topics).toContain("Quillon");
    expect(spec?.topics).toContain("market share");
    expect(spec?.topics).not.toContain("Nordvale");
    expect(spec?.topics).not.toContain("change");
    const sectors = change(
      "Can you summarise Project X adoption rates by industry for 2025?",
      "Change of plan - only utilities vs manufacturing now. Adoption rate and 2025 revenue for each, and the revenue gap between them.",
    );
    expect(sectors?.topics.slice(0, 2)).toEqual(["utilities", "manufacturing"]);
    expect(sectors?.topics).not.toContain("Adoption");
  });

  it("that adds to the request keeps everything the goal asked", () => {
    const spec = change("Compare Loomwork and Relaywright on task success", "Also cover pricing.");
    expect(spec?.topics).toEqual(expect.arrayContaining(["Loomwork", "Relaywright", "pricing"]));
  });
});

describe("clarify: an answer about a name the library lacks", () => {
  it("puts the name the answer gives in its place, and takes none of its other words for topics", () => {
    const spec = run(
      "Quick profile of Valtrek Systems in the Project X space please: market share and list price.",
      [
        {
          prompt: "No document in the library mentions Valtrek Systems. What should the report use for it?",
          answer: "Sorry, wrong name - I meant Nordvale Systems, the Gothenburg headset vendor.",
        },
      ],
    ).spec;
    expect(spec?.topics).toContain("Nordvale Systems");
    expect(spec?.topics).not.toContain("Valtrek Systems");
    expect(spec?.topics).not.toContain("wrong name");
  });

  it("keeps the name when the answer gives none", () => {
    const spec = run("Project X market size in Latin America", [
      {
        prompt: "No document in the library mentions Latin America. What should the report use for it?",
        answer: "Use whatever the library has that's closest and say clearly what's missing.",
      },
    ]).spec;
    expect(spec?.topics).toContain("Latin America");
  });
});

describe("clarify: a reference whose size the request gives", () => {
  it.each([
    "我们团队 25 个人，Loomwork Enterprise 和 Relaywright Cloud Team 一年的席位费用各要多少？",
    "Annual seat cost of Loomwork Enterprise for our team of 40 people?",
  ])("plans without asking: %j", (goal) => {
    const c = run(goal);
    expect(c.question).toBeNull();
    expect(c.spec).not.toBeNull();
  });
});
