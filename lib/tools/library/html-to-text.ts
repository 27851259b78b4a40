/**
 * Plain text from an uploaded HTML page. Regex-based on purpose: the output is only ever
 * indexed and quoted as text (and escaped again when a report is rendered), so we need
 * readable words, not a faithful DOM.
 */

const INVISIBLE = [
  /<!--[\s\S]*?(?:-->|$)/g,
  /<(script|style|noscript|template|head)\b[\s\S]*?(?:<\/\1\s*>|$)/gi,
];
const BLOCK_TAG =
  /<\/?(?:p|div|br|hr|h[1-6]|tr|ul|ol|table|section|article|header|footer|blockquote|pre)\b[^>]*>/gi;
const LIST_ITEM = /<li\b[^>]*>/gi;
const ANY_TAG = /<\/?[A-Za-z][^>]*>/g;

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  mdash: "—",
  ndash: "–",
  hellip: "…",
};

export interface HtmlText {
  title: string | undefined;
  text: string;
}

export function htmlToText(html: string): HtmlText {
  const title =
    innerText(/<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1]) ??
    innerText(/<h1\b[^>]*>([\s\S]*?)<\/h1\s*>/i.exec(html)?.[1]);
  let body = html;
  for (const pattern of INVISIBLE) body = body.replace(pattern, " ");
  body = body.replace(LIST_ITEM, "\n- ").replace(BLOCK_TAG, "\n").replace(ANY_TAG, "");
  const text = decodeEntities(body)
    .split("\n")
    .map((line) => line.replace(/[ \t\u00a0]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { title, text };
}

function innerText(fragment: string | undefined): string | undefined {
  if (fragment === undefined) return undefined;
  const text = decodeEntities(fragment.replace(ANY_TAG, "")).replace(/\s+/g, " ").trim();
  return text === "" ? undefined : text;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] !== "#") return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
    const code =
      body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}
