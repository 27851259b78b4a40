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
});
