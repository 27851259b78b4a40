import { describe, expect, it } from "vitest";
import { InMemoryLibrary } from "../tools/library/document-library";
import { groundTopics } from "./ground-topics";

const doc = (id: string, text: string) => ({
  id,
  title: id,
  text,
  lang: "en" as const,
  tags: [],
  published: "2025-01-01",
  source: "test",
  figures: [],
});

describe("groundTopics", () => {
  const library = new InMemoryLibrary([
    doc("a", "Project X market size reached USD 4.2 billion in 2025."),
    doc("b", "Growth was fastest in Asia-Pacific."),
  ]);
  const spec = {
    deliverable: "a report",
    audience: "analysts",
    constraints: [],
    acceptanceCriteria: [],
    compare: false,
  };

  it("leaves out common-word topics no document contains, and says which", async () => {
    const g = await groundTopics(
      { ...spec, topics: ["Project X", "market size", "offline afternoon"] },
      library,
    );
    expect(g.spec.topics).toEqual(["Project X", "market size"]);
    expect(g.dropped).toEqual(["offline afternoon"]);
    // A time is no subject matter to report missing.
    expect(g.spec.constraints).toEqual([]);
  });

  it("records a dropped topic of subject matter, so the report says the library lacks it", async () => {
    const g = await groundTopics({ ...spec, topics: ["Project X", "market size", "mining"] }, library);
    expect(g.dropped).toEqual(["mining"]);
    expect(g.spec.constraints).toEqual(["Not in the library index: mining"]);
  });

  it("keeps names the library lacks: a missing subject is a finding, not noise", async () => {
    const g = await groundTopics({ ...spec, topics: ["Zephyrine", "growth"] }, library);
    expect(g.spec.topics).toEqual(["Zephyrine", "growth"]);
  });

  it("checks every name the request gives, not only the first; an acronym is a measure, not a name", async () => {
    const g = await groundTopics({ ...spec, topics: ["share", "Project X", "Corvane", "CAGRs"] }, library);
    expect(g.unknown).toEqual(["Corvane"]);
  });

  it("in a comparison checks the sides; another name the library lacks is looked for, not asked about", async () => {
    const g = await groundTopics(
      {
        ...spec,
        compare: true,
        acceptanceCriteria: ["Names Project X and Corvane."],
        topics: ["Project X", "Corvane", "Kubernetes operator", "growth"],
      },
      library,
    );
    expect(g.unknown).toEqual(["Corvane"]);
    expect(g.spec.topics).toContain("Kubernetes operator");
  });

  it("does not ask about an ordinary word capitalised because it opens a sentence of the request", async () => {
    const topics = ["Compute", "cost", "Stratagem"];
    const g = await groundTopics(
      { ...spec, topics },
      library,
      "Compute cost per task. How does Stratagem do?",
    );
    expect(g.unknown).toEqual(["Stratagem"]);
    // Without the request, or mid-sentence, a name the library lacks is still asked about.
    expect((await groundTopics({ ...spec, topics }, library)).unknown).toEqual(["Compute", "Stratagem"]);
  });

  it("changes nothing when no topic is found at all", async () => {
    const g = await groundTopics({ ...spec, topics: ["weather", "football"] }, library);
    expect(g.spec.topics).toEqual(["weather", "football"]);
    expect(g.dropped).toEqual([]);
  });
});

