/**
 * The report as a file that reads well outside the app. In the app the Markdown renderer turns the
 * tools' HTML entities back into characters; a file opened elsewhere would show `&quot;` instead.
 * So entities become characters, with a Markdown backslash where a character could start markup
 * (a tag, a quote block, another entity), and each source gets an absolute link to its document.
 */

const SOURCES_HEADING = /^#{1,6}\s*(sources|references|bibliography|参考(文献|资料)?|来源|资料来源)\s*$/i;
const SOURCE_LINE = /^\[(\d+)\]\s+(.*?)\s*\(`([^`]+)`\)\s*$/;

/** `&lt;script&gt;` → `\<script>`: visible text in any Markdown viewer, never a tag. */
export function decodeEntities(markdown: string): string {
  return markdown
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&lt;/g, "\\<")
    .replace(/&gt;/g, (_m, offset: number, s: string) =>
      offset === 0 || s[offset - 1] === "\n" ? "\\>" : ">",
    )
    .replace(/&amp;(?=[a-z#][a-z0-9]*;)/gi, "\\&")
    .replace(/&amp;/g, "&");
}

/**
 * The report for download: entities decoded, and the Sources section as a numbered list whose
 * entries link to the library document on `origin` (the citations `[n]` in the text keep their numbers).
 */
export function reportForDownload(markdown: string, origin: string): string {
  const lines = decodeEntities(markdown).split("\n");
  let inSources = false;
  return lines
    .map((line) => {
      if (/^#{1,6}\s/.test(line)) inSources = SOURCES_HEADING.test(line.trim());
      const m = inSources ? SOURCE_LINE.exec(line.trim()) : null;
      if (!m) return line;
      const [, n, title, docId] = m as unknown as [string, string, string, string];
      const href = `${origin}/library?doc=${encodeURIComponent(docId)}`;
      return `${n}. ${title} — [${docId}](${href})`;
    })
    .join("\n");
}
