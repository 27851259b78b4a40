import { isObject } from "./wire-schema";

type Json = Record<string, unknown>;

/**
 * What each structured-output engine refuses or silently ignores, from its own documentation:
 * - llama.cpp `json-schema-to-grammar` (grammars/README.md): repetition bounds (`maxLength`,
 *   `maxItems`, …) of 2000 or more fail with "failed to parse grammar"; `properties` cannot be
 *   mixed with `anyOf`/`oneOf` in one object; numeric bounds only on integers; `pattern` must be
 *   anchored; no `patternProperties`, `uniqueItems`, `contains`, `not`, `if`/`then`/`else`,
 *   nested `$ref`; formats lack `uri`/`email`.
 * - vLLM guided decoding (xgrammar, `has_xgrammar_unsupported_json_features`): `multipleOf`,
 *   `uniqueItems`, `contains`/`minContains`/`maxContains`, `patternProperties`, `propertyNames`,
 *   unsupported string `format`s make it fall back to another backend, or fail when pinned.
 * - OpenAI strict mode: the root is an object (not `anyOf`); every object has
 *   `additionalProperties: false` and lists every property in `required`; no `allOf`, `not`,
 *   `if`/`then`/`else`, `dependent*`, `patternProperties`, `propertyNames`, `min/maxProperties`,
 *   `minLength`/`maxLength`, `uniqueItems`, `contains`; at most 5000 properties, 10 levels deep.
 */
export type Engine = "llama.cpp" | "vllm" | "openai-strict";

const unsupported: Record<Engine, string[]> = {
  "llama.cpp": [
    "patternProperties",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
    "not",
    "if",
    "then",
    "else",
    "dependentSchemas",
    "$anchor",
    "prefixItems",
  ],
  vllm: [
    "multipleOf",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
    "patternProperties",
    "propertyNames",
    "format",
  ],
  "openai-strict": [
    "allOf",
    "not",
    "if",
    "then",
    "else",
    "dependentRequired",
    "dependentSchemas",
    "patternProperties",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "minLength",
    "maxLength",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
    "unevaluatedProperties",
    "unevaluatedItems",
  ],
};

const LLAMA_REPETITION_LIMIT = 2000;

/** Every problem `engine` has with `schema`, each with its JSON path; empty when it is portable. */
export function portabilityProblems(schema: Json, engine: Engine): string[] {
  const problems: string[] = [];
  if (engine === "openai-strict" && schema.type !== "object") {
    problems.push(`(root): strict mode needs an object at the root, not ${schema.type ?? "anyOf"}`);
  }
  walk(schema, "(root)", 0, engine, problems);
  return problems;
}

function walk(node: Json, at: string, depth: number, engine: Engine, problems: string[]): void {
  for (const key of Object.keys(node)) {
    if (unsupported[engine].includes(key)) problems.push(`${at}: "${key}" is not supported`);
  }
  if (engine === "llama.cpp") {
    for (const key of ["minLength", "maxLength", "minItems", "maxItems"]) {
      const n = node[key];
      if (typeof n === "number" && n >= LLAMA_REPETITION_LIMIT) {
        problems.push(
          `${at}: ${key} ${n} is at or over the grammar's repetition limit (${LLAMA_REPETITION_LIMIT})`,
        );
      }
    }
    if (node.properties && (node.anyOf || node.oneOf))
      problems.push(`${at}: properties mixed with anyOf/oneOf`);
    if (typeof node.pattern === "string" && !/^\^.*\$$/.test(node.pattern)) {
      problems.push(`${at}: pattern must start with ^ and end with $`);
    }
    if (
      node.type === "number" &&
      ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"].some((k) => k in node)
    ) {
      problems.push(`${at}: numeric bounds on a number are ignored (integers only)`);
    }
    if (typeof node.$ref === "string" && depth > 0 && node.$ref !== "#") {
      problems.push(`${at}: nested $ref`);
    }
  }
  if (engine === "openai-strict") {
    if (depth > 10) problems.push(`${at}: nested deeper than 10 levels`);
    const isObjectType = node.type === "object" || (Array.isArray(node.type) && node.type.includes("object"));
    if (isObjectType) {
      if (node.additionalProperties !== false) problems.push(`${at}: additionalProperties must be false`);
      const props = isObject(node.properties) ? Object.keys(node.properties) : [];
      const required = Array.isArray(node.required) ? node.required : [];
      const missing = props.filter((p) => !required.includes(p));
      if (missing.length) problems.push(`${at}: not required: ${missing.join(", ")}`);
    }
  }
  if (engine !== "openai-strict" && node.additionalProperties === undefined && isObject(node.properties)) {
    // llama.cpp defaults it to false, vLLM to true: say it, so both decode the same shape.
    problems.push(`${at}: additionalProperties is not stated`);
  }
  const children: [string, unknown][] = [];
  if (isObject(node.properties))
    for (const [k, v] of Object.entries(node.properties)) children.push([`${at}.${k}`, v]);
  if (isObject(node.items)) children.push([`${at}[]`, node.items]);
  if (isObject(node.additionalProperties)) children.push([`${at}{}`, node.additionalProperties]);
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const list = node[key];
    if (Array.isArray(list)) for (const [i, v] of list.entries()) children.push([`${at}|${key}${i}`, v]);
  }
  if (isObject(node.$defs)) for (const [k, v] of Object.entries(node.$defs)) children.push([`$defs.${k}`, v]);
  for (const [path, child] of children) if (isObject(child)) walk(child, path, depth + 1, engine, problems);
}
