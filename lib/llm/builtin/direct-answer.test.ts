import { describe, expect, it } from "vitest";
import { directAnswers } from "./direct-answer";
import type { ResearchFrame } from "./frame";
import type { ReadDoc } from "./upstream";

const doc = (docId: string, figures: { name: string; value: string }[]): ReadDoc => ({
  docId,
  title: docId,
  source: "",
  published: "",
  text: "",
  figures,
});

describe("directAnswers", () => {
  it("names the item with the extreme value of the measure asked about, the others beside it, cited", () => {
    const frame = { request: "Which framework has the lowest loop incidence?", zh: false } as ResearchFrame;
    const answers = directAnswers(frame, [
      doc("loops", [
        { name: "Cortexa loop incidence rate", value: "9.4%" },
        { name: "Braidline loop incidence rate", value: "2.2%" },
        { name: "Cortexa goal drift rate", value: "11%" },
      ]),
      doc("other", [{ name: "Loomwork loop incidence rate", value: "3.1%" }]),
    ]);
    expect(answers).toEqual([
      {
        text: "Lowest loop incidence: Braidline at 2.2% (the others: Loomwork 3.1%, Cortexa 9.4%)",
        citations: ["loops", "other"],
      },
    ]);
  });

  it("answers nothing from fewer than two comparable figures", () => {
    const frame = { request: "Which vendor has the biggest share?", zh: false } as ResearchFrame;
    expect(directAnswers(frame, [doc("d", [{ name: "Fernbrook market share 2025", value: "31%" }])])).toEqual(
      [],
    );
  });
});
