import { describe, expect, it } from "vitest";
import { initialState } from "../agent/state";
import { unfaithfulQuotes } from "./assessment";

const TEXT =
  "Auditors found unsafe instructions in 2.4% of answers. Payback takes 14 months on average across 1,200 sites.";

function stateWithRead(truncated = false) {
  const s = initialState("r");
  s.artifacts.a1 = {
    id: "a1",
    taskId: "r1",
    name: "r1 read output",
    mediaType: "application/json",
    data: { documents: [{ docId: "risk", text: TEXT, truncated, figures: [] }] },
    bytes: 0,
  };
  return s;
}

describe("unfaithfulQuotes", () => {
  it("flags a quoted figure the document as read does not contain", () => {
    const facts = [
      { text: "Auditors found unsafe instructions in 0.4% of answers.", docId: "risk", title: "Risk" },
      { text: "Payback takes 14 months on average across 1,200 sites.", docId: "risk", title: "Risk" },
    ];
    expect(unfaithfulQuotes(stateWithRead(), { facts })).toEqual([
      "0.4 in a quote of risk (not in the document as read)",
    ]);
  });

  it("judges nothing it cannot check: a document read only in part, or one never read", () => {
    const facts = [{ text: "Unsafe in 0.4% of answers.", docId: "risk", title: "Risk" }];
    expect(unfaithfulQuotes(stateWithRead(true), { facts })).toEqual([]);
    expect(unfaithfulQuotes(stateWithRead(), { facts: [{ ...facts[0], docId: "other" }] })).toEqual([]);
    expect(unfaithfulQuotes(stateWithRead(), { topic: "x" })).toEqual([]);
  });

  it("counts every read of a document, and does not judge the last number of a quote cut short", () => {
    const s = stateWithRead();
    s.artifacts.a2 = {
      id: "a2",
      taskId: "r2",
      name: "r2 read output",
      mediaType: "application/json",
      data: {
        documents: [{ docId: "risk", text: "A later read: 3.7% of calls.", truncated: false, figures: [] }],
      },
      bytes: 0,
    };
    expect(unfaithfulQuotes(s, { facts: [{ text: "A later read: 3.7% of calls.", docId: "risk" }] })).toEqual(
      [],
    );
    const cut = `${"x".repeat(495)} 1,2`;
    expect(unfaithfulQuotes(s, { facts: [{ text: cut, docId: "risk" }] })).toEqual([]);
  });
});