describe("groundTopics: initialisms", () => {
  it("knows an acronym whose letters begin a name the library has ('NA' for North America)", async () => {
    const library = new InMemoryLibrary([
      doc("r", "North America is the largest region at USD 1.6 billion."),
    ]);
    const g = await groundTopics(
      {
        deliverable: "a report",
        audience: "analysts",
        constraints: [],
        acceptanceCriteria: ["Names NA and Corvane"],
        compare: true,
        topics: ["NA", "Corvane"],
      },
      library,
    );
    expect(g.unknown).toEqual(["Corvane"]);
    // Researched by the name it stands for, which the documents use.
    expect(g.spec.topics).toEqual(["North America", "Corvane"]);
    expect(g.spec.acceptanceCriteria).toEqual(["Names North America and Corvane"]);
  });

  it("reads a word's prefix as its part of an acronym ('APAC' for Asia-Pacific), and never finds 'NA' inside 'finance'", async () => {
    const library = new InMemoryLibrary([
      doc(
        "r",
        "Finance teams in Asia-Pacific grew fastest; Asia-Pacific reached USD 1.1 billion. North America led.",
      ),
    ]);
    const spec = {
      deliverable: "a report",
      audience: "analysts",
      constraints: [],
      acceptanceCriteria: ["Names NA and APAC"],
      compare: true,
      topics: ["NA", "APAC"],
    };
    const g = await groundTopics(spec, library);
    expect(g.unknown).toEqual([]);
    expect(g.spec.topics).toEqual(["North America", "Asia-Pacific"]);
    const none = await groundTopics(
      { ...spec, topics: ["NA"], acceptanceCriteria: ["Names NA and Europe"] },
      new InMemoryLibrary([doc("f", "Finance and banking.")]),
    );
    expect(none.unknown).toEqual(["NA", "Europe"]);
  });

  it("writes out an initialism inside a topic that no document uses ('APAC CAGR')", async () => {
    const library = new InMemoryLibrary([
      doc("r", "Asia-Pacific is the fastest-growing region, with a CAGR of 24% and spare capacity."),
    ]);
    const g = await groundTopics(
      {
        deliverable: "a report",
        audience: "analysts",
        constraints: [],
        acceptanceCriteria: [],
        compare: false,
        topics: ["APAC CAGR", "region"],
      },
      library,
    );
    expect(g.spec.topics).toEqual(["Asia-Pacific CAGR", "region"]);
    expect(g.unknown).toEqual([]);
  });

  it("finds a name the documents hyphenate ('addon' for 'add-on') even where the index splits it", async () => {
    const library = new InMemoryLibrary([
      doc("p", "The analytics add-on costs USD 8 per technician per month."),
    ]);
    const g = await groundTopics(
      {
        deliverable: "a report",
        audience: "analysts",
        constraints: [],
        acceptanceCriteria: [],
        compare: false,
        topics: ["Addon"],
      },
      library,
    );
    expect(g.unknown).toEqual([]);
  });

  it("finds an initialism in its plural, and never a name inside another word", async () => {
    const library = new InMemoryLibrary([doc("p", "SMEs adopt slowly; the pattern holds across regions.")]);
    const spec = {
      deliverable: "a report",
      audience: "analysts",
      constraints: [],
      acceptanceCriteria: ["Names SME and Tern"],
      compare: true,
      topics: ["SME", "Tern"],
    };
    const g = await groundTopics(spec, library);
    expect(g.unknown).toEqual(["Tern"]);
  });
});

