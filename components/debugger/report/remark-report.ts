import type { Link, PhrasingContent, Root, RootContent, Table, TableRow, Text } from "mdast";
import type { Processor } from "unified";

/**
 * A remark plugin for the run's report, whose Markdown the report tools write (compose_report,
 * the builtin drafts): numbered citations `[n]` become links to the Sources entry `n`, `[doc:id]`
 * and each source's `` `doc-id` `` link to the library, and pipe tables become tables. The project
 * ships no remark-gfm, and the comparison table is the heart of a comparison report, so the one
 * GFM construct the tools emit is parsed here (each cell's text through the same parser).
 */

export const libraryHref = (docId: string) => `/library?doc=${encodeURIComponent(docId)}`;
export const sourceAnchor = (prefix: string, n: number | string) => `${prefix}-source-${n}`;

const SOURCES_HEADING = /^(sources|references|bibliography|参考(文献|资料)?|来源|资料来源)$/i;
const SOURCE_MARKER = /^\[(\d+)\]\s/;
const CITATION = /\[(\d+)\]|\[doc:\s*([^\]\s]+)\s*\]/g;
const UNESCAPED = /(?<!\\)\[(\d+|doc:\s*[^\]\s]+\s*)\]/g;
const DELIMITER_ROW = /^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$/;

type Node = Root | RootContent;

const textOf = (node: Node): string =>
  "value" in node ? String(node.value) : "children" in node ? node.children.map(textOf).join("") : "";

/** Split a row on pipes that are not escaped, without its outer pipes. */
function cells(line: string): string[] {
  const row = line
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "");
  return row.split(/(?<!\\)\|/).map((c) => c.trim());
}

function alignOf(cell: string): "left" | "right" | "center" | null {
  const left = cell.startsWith(":");
  const right = cell.endsWith(":");
  return left && right ? "center" : right ? "right" : left ? "left" : null;
}

/**
 * Replace root paragraphs whose source lines hold a pipe table with the table (and any lead-in).
 * Cells are parsed on their own, so their citations are linked here against the cell's own text.
 */
function parseTables(tree: Root, source: string, parse: (md: string) => Root, link: Linker): Set<Node> {
  // Nodes parsed from a slice of the source: their positions are relative to that slice.
  const parsedApart = new Set<Node>();
  const inline = (md: string): PhrasingContent[] => {
    const first = parse(md).children[0];
    if (first?.type !== "paragraph") return [];
    walk(first, md, link, new Set());
    return first.children;
  };
  tree.children = tree.children.flatMap((node): RootContent[] => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (node.type !== "paragraph" || start === undefined || end === undefined) return [node];
    const lines = source.slice(start, end).split(/\r?\n/);
    const at = lines.findIndex(
      (l, i) => l.trim().startsWith("|") && DELIMITER_ROW.test((lines[i + 1] ?? "").trim()),
    );
    if (at < 0 || !lines.slice(at).every((l) => l.trim().startsWith("|"))) return [node];
    const header = cells(lines[at] ?? "");
    const width = header.length;
    const align = cells(lines[at + 1] ?? "")
      .slice(0, width)
      .map(alignOf);
    const row = (texts: string[]): TableRow => ({
      type: "tableRow",
      children: Array.from({ length: width }, (_, i) => ({
        type: "tableCell",
        children: inline(texts[i] ?? ""),
      })),
    });
    const table: Table = {
      type: "table",
      align,
      children: [row(header), ...lines.slice(at + 2).map((l) => row(cells(l)))],
    };
    const leadInSource = lines.slice(0, at).join("\n");
    const leadIn = at > 0 ? parse(leadInSource).children : [];
    for (const n of [...leadIn, table]) parsedApart.add(n);
    for (const n of leadIn) walk(n, leadInSource, link, new Set());
    return [...leadIn, table];
  });
  return parsedApart;
}

