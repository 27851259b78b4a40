import { describe, expect, it } from "vitest";
import { type AskUserData, askUserTool } from "./ask-user";
import { makeContext, runTool } from "./test-support";

describe("ask_user tool", () => {
  it("returns the question and choices as data", async () => {
    const out = await runTool(
      askUserTool,
      { question: " Which region? ", choices: ["EU", "China"] },
      await makeContext(),
    );
    expect(out.data as AskUserData).toEqual({ question: "Which region?", choices: ["EU", "China"] });
  });

  it("defaults to no choices and rejects empty or overlong questions", () => {
    expect(askUserTool.input.parse({ question: "Why?" }).choices).toEqual([]);
    expect(askUserTool.input.safeParse({ question: "" }).success).toBe(false);
    expect(askUserTool.input.safeParse({ question: "x".repeat(1001) }).success).toBe(false);
  });
});
