import type { Root, RootContent } from "mdast";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { remarkReport } from "./remark-report";

type Node = Root | RootContent;

function transform(markdown: string): Root {
  const processor = unified().use(remarkParse).use(remarkReport, { prefix: "r" });
  return processor.runSync(processor.parse(markdown), markdown) as Root;
}

function all(node: Node, out: Node[] = []): Node[] {
  out.push(node);
  if ("children" in node) for (const c of node.children) all(c, out);
  return out;
}

describe("report URLs from documents", () => {
  it("never keeps an image: a remote pixel becomes its alt text, in prose and in table cells", () => {
    const tree = transform(
      "Share ![pixel](https://tracker.example/p.gif) here.\n\n| a | b |\n|---|---|\n| ![x](//t.example/x.png) | ![](http://t.example/y) |\n\n![ref][p]\n\n[p]: https://t.example/r.png",
    );
    const nodes = all(tree);
    expect(nodes.some((n) => n.type === "image" || n.type === "imageReference")).toBe(false);
    const text = nodes.flatMap((n) => (n.type === "text" ? [n.value] : [])).join(" ");
    expect(text).toContain("[image: pixel]");
    expect(text).toContain("[image: x]");
    expect(text).toContain("[image: ref]");
  });

  it("makes protocol-relative links (and their backslash twins) explicit external https: links", () => {
    const tree = transform(
      "See [a](//evil.example/x), [b](/\\\\evil.example/y), [c](/library?doc=d) and [d][1].\n\n[1]: //evil.example/z",
    );
    const urls = all(tree).flatMap((n) => (n.type === "link" || n.type === "definition" ? [n.url] : []));
    expect(urls).toEqual([
      "https://evil.example/x",
      "https://evil.example/y",
      "/library?doc=d",
      "https://evil.example/z",
    ]);
  });
});
