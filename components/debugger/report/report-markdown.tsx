"use client";

import Link from "next/link";
import { type ComponentProps, memo } from "react";
import Markdown, { type Components } from "react-markdown";
import { remarkReport } from "./remark-report";

/**
 * Report Markdown as HTML. Raw HTML is never interpreted (no rehype-raw): react-markdown shows it as
 * text, so a quoted `<script>` stays visible characters. URLs pass react-markdown's default filter,
 * which drops `javascript:` and other unsafe schemes.
 */
// Memoised: a live run re-renders the panel on every event, and the report rarely changes.
export const ReportMarkdown = memo(function ReportMarkdown({
  markdown,
  prefix,
}: {
  markdown: string;
  prefix: string;
}) {
  return (
    <div className="rep-doc">
      <Markdown remarkPlugins={[[remarkReport, { prefix }]]} components={components}>
        {markdown}
      </Markdown>
    </div>
  );
});

function Anchor({ href = "", children, node: _node, ...rest }: ComponentProps<"a"> & { node?: unknown }) {
  // react-markdown empties unsafe URLs (javascript: and the like): keep the words, drop the link.
  if (!href) return <span>{children}</span>;
  if (href.startsWith("#")) {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  if (href.startsWith("/")) {
    return (
      <Link href={href} {...rest}>
        {children}
      </Link>
    );
  }
  // A link the report carries to elsewhere leaves the debugger in a new tab, without an opener.
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
    </a>
  );
}

function Table({ children, node: _node, ...rest }: ComponentProps<"table"> & { node?: unknown }) {
  // Wide comparison tables scroll on their own instead of widening the side panel.
  return (
    <div className="rep-table-wrap">
      <table {...rest}>{children}</table>
    </div>
  );
}

const components: Components = { a: Anchor, table: Table };
