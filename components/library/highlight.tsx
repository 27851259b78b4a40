import type { ReactNode } from "react";

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Marks the query's words in a snippet. React escapes every piece, so a snippet holding markup
 * stays text. Whitespace-split words are enough here: the server did the real matching.
 */
export function Highlight({ text, query }: { text: string; query: string }): ReactNode {
  const words = [...new Set(query.split(/\s+/).filter((w) => w.length >= 2))].sort(
    (a, b) => b.length - a.length,
  );
  if (words.length === 0) return text;
  const parts = text.split(new RegExp(`(${words.map(escapeRegExp).join("|")})`, "gi"));
  const lower = new Set(words.map((w) => w.toLowerCase()));
  return parts.map((part, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never reorder
    lower.has(part.toLowerCase()) ? <mark key={i}>{part}</mark> : <span key={i}>{part}</span>,
  );
}
