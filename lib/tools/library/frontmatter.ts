/**
 * A deliberately small frontmatter reader: `key: value`, inline `[a, b]` lists, block `- item`
 * lists, quoted strings and trailing `# comments`. It never evaluates anything (no YAML types,
 * anchors or tags), so a library file cannot smuggle in structure we did not ask for.
 */

/** A document that cannot be read; `field` names the frontmatter field (or "frontmatter"/"body"). */
export class DocumentParseError extends Error {
  override readonly name = "DocumentParseError";
  constructor(
    readonly field: string,
    detail: string,
  ) {
    super(`${field}: ${detail}`);
  }
}

export type FrontmatterValue = string | string[];

export interface SplitDocument {
  fields: Map<string, FrontmatterValue>;
  body: string;
}

const FENCE = "---";
const KEY_LINE = /^([A-Za-z_][\w-]*)\s*:(.*)$/;
const BLOCK_ITEM = /^\s+-\s*(.*)$/;

export function hasFrontmatter(fileText: string): boolean {
  return normalizeNewlines(fileText).startsWith(`${FENCE}\n`);
}

export function normalizeNewlines(text: string): string {
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}

export function splitFrontmatter(fileText: string): SplitDocument {
  const lines = normalizeNewlines(fileText).split("\n");
  if (lines[0]?.trimEnd() !== FENCE) {
    throw new DocumentParseError("frontmatter", "missing: the file must start with a '---' line");
  }
  const close = lines.findIndex((line, i) => i > 0 && line.trimEnd() === FENCE);
  if (close === -1) throw new DocumentParseError("frontmatter", "not closed: no second '---' line");

  const fields = new Map<string, FrontmatterValue>();
  let i = 1;
  while (i < close) {
    const line = lines[i] ?? "";
    i++;
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const match = KEY_LINE.exec(line);
    if (!match)
      throw new DocumentParseError("frontmatter", `line ${i}: expected "key: value", got "${line}"`);
    const key = match[1] as string;
    if (fields.has(key)) throw new DocumentParseError(key, "appears twice");
    const raw = stripComment(match[2] as string);
    if (raw !== "") {
      fields.set(key, parseValue(key, raw));
      continue;
    }
    const items: string[] = [];
    for (
      let item = BLOCK_ITEM.exec(lines[i] ?? "");
      item && i < close;
      item = BLOCK_ITEM.exec(lines[i] ?? "")
    ) {
      items.push(unquote(key, stripComment(item[1] as string)));
      i++;
    }
    fields.set(key, items.length > 0 ? items : "");
  }
  return { fields, body: lines.slice(close + 1).join("\n") };
}

function parseValue(key: string, raw: string): FrontmatterValue {
  if (!raw.startsWith("[")) return unquote(key, raw);
  if (!raw.endsWith("]")) throw new DocumentParseError(key, `unclosed list "${raw}"`);
  const inner = raw.slice(1, -1).trim();
  return inner === "" ? [] : inner.split(",").map((item) => unquote(key, item.trim()));
}

function unquote(key: string, value: string): string {
  const quote = value[0];
  if (quote !== '"' && quote !== "'") return value;
  if (value.length < 2 || value[value.length - 1] !== quote) {
    throw new DocumentParseError(key, `unterminated quoted value ${value}`);
  }
  return value.slice(1, -1);
}

/** YAML treats ` #` as the start of a comment unless it sits inside quotes. */
function stripComment(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed.startsWith('"') || trimmed.startsWith("'")) {
    const end = trimmed.indexOf(trimmed[0] as string, 1);
    if (end !== -1 && /^\s*(#.*)?$/.test(trimmed.slice(end + 1))) return trimmed.slice(0, end + 1);
    return trimmed;
  }
  const hash = trimmed.search(/\s#/);
  return (hash === -1 ? trimmed : trimmed.slice(0, hash)).trim();
}
