import type { z } from "zod";
import { ModelError, type ToolCall, type ToolDefinition } from "./chat-model";
import { portable } from "./wire-schema";

const rawLimit = 4_000;

/** One completion, reduced to what the adapter uses. */
export interface Reply {
  content: string;
  toolCalls: { name: string; arguments: string }[];
  /** What the model sent, as shown to the debugger and quoted back in a repair round. */
  raw: string;
  finishReason: string | null;
  promptTokens: number;
  completionTokens: number;
}

export type Parsed<V> =
  | { ok: true; value: V }
  | { ok: false; code: "invalid_json" | "schema_violation"; problem: string; feedback: string };

/**
 * A reply cut off at the output cap is only a failure if what arrived is unusable: a grammar may
 * close the JSON and then let the model pad with whitespace until the cap.
 */
function truncated(reply: Reply): ModelError {
  return new ModelError("truncated", "The reply hit the output token limit and was cut off", {
    raw: reply.raw.slice(0, rawLimit),
  });
}

export function parseObject<T>(reply: Reply, schema: z.ZodType<T>): Parsed<T> {
  const json = parseJson(reply.content);
  if (!json.ok) {
    if (reply.finishReason === "length") throw truncated(reply);
    return {
      ok: false,
      code: "invalid_json",
      problem: json.error,
      feedback: `Your reply is not valid JSON (${json.error}). Reply again with only the JSON object.`,
    };
  }
  const result = schema.safeParse(json.value);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues
    .slice(0, 10)
    .map(
      (issue) => `- ${issue.path.length > 0 ? issue.path.map(String).join(".") : "(root)"}: ${issue.message}`,
    );
  return {
    ok: false,
    code: "schema_violation",
    problem: issues.join(" "),
    feedback: `Your JSON does not match the required schema:\n${issues.join("\n")}\nReply again with the corrected JSON object only.`,
  };
}

export function parseToolCalls(reply: Reply): Parsed<ToolCall[]> {
  if (reply.toolCalls.length === 0) {
    if (reply.finishReason === "length") throw truncated(reply);
    throw new ModelError(
      "no_tool_call",
      "The model answered without calling a tool (its reply was neither a tool call nor a JSON call)",
      { raw: reply.raw.slice(0, rawLimit) },
    );
  }
  const calls: ToolCall[] = [];
  const problems: string[] = [];
  for (const call of reply.toolCalls) {
    // Some servers send "" for a call without arguments.
    const json = parseJson(call.arguments.trim() === "" ? "{}" : call.arguments);
    if (json.ok) calls.push({ name: call.name, arguments: json.value });
    else problems.push(`- ${call.name}: ${json.error}`);
  }
  if (problems.length === 0) return { ok: true, value: calls };
  return {
    ok: false,
    code: "invalid_json",
    problem: problems.join(" "),
    feedback: `The arguments of these tool calls are not valid JSON:\n${problems.join("\n")}\nCall the tool again with arguments that are one JSON object.`,
  };
}

/**
 * The call as one JSON object, for servers that ignore `tool_choice`: `{name, arguments}` for one
 * of the tools. Sent as a response_format, so a grammar forces a well-formed call where there is one.
 */
export function toolCallSchema(tools: ToolDefinition[]): Record<string, unknown> {
  const variants = tools.map((tool) => ({
    type: "object",
    properties: {
      name: { type: "string", enum: [tool.name] },
      arguments: portable(tool.parameters),
    },
    required: ["name", "arguments"],
    additionalProperties: false,
  }));
  return variants.length === 1 ? (variants[0] as Record<string, unknown>) : { anyOf: variants };
}

/** A call written as JSON text: `{name, arguments}`, or just the arguments when one tool was offered. */
export function toolCallsFromJson(
  content: string,
  tools: ToolDefinition[],
): { name: string; arguments: string }[] | null {
  const json = parseJson(content);
  if (!json.ok || typeof json.value !== "object" || json.value === null || Array.isArray(json.value))
    return null;
  const value = json.value as { name?: unknown; arguments?: unknown; tool?: unknown };
  const named =
    typeof value.name === "string" ? value.name : typeof value.tool === "string" ? value.tool : null;
  if (named && tools.some((t) => t.name === named)) {
    const args = value.arguments;
    return [{ name: named, arguments: typeof args === "string" ? args : JSON.stringify(args ?? {}) }];
  }
  const only = tools.length === 1 ? tools[0] : undefined;
  if (only && named === null) return [{ name: only.name, arguments: JSON.stringify(value) }];
  return null;
}

/** Parses JSON, also when the model wrapped it in a ```json fence. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1];
  let firstError = "";
  for (const candidate of fenced === undefined ? [text] : [text, fenced]) {
    try {
      return { ok: true, value: JSON.parse(candidate) };
    } catch (error) {
      firstError ||= error instanceof Error ? error.message.slice(0, 200) : "unparseable";
    }
  }
  return { ok: false, error: firstError };
}
