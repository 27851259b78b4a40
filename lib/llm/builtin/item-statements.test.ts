import { describe, expect, it } from "vitest";
import type { ResearchFrame } from "./frame";
import { itemStatements } from "./item-statements";
import { statementAbout } from "./prose-figures";
import { readDoc } from "./test-docs";

const frame = (request: string, excluded: string[] = []) =>
  ({
    request,
    subject: null,
    entities: [],
    options: { excluded, changed: [], given: [] },
  }) as unknown as ResearchFrame;
const doc = readDoc;
const lists = doc("lists", "Four frameworks were compared.", [
  ["Loomwork GitHub stars", "38,000 stars"],
  ["Relaywright GitHub stars", "52,000 stars"],
  ["Braidline GitHub stars", "9,400 stars"],
  ["Loomwork contributors", "610 contributors"],
  ["Relaywright contributors", "880 contributors"],
  ["Braidline contributors", "130 contributors"],
]);
const licences = doc(
  "licences",
  [
    "Loomwork's core is released under the Apache-2.0 licence. Its hosted edition is commercial.",
    "Relaywright is MIT-licensed, and the company sells a hosted runtime.",
    "Braidline is AGPL-3.0 licensed, and a commercial licence starts at USD 24,000 per organisation per year.",
  ].join("\n\n"),
);

describe("itemStatements", () => {
  it("quotes, for each item of a kind asked as a whole, the sentence on an aspect no figure measures", () => {
    const out = itemStatements(
      frame("A table of the four agent frameworks' licences, please."),
      [lists, licences],
      [],
    );
    expect(out.map((s) => `${s.item}: ${s.sentence}`)).toEqual([
      "Loomwork: Loomwork's core is released under the Apache-2.0 licence.",
      "Relaywright: Relaywright is MIT-licensed, and the company sells a hosted runtime.",
      "Braidline: Braidline is AGPL-3.0 licensed, and a commercial licence starts at USD 24,000 per organisation per year.",
    ]);
  });

  it("keeps to the items named, leaves out what is ruled out, and repeats nothing already stated", () => {
    const named = itemStatements(frame("What licence does Braidline use?"), [lists, licences], []);
    expect(named.map((s) => s.item)).toEqual(["Braidline"]);
    const ruled = itemStatements(
      frame("Each framework's licence", ["Relaywright"]),
      [lists, licences],
      ["Loomwork's core is released under the Apache-2.0 licence."],
    );
    expect(ruled.map((s) => s.item)).toEqual(["Braidline"]);
  });

  it("quotes an item's status from a paragraph on the aspect, though a count over all items is listed", () => {
    const vendors = doc("prices", "Four vendors sell assistants.", [
      ["Quillon list price", "USD 39"],
      ["Tessaract Labs list price", "USD 35"],
      ["Vendors certified to IASS-2 (2025)", "2 vendors"],
    ]);
    const status = doc(
      "status",
      [
        "IASS-2 takes effect in 2026.",
        "As of June 2025, two vendors hold IASS-2 certification. Quillon says it expects certification in the first quarter of 2026. Tessaract Labs has not published a timeline.",
      ].join("\n\n"),
    );
    const out = itemStatements(
      frame("The expected IASS-2 certification dates for Quillon and Tessaract Labs."),
      [vendors, status],
      [],
    );
    expect(out.map((s) => `${s.item}: ${s.sentence}`)).toEqual([
      "Quillon: Quillon says it expects certification in the first quarter of 2026.",
      "Tessaract Labs: Tessaract Labs has not published a timeline.",
    ]);
  });

  it("says nothing of an aspect a listed figure measures", () => {
    expect(itemStatements(frame("Each framework's GitHub stars"), [lists, licences], [])).toEqual([]);
  });

  it("skips a sentence that only classes the item as the kind asked", () => {
    const regions = doc(
      "regions",
      "North America is the largest region at USD 1.6 billion. Europe follows.",
      [
        ["Project X North America market size 2025", "USD 1.6 billion"],
        ["Project X Europe market size 2025", "USD 1.2 billion"],
      ],
    );
    expect(itemStatements(frame("Rank the Project X regions by growth."), [regions, regions], [])).toEqual(
      [],
    );
  });

  it("quotes nothing for a phrase of a clause that asks for arithmetic", () => {
    const spread = doc(
      "spread",
      "The spread between vendors narrows once hardware is included, for Loomwork too.",
    );
    expect(
      itemStatements(
        frame("Tell me the spread between the priciest and the cheapest of the four frameworks."),
        [lists, spread],
        [],
      ),
    ).toEqual([]);
  });
});

describe("the statement about an item", () => {
  const standard = readDoc(
    "reg",
    "IASS-2 takes effect on 1 July 2026.\n\nAs of June 2025, 2 of the 4 leading vendors are certified: Fernbrook and Nordvale Systems. Tessaract Labs has not published a timeline.",
  );
  standard.title = "Project X regulation and the IASS-2 safety standard";
  const zh = readDoc(
    "reg-zh",
    "IASS-2 于 2026 年 7 月 1 日起生效。Quillon 预计 2026 年第一季度获得认证，Tessaract Labs 尚未公布时间表。",
  );

  it("names the item, in a paragraph or document on the aspect, rather than states the aspect of no item", () => {
    expect(statementAbout("Tessaract Labs", "IASS-2", ["Fernbrook"], [standard])?.sentence).toBe(
      "Tessaract Labs has not published a timeline.",
    );
  });

  it("is in the report's language when the documents say it in both", () => {
    expect(statementAbout("Tessaract Labs", "IASS-2", [], [zh, standard], new Set(), false)?.docId).toBe(
      "reg",
    );
    expect(statementAbout("Tessaract Labs", "IASS-2", [], [standard, zh], new Set(), true)?.docId).toBe(
      "reg-zh",
    );
  });
});

describe("aspects of the items", () => {
  it("takes no name that no document read mentions (a slip for another name) as an aspect", () => {
    const landscape = readDoc(
      "vl",
      "Fernbrook leads with a 31% share of the Project X market. Tessaract Labs has 12%.",
      [
        ["Fernbrook market share 2025", "31%"],
        ["Tessaract Labs market share 2025", "12%"],
      ],
    );
    const request =
      "Compare Tessarine's Project X market share with Fernbrook's — how many points behind are they?";
    const out = itemStatements(
      {
        request,
        subject: "Project X",
        entities: [],
        options: { excluded: [], changed: [], given: [] },
      } as unknown as ResearchFrame,
      [landscape],
      [],
    );
    expect(out.map((s) => s.aspect).filter((a) => /Tessarine/.test(a))).toEqual([]);
  });
});
