import { z } from "zod";
import { type AnyTool, ToolError } from "./tool";

/**
 * A fault injected into a tool from outside the agent (chaos testing, benchmarks, e2e tests): the
 * agent never sees this list, only the failures it causes.
 */
export const ToolFault = z.object({
  tool: z.string().min(1),
  /** Only calls made for this task id. */
  taskId: z.string().optional(),
  kind: z.enum(["permanent", "transient", "empty"]),
  /** How many matching calls fail (in this process). */
  times: z.number().int().min(1).max(100).default(1),
});
export type ToolFault = z.infer<typeof ToolFault>;

function faulty(tool: AnyTool, faults: ToolFault[]): AnyTool {
  const left = faults.map((f) => f.times);
  return {
    ...tool,
    async run(input, ctx) {
      const i = faults.findIndex((f, k) => (left[k] ?? 0) > 0 && (!f.taskId || f.taskId === ctx.taskId));
      const fault = faults[i];
      if (!fault) return tool.run(input, ctx);
      left[i] = (left[i] ?? 1) - 1;
      if (fault.kind === "permanent")
        throw new ToolError("unavailable", `${tool.name} is unavailable (injected fault).`);
      if (fault.kind === "transient")
        throw new ToolError("unavailable", `${tool.name} timed out (injected fault).`, true);
      return { data: {}, summary: `${tool.name} returned nothing (injected fault).`, confidence: 0 };
    },
  };
}

/** The tools with the faults applied; tools without faults are returned as they are. */
export function withFaults(tools: AnyTool[], faults: readonly ToolFault[]): AnyTool[] {
  if (faults.length === 0) return tools;
  return tools.map((t) => {
    const mine = faults.filter((f) => f.tool === t.name);
    return mine.length ? faulty(t, mine) : t;
  });
}
