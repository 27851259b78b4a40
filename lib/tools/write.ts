import { z } from "zod";
import type { Tool } from "./tool";

export const WriteInput = z.object({
  path: z.string().min(1).max(200),
  content: z.string(),
});
export type WriteInput = z.infer<typeof WriteInput>;

export interface WriteData {
  path: string;
  bytes: number;
}

export const writeTool: Tool<WriteInput> = {
  name: "write",
  description:
    "Write a text file (notes, a Markdown draft) into this run's workspace, replacing any file at " +
    "that path. Paths are relative, e.g. 'notes/market.md'; at most 1 MB.",
  input: WriteInput,
  timeoutMs: 5_000,
  async run(input, ctx) {
    const data: WriteData = await ctx.workspace.write(input.path, input.content);
    return { data, summary: `Wrote ${data.bytes} bytes to ${data.path}.`, confidence: 1 };
  },
};