/** Give each Sources entry an anchor and link its doc id; returns the source numbers found. */
function markSources(tree: Root, prefix: string): { numbers: Set<number>; entries: Set<Node> } {
  const numbers = new Set<number>();
  const entries = new Set<Node>();
  let inSources = false;
  for (const node of tree.children) {
    if (node.type === "heading") {
      inSources = SOURCES_HEADING.test(textOf(node).trim());
      continue;
    }
    if (!inSources || node.type !== "paragraph") continue;
    const match = SOURCE_MARKER.exec(textOf(node));
    if (!match) continue;
    const n = Number(match[1]);
    numbers.add(n);
    entries.add(node);
    node.data = { ...node.data, hProperties: { id: sourceAnchor(prefix, n), className: ["rep-source"] } };
    node.children = node.children.map(
      (child): PhrasingContent =>
        child.type === "inlineCode"
          ? { type: "link", url: libraryHref(child.value), title: "Open in the library", children: [child] }
          : child,
    );
  }
  return { numbers, entries };
}

type Linker = (text: Text, raw: string) => PhrasingContent[];

/**
 * Citations in a text node become links. Only those written unescaped in the source count: report
 * tools escape brackets in quoted text (`\\[3\\]`), and such a fake citation must stay text.
 */
function linkCitations(text: Text, raw: string, sources: Set<number>, prefix: string): PhrasingContent[] {
  const genuine = new Set([...raw.matchAll(UNESCAPED)].map((m) => m[0].replace(/\s+/g, "")));
  const out: PhrasingContent[] = [];
  let last = 0;
  for (const m of text.value.matchAll(CITATION)) {
    const n = m[1] ? Number(m[1]) : null;
    if ((n !== null && !sources.has(n)) || !genuine.has(m[0].replace(/\s+/g, ""))) continue;
    const index = m.index ?? 0;
    if (index > last) out.push({ type: "text", value: text.value.slice(last, index) });
    const link: Link = {
      type: "link",
      url: n !== null ? `#${sourceAnchor(prefix, n)}` : libraryHref(m[2] ?? ""),
      children: [{ type: "text", value: m[0] }],
      data: { hProperties: { className: ["rep-cite"] } },
    };
    out.push(link);
    last = index + m[0].length;
  }
  if (last === 0) return [text];
  if (last < text.value.length) out.push({ type: "text", value: text.value.slice(last) });
  return out;
}

/** Replace text nodes under `node` by what `link` makes of them, reading raw text from `source`. */
function walk(node: Node, source: string, link: Linker, skip: Set<Node>) {
  if (!("children" in node) || node.type === "link" || skip.has(node)) return;
  const next: Node[] = [];
  for (const child of node.children) {
    if (child.type === "text") {
      const { start, end } = child.position ?? {};
      const raw =
        start?.offset !== undefined && end?.offset !== undefined
          ? source.slice(start.offset, end.offset)
          : child.value;
      next.push(...link(child, raw));
    } else {
      walk(child, source, link, skip);
      next.push(child);
    }
  }
  // Only text nodes were replaced, by phrasing content in the same place: the parent's type holds.
  (node as { children: Node[] }).children = next;
}

/**
 * Reports quote documents anyone may upload, so nothing in them may reach out on its own: images
 * become their alt text (a remote image is a tracking pixel fired on every view; the CSP blocks
 * them too), and protocol-relative links are made explicit https: links, which the renderer opens
 * as external (new tab, no opener) instead of navigating the debugger off-site.
 */
function defuseUrls(node: Node): Node {
  if (node.type === "image" || node.type === "imageReference") {
    const alt = node.alt?.trim();
    return { type: "text", value: alt ? `[image: ${alt}]` : "[image]" };
  }
  if ((node.type === "link" || node.type === "definition") && /^[/\\]{2}/.test(node.url.trim())) {
    node.url = `https://${node.url.trim().replace(/^[/\\]+/, "")}`;
  }
  if ("children" in node) {
    (node as { children: Node[] }).children = node.children.map(defuseUrls);
  }
  return node;
}

export function remarkReport(this: Processor, options: { prefix: string }) {
  const parse = (md: string) => this.parse(md) as Root;
  return (tree: Root, file: { value: unknown }) => {
    const source = String(file.value ?? "");
    const { numbers, entries } = markSources(tree, options.prefix);
    const link: Linker = (text, raw) => linkCitations(text, raw, numbers, options.prefix);
    const parsedApart = parseTables(tree, source, parse, link);
    // After the tables: their cells were parsed apart and must be defused too.
    defuseUrls(tree);
    walk(tree, source, link, new Set([...entries, ...parsedApart]));
  };
}
