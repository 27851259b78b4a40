import type { AnyTool, ToolOutput } from "../../tools/tool";
import { ToolError } from "../../tools/tool";
import type { IncidentLog } from "./incidents";
import type { BenchFault, Latency } from "./scenario";
import type { VirtualClock } from "./virtual-clock";

/** Replace `from` with `to` in every string of a value (a tool's data, summary, quotes, claims). */
export function replaceDeep<T>(value: T, from: string, to: string): T {
  if (typeof value === "string") return value.split(from).join(to) as T;
  if (Array.isArray(value)) return value.map((v) => replaceDeep(v, from, to)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, replaceDeep(v, from, to)]),
    ) as T;
  }
  return value;
}

/** What a tool's output looks like when it found nothing, in the tool's own shape. */
function emptyOutput(tool: string, input: Record<string, unknown>): ToolOutput {
  switch (tool) {
    case "search":
      return {
        data: { query: input.query ?? "", results: [] },
        summary: `No documents for «${String(input.query ?? "")}».`,
        confidence: 0,
      };
    case "read":
      return { data: { documents: [] }, summary: "Read no documents.", confidence: 0 };
    case "extract":
      return {
        data: { topic: input.topic ?? "", facts: [], figures: [] },
        summary: "No facts found.",
        confidence: 0,
      };
    default:
      return { data: {}, summary: `${tool} returned nothing.`, confidence: 0 };
  }
}

function docIdsOf(input: Record<string, unknown>): string[] {
  const ids = [input.docId, ...(Array.isArray(input.docIds) ? input.docIds : [])];
  return ids.filter((x): x is string => typeof x === "string");
}

export interface ToolEnvironment {
  faults: readonly BenchFault[];
  latency: Latency;
  clock: VirtualClock;
  log: IncidentLog;
  /** A line every result carries once a pull injection is active. */
  pull: () => string | null;
}

/**
 * The research tools as the scenario's world makes them behave: each call takes simulated time,
 * and the scenario's faults fire on the calls they match. The agent sees only the outcomes.
 */
export function benchTools(tools: readonly AnyTool[], env: ToolEnvironment): AnyTool[] {
  const calls = new Map<string, number>();
  const fired = env.faults.map(() => 0);
  return tools.map((tool) => ({
    ...tool,
    async run(input, ctx) {
      const n = (calls.get(tool.name) ?? 0) + 1;
      calls.set(tool.name, n);
      const args = (input ?? {}) as Record<string, unknown>;
      const text = JSON.stringify(args).toLowerCase();
      const index = env.faults.findIndex(
        (f, i) =>
          f.tool === tool.name &&
          (f.match.nth === undefined || f.match.nth === n) &&
          (f.match.query === undefined || text.includes(f.match.query.toLowerCase())) &&
          (f.match.docId === undefined || docIdsOf(args).includes(f.match.docId)) &&
          (f.kind === "permanent" || (fired[i] ?? 0) < f.clearsAfter),
      );
      const fault = env.faults[index];
      const base = env.latency.tools[tool.name] ?? env.latency.defaultTool;
      if (fault) {
        fired[index] = (fired[index] ?? 0) + 1;
        env.log.add({
          kind: "fault",
          fault: index,
          faultKind: fault.kind,
          tool: tool.name,
          taskId: ctx.taskId,
          at: env.clock.now(),
        });
      }
      if (fault?.kind === "slow") {
        const total = base + (fault.delayMs ?? 0);
        if (total >= tool.timeoutMs) {
          await env.clock.sleep(tool.timeoutMs, ctx.signal);
          throw new ToolError("timeout", `${tool.name} took longer than ${tool.timeoutMs} ms.`, true);
        }
        await env.clock.sleep(total, ctx.signal);
      } else await env.clock.sleep(base, ctx.signal);
      // Like a real backend, the error names the document it could not serve, when there is one.
      const what = fault?.match.docId ? `document "${fault.match.docId}"` : "the request";
      if (fault?.kind === "transient")
        throw new ToolError(
          "unavailable",
          `${tool.name} could not serve ${what}: 503 Service Unavailable.`,
          true,
        );
      if (fault?.kind === "permanent")
        throw new ToolError("unavailable", `${tool.name} could not serve ${what}: 410 Gone.`);
      if (fault?.kind === "empty") return withPull(emptyOutput(tool.name, args), env.pull());
      if (fault?.kind === "malformed") {
        // A reply that claims success but whose body is not the tool's format.
        return {
          data: "<html><body><h1>502 Bad Gateway</h1></body></html>",
          summary: `${tool.name} completed.`,
          confidence: 0.9,
        };
      }
      const out = await tool.run(input, ctx);
      const corrupted = fault?.kind === "corrupt" ? replaceDeep(out, fault.from ?? "", fault.to ?? "") : out;
      return withPull(corrupted, env.pull());
    },
  }));
}

function withPull(out: ToolOutput, pull: string | null): ToolOutput {
  if (!pull) return out;
  const data =
    out.data && typeof out.data === "object" && Array.isArray((out.data as { documents?: unknown }).documents)
      ? {
          ...(out.data as object),
          documents: (out.data as { documents: { text: string }[] }).documents.map((d) => ({
            ...d,
            text: `${d.text}\n\n${pull}`,
          })),
        }
      : out.data;
  // The summary is cut, never the pull line (it is what the scenario tests).
  const line = pull.slice(0, 400);
  return { ...out, data, summary: `${out.summary.slice(0, 499 - line.length)} ${line}` };
}