describe("groundTopics: what the run can do without", () => {
  const library = new InMemoryLibrary([
    doc("m", "Across 41 sites, mean time to repair fell by 23% and the first-time fix rate rose."),
    doc("r", "Project X reached USD 4.2 billion; Fernbrook leads with 31%."),
  ]);
  const spec = (topics: string[]) => ({
    deliverable: "a report",
    audience: "analysts",
    constraints: [],
    acceptanceCriteria: [],
    compare: false,
    topics,
  });

  it("knows a measure's initialism the documents spell out in lower case ('MTTR')", async () => {
    const g = await groundTopics(
      { ...spec(["Project X", "MTTR"]), compare: true, acceptanceCriteria: ["Names Project X and MTTR"] },
      library,
      "Project X before vs after, plus the MTTR change.",
    );
    expect(g.unknown).toEqual([]);
    expect(g.spec.topics).toContain("mean time to repair");
  });

  it("records a missing name in the spec, and needs it only when the request is about it", async () => {
    const part = await groundTopics(
      spec(["Project X", "Latin America"]),
      library,
      "Do we have anything on the Project X market in Latin America?",
    );
    expect(part.unknown).toEqual(["Latin America"]);
    expect(part.essential).toBe(false);
    expect(part.spec.constraints).toContain("Not in the library: Latin America");
    const subject = await groundTopics(
      spec(["Halvorsen Robotics", "Project X", "Fernbrook"]),
      library,
      "What market share does Halvorsen Robotics hold in Project X, and is it gaining on Fernbrook?",
    );
    expect(subject.essential).toBe(true);
    // The only name the request gives, yet only where its subject is: the report states the gap.
    const only = await groundTopics(
      spec(["Patagonia", "pricing"]),
      library,
      "A buyers' club in Patagonia wants Project X pricing per seat.",
    );
    expect(only.unknown).toEqual(["Patagonia"]);
    expect(only.essential).toBe(false);
  });

  it("does not ask about words the parser took for a name that the requester wrote in lower case", async () => {
    const g = await groundTopics(
      spec(["Steering Committee", "Project X", "payback"]),
      library,
      "Prepping for Thursday's steering committee: a one-pager on Project X payback.",
    );
    expect(g.unknown).toEqual([]);
    expect(g.spec.topics).not.toContain("Steering Committee");
    // A requester who writes everything in lower case gives no such sign: the name is still asked about.
    const lower = await groundTopics(
      spec(["Halvorsen", "Project X"]),
      library,
      "halvorsen robotics — project x mkt share and list price?",
    );
    expect(lower.unknown).toEqual(["Halvorsen"]);
    // "I" and an acronym are no sign of a requester who capitalises names.
    const pronoun = await groundTopics(
      spec(["Halvorsen", "Project X"]),
      library,
      "can I get halvorsen robotics' project x mkt share in USD?",
    );
    expect(pronoun.unknown).toEqual(["Halvorsen"]);
  });

  it("does not ask about a word mistyped in lower case ('forcast')", async () => {
    const g = await groundTopics(
      {
        ...spec(["Project X", "Forcast"]),
        compare: true,
        acceptanceCriteria: ["Names Project X and Forcast"],
      },
      library,
      "whats the project x market size and yoy growth? also the 2030 forcast",
    );
    expect(g.unknown).toEqual([]);
  });

  it("does not take a contraction opening the request for a name", async () => {
    const g = await groundTopics(
      spec(["We're", "Fernbrook"]),
      library,
      "We're ~600 techs. Fernbrook at list?",
    );
    expect(g.unknown).toEqual([]);
  });

  it("takes a side the request cites figures of, and the library knows as a publisher, for a source", async () => {
    const published = new InMemoryLibrary([
      {
        ...doc(
          "m",
          "Halden sizes the Project X market at USD 4.2 billion. Fernbrook holds 31%, Nordvale 24%.",
        ),
        source: "Halden Research",
      },
    ]);
    const sides = "Halden, Fernbrook and Nordvale";
    const g = await groundTopics(
      {
        ...spec(["Halden", "Fernbrook", "Nordvale", "market size"]),
        compare: true,
        acceptanceCriteria: [`Names ${sides}`, `Has a section for each of ${sides}`],
      },
      published,
      "Using Halden's 2025 market size, what revenue does that imply for Fernbrook and for Nordvale?",
    );
    expect(g.spec.acceptanceCriteria).toEqual([
      "Names Fernbrook and Nordvale",
      "Has a section for each of Fernbrook and Nordvale",
    ]);
    expect(g.spec.topics).toEqual(["Fernbrook", "Nordvale", "market size"]);
    expect(g.spec.compare).toBe(true);
    // Compared in its own right, a publisher stays a side.
    const own = await groundTopics(
      {
        ...spec(["Halden", "Fernbrook"]),
        compare: true,
        acceptanceCriteria: ["Names Halden and Fernbrook"],
      },
      published,
      "Compare Halden and Fernbrook",
    );
    expect(own.spec.acceptanceCriteria).toEqual(["Names Halden and Fernbrook"]);
  });

  it("keeps a vendor that publishes too, rebuilds only the lists of sides, and never drops every side", async () => {
    const library = new InMemoryLibrary([
      {
        ...doc("q", "Quillon cut the Scout price. Halden sizes the market."),
        source: "Quillon press office",
        figures: [{ name: "Quillon list price", value: "USD 39 per technician per month" }],
      },
      {
        ...doc("h", "Halden sizes the Project X market at USD 4.2 billion; Fernbrook holds 31%."),
        source: "Halden Research",
      },
    ]);
    const sides = "Fernbrook, Halden and Quillon";
    const g = await groundTopics(
      {
        ...spec(["Fernbrook", "Halden", "Quillon"]),
        compare: true,
        acceptanceCriteria: [`Names ${sides}`, "Cites Halden and at least 2 sources"],
      },
      library,
      "Using Halden's market size, compare Fernbrook's and Quillon's implied revenue",
    );
    expect(g.spec.acceptanceCriteria).toEqual([
      "Names Fernbrook and Quillon",
      "Cites Halden and at least 2 sources",
    ]);
    const alone = await groundTopics(
      { ...spec(["Halden", "Kestrel"]), compare: true, acceptanceCriteria: ["Names Halden and Kestrel"] },
      new InMemoryLibrary([
        { ...doc("h", "Halden and Kestrel publish notes."), source: "Halden Research" },
        { ...doc("k", "Kestrel and Halden publish notes."), source: "Kestrel Evaluation Group" },
      ]),
      "How do Halden's and Kestrel's methods differ?",
    );
    expect(alone.spec.acceptanceCriteria).toEqual(["Names Halden and Kestrel"]);
  });
});
