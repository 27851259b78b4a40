import { describe, expect, it } from "vitest";
import type { ResearchFrame } from "./frame";
import { itemStatements } from "./item-statements";
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
