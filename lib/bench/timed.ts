import type { ChatModel } from "../llm/chat-model";
import type { AnyTool } from "../tools/tool";

/** Model and tool wrappers that add the time spent inside them to `spent.ms` (the benches subtract it). */
export function timed(model: ChatModel, spent: { ms: number }): ChatModel {
  const wrap =
    <A, R>(f: (a: A) => Promise<R>) =>
    async (a: A) => {
      const t = performance.now();
      try {
        return await f(a);
      } finally {
        spent.ms += performance.now() - t;
      }
    };
  return {
    name: model.name,
    generateObject: wrap(model.generateObject.bind(model)) as ChatModel["generateObject"],
    callTools: wrap(model.callTools.bind(model)),
  };
}

export function timedTool(tool: AnyTool, spent: { ms: number }): AnyTool {
  return {
    ...tool,
    run: async (input, ctx) => {
      const t = performance.now();
      try {
        return await tool.run(input, ctx);
      } finally {
        spent.ms += performance.now() - t;
      }
    },
  };
}
