import { z } from "zod";

type Json = Record<string, unknown>;

/**
 * Longest string / array bound sent to a server. llama.cpp's grammar refuses repetitions of 2000
 * or more ("failed to parse grammar") and Ollama's build of it has failed on smaller ones; the zod
 * schema still enforces the real bound when the reply is parsed, and a violation goes to repair.
 */
export const WIRE_LENGTH_CAP = 1000;

/** Keywords no decoder we target handles the same way (or at all); zod checks them after parsing. */
const dropped = new Set([
  "$schema",
  "$id",
  "default",
  "format",
  "pattern",
  "propertyNames",
  "patternProperties",
  "uniqueItems",
  "contains",
  "minContains",
  "maxContains",
  "multipleOf",
  "not",
  "if",
  "then",
  "else",
  "dependentSchemas",
  "dependentRequired",
  "minProperties",
  "maxProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
]);
const lengths = ["minLength", "maxLength", "minItems", "maxItems"];
const numericBounds = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"];

/**
 * The JSON Schema sent to a model server for a zod schema: a relaxation of it that llama.cpp's
 * grammar converter, vLLM's guided decoding and OpenAI accept. Objects with properties get
 * `additionalProperties: false` and every property required (a weak model then writes every field,
 * and zod fills nothing in silently); `oneOf` becomes `anyOf`; length bounds are capped.
 */
export function wireSchema(schema: z.ZodType): Json {
  return portable(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json);
}

/** The same relaxation for a JSON Schema that is already JSON (a tool's parameters). */
export function portable(node: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (dropped.has(key)) continue;
    if (lengths.includes(key) && typeof value === "number") {
      out[key] = Math.min(value, WIRE_LENGTH_CAP);
    } else if (numericBounds.includes(key) && node.type !== "integer") {
      // llama.cpp honours numeric bounds on integers only and skips them silently elsewhere.
    } else if (key === "properties" && isObject(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, isObject(sub) ? portable(sub) : sub]),
      );
    } else if ((key === "anyOf" || key === "oneOf" || key === "allOf") && Array.isArray(value)) {
      out[key === "oneOf" ? "anyOf" : key] = value.map((sub) => (isObject(sub) ? portable(sub) : sub));
    } else if ((key === "items" || key === "additionalProperties") && isObject(value)) {
      out[key] = portable(value);
    } else if (key === "$defs" && isObject(value)) {
      out.$defs = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, isObject(sub) ? portable(sub) : sub]),
      );
    } else {
      out[key] = value;
    }
  }
  if (isObject(out.properties)) {
    out.additionalProperties = false;
    out.required = Object.keys(out.properties);
  }
  if (out.maxLength !== undefined && (out.minLength as number) > (out.maxLength as number)) {
    out.minLength = out.maxLength;
  }
  return out;
}

export const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
