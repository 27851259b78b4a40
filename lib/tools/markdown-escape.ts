/**
 * Escaping for text that reaches a rendered report. Document-derived text is untrusted: a
 * document that contains `<script>` or `[click](javascript:…)` must come out as visible
 * characters, never as markup.
 */

/**
 * Markup characters become backslash escapes (CommonMark lets any ASCII punctuation be escaped):
 * `<script>` shows as text in every Markdown viewer, and the Markdown itself stays plain text —
 * no `&quot;` in a downloaded report or in what a reader (or a judge) matches against.
 */
function escapeHtml(text: string): string {
  return text.replace(/[<>]/g, "\\$&").replace(/&(?=#?[A-Za-z0-9]+;)/g, "\\&");
}

/** One line of inert text: no HTML, no links, no emphasis, no line breaks. */
export function escapeInline(text: string): string {
  return escapeHtml(oneLine(text).replace(/[\\`*_[\]|~]/g, "\\$&"));
}

/**
 * Prose the model wrote (possibly quoting documents): emphasis stays, but HTML, links, images
 * and fake citations are neutralised, and it cannot open a heading, list or quote block.
 */
export function escapeProse(text: string): string {
  return escapeHtml(
    oneLine(text)
      .replace(/[\\[\]]/g, "\\$&")
      .replace(/^[#+\-*=_|]/, "\\$&")
      .replace(/^(\d+)([.)])/, "$1\\$2"),
  );
}

/** A table cell: like prose, plus pipes (which would split the cell); block syntax means nothing there. */
export function escapeCell(text: string): string {
  return escapeHtml(oneLine(text).replace(/[\\[\]|]/g, "\\$&"));
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
