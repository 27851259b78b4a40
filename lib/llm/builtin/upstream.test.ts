import { describe, expect, it } from "vitest";
import { inScope, type Upstream } from "./upstream";

describe("inScope", () => {
  it("keeps a list's other items when one is ruled out, and drops a sentence about the ruled-out item", () => {
    const up: Upstream = {
      searches: [],
      answers: [],
      facts: [],
      figures: [],
      derived: [],
      reads: [
        {
          docId: "cost",
          title: "Cost per task",
          source: "",
          published: "",
          figures: [],
          text: "Dividing cost by success rate gives USD 0.42 for Relaywright, USD 0.47 for Braidline and USD 0.80 for Cortexa. Cortexa uses a reflective loop, which costs more.",
        },
      ],
    };
    expect(inScope(up, ["Cortexa"]).reads[0]?.text).toBe(
      "Dividing cost by success rate gives USD 0.42 for Relaywright, USD 0.47 for Braidline.",
    );
  });

  it("drops the sentences that go on about the ruled-out item without naming it", () => {
    const text =
      "Cortexa uses the Business Source License 1.1. Several legal teams have blocked it. It has 21,000 stars but only 240 contributors.\n\nRelaywright is MIT licensed. It has 52,000 stars.";
    const up: Upstream = {
      searches: [],
      answers: [],
      figures: [],
      derived: [],
      facts: [
        {
          text: "It has 21,000 stars but only 240 contributors.",
          docId: "community",
          title: "",
          topic: "",
          order: 0,
        },
      ],
      reads: [{ docId: "community", title: "Community", source: "", published: "", figures: [], text }],
    };
    const kept = inScope(up, ["Cortexa"]);
    expect(kept.reads[0]?.text).toBe("\n\nRelaywright is MIT licensed. It has 52,000 stars.");
    expect(kept.facts).toEqual([]);
  });
});
