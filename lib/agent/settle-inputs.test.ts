import { describe, expect, it } from "vitest";
import type { TaskInput } from "../llm/model-context";
import { RunConfig } from "./config";
import { settleInputs } from "./settle-inputs";

const inputs: TaskInput[] = [
  {
    taskId: "r1",
    tool: "read",
    data: {
      documents: [
        {
          docId: "landscape",
          title: "Landscape",
          text: "Loomwork leads with a 31% share.",
          figures: [{ name: "Loomwork market share 2025", value: "31%" }],
        },
      ],
    },
  },
  {
    taskId: "x1",
    tool: "extract",
    data: {
      topic: "share",
      facts: [{ text: "Loomwork leads with a 37% share.", docId: "landscape", title: "Landscape" }],
      figures: [{ docId: "landscape", name: "Loomwork market share 2025", value: "37%" }],
    },
  },
];

describe("settleInputs", () => {
  it("gives a later step one value per figure when the rules-first monitor is on, every other field kept", () => {
    const [read, extract] = settleInputs(RunConfig.parse({}), inputs);
    expect(read).toEqual(inputs[0]);
    expect(extract?.data).toEqual({
      topic: "share",
      facts: [{ text: "Loomwork leads with a 31% share.", docId: "landscape", title: "Landscape" }],
      figures: [{ docId: "landscape", name: "Loomwork market share 2025", value: "31%" }],
    });
  });

  it("leaves the inputs as the tools returned them without the monitor or its contradiction check", () => {
    expect(settleInputs(RunConfig.parse({ executive: { monitor: "off" } }), inputs)).toBe(inputs);
    expect(settleInputs(RunConfig.parse({ executive: { monitor: "model" } }), inputs)).toBe(inputs);
    expect(settleInputs(RunConfig.parse({ skills: { disabled: ["contradiction-check"] } }), inputs)).toBe(
      inputs,
    );
  });
});
