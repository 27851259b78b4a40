import { z } from "zod";
import type { Tool } from "./tool";

export const AskUserInput = z.object({
  question: z.string().trim().min(1).max(1000),
  choices: z.array(z.string().trim().min(1).max(200)).max(10).default([]),
});
export type AskUserInput = z.infer<typeof AskUserInput>;

export interface AskUserData {
  question: string;
  choices: string[];
}

/** The agent loop pauses the run on this tool; the tool itself only shapes the question. */
export const askUserTool: Tool<AskUserInput> = {
  name: "ask_user",
  description:
    "Ask the user one question when the goal is ambiguous and a wrong guess would waste the run. " +
    "Offer short `choices` when the answer is one of a few options. The run pauses until they answer.",
  input: AskUserInput,
  timeoutMs: 1_000,
  async run(input) {
    const data: AskUserData = { question: input.question, choices: input.choices };
    return { data, summary: `Asked the user: «${input.question}»` };
  },
};
