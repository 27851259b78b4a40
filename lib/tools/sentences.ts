/**
 * Sentences of a Markdown body, for fact extraction. Headings are dropped (they are labels,
 * not statements); each list item is a sentence of its own, since "Market size 2025: USD 4.2
 * billion" is exactly the kind of fact we want.
 */

const HEADING = /^#{1,6}\s/;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/;
const FENCE = /^\s*(```|~~~)/;
const MIN_CHARS = 4;

export function splitSentences(markdown: string): string[] {
  const sentences: string[] = [];
  let paragraph: string[] = [];
  let inCode = false;
  const flush = () => {
    if (paragraph.length > 0) sentences.push(...splitParagraph(joinLines(paragraph)));
    paragraph = [];
  };
  for (const line of markdown.split(/\r?\n/)) {
    if (FENCE.test(line)) {
      flush();
      inCode = !inCode;
      continue;
    }
    if (inCode) continue;
    const item = LIST_ITEM.exec(line);
    if (line.trim() === "" || HEADING.test(line) || item) {
      flush();
      if (item?.[1]) sentences.push(...splitParagraph(item[1]));
      continue;
    }
    paragraph.push(line.replace(/^>\s?/, "").trim());
  }
  flush();
  return sentences.map(stripInlineMarkup).filter((s) => s.length >= MIN_CHARS);
}

/** Wrapped Chinese lines join without a space, English ones with one. */
function joinLines(lines: string[]): string {
  return lines.reduce((joined, line) => {
    if (joined === "") return line;
    return /[\u3000-\u9fff\uff00-\uffef]$/.test(joined) && /^[\u3000-\u9fff\uff00-\uffef]/.test(line)
      ? joined + line
      : `${joined} ${line}`;
  }, "");
}

/**
 * Ends a sentence after 。！？； always, and after . ! ? ; only before whitespace: "4.2 billion"
 * and "v1.5" stay whole, and a full stop before a lower-case word ends an abbreviation ("Inc. in").
 * Closing quotes and brackets stay with their sentence.
 */
function splitParagraph(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    const cjkEnd = "。！？；".includes(char);
    const latinEnd = ".!?;".includes(char) && (i + 1 === text.length || /\s/.test(text[i + 1] as string));
    if (!cjkEnd && !latinEnd) continue;
    // "Relaywright Inc. in Toronto": a sentence does not go on in lower case, so a full stop before
    // a lower-case word closes an abbreviation, not a sentence.
    if (char === "." && /^\s+\p{Ll}/u.test(text.slice(i + 1, i + 4))) continue;
    let end = i + 1;
    while (end < text.length && '”’")）」』'.includes(text[end] as string)) end++;
    sentences.push(text.slice(start, end).trim());
    start = end;
    i = end - 1;
  }
  sentences.push(text.slice(start).trim());
  return sentences.filter((s) => s !== "");
}

function stripInlineMarkup(sentence: string): string {
  return sentence
    .replace(/\*\*|__|`/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim();
}
