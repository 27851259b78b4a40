/**
 * The part of a report that can show the agent found something. A `names` or `report_matches`
 * milestone judged on the whole report passes when the goal's own words come back in the title
 * ("Loomwork: pricing") or in a scope line ("This report covers Loomwork's pricing"), which proves
 * nothing. The judge therefore never reads the title or the Sources list, and for anything the
 * request itself already says (a name in the goal, a pattern the goal matches) it reads only the
 * body: the lines that do not merely restate the request.
 */

// Function words carry no content: without them "the market of Project X" and "Project X market"
// are the same restatement. Kept to grammar words, never to topics.
const FUNCTION_WORDS = new Set(
  (
    "a an the and or of for on in to by with from at as is are be it its this that these those " +
    "what which who how when where me my our we you your i please 的 了 和 与 及 以及 在 是 请 把 给 我 我们"
  ).split(" "),
);

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

/** Content words of a text, lower-cased (Chinese segmented by the runtime's dictionary). */
export function contentWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const s of segmenter.segment(text.toLowerCase()))
    if (s.isWordLike && !FUNCTION_WORDS.has(s.segment)) out.add(s.segment);
  return out;
}

/** A citation the report attaches to a sourced statement: `[1]`, `[2][3]`, `[1, 4]` or `[doc:id]`. */
const CITATION = /\[\d+(?:\s*,\s*\d+)*\]|\[doc:[^\]\s]+\]/;

/**
 * A figure: a decimal, a percentage, an amount in a currency or with a magnitude, or a number of
 * three or more digits. A small bare count ("drawing on 4 documents") is not one: the report's own
 * framing says that much without having found anything.
 */
const FIGURE =
  /\d[\d,]*\.\d+|\d[\d,]*\s*[%％]|(?:USD|US\$|EUR|CNY|RMB|[$€£¥])\s?\d[\d,.]*|\d[\d,.]*\s*(?:billion|million|thousand|bn|亿|万)|\d[\d,]{2,}/giu;

const compact = (text: string) => text.toLowerCase().replace(/\s+/g, "");

/** The words and the text of something the requester said (the goal, an amendment). */
export interface Said {
  words: Set<string>;
  /** Lower-cased, without spaces: for finding the request's own figures. */
  text: string;
}

export const said = (text: string): Said => ({ words: contentWords(text), text: compact(text) });

/**
 * Does this line only restate something the requester said? An uncited line that repeats at least
 * half of the content words of the goal (or of an amendment) and states no figure the request did
 * not give. A cited line carries a source's statement, and a new figure is a finding (a reviewer's
 * answer, an uncited summary), whatever words either shares with the goal.
 */
export function echoes(line: string, request: readonly Said[]): boolean {
  if (CITATION.test(line)) return false;
  const figures = (line.match(FIGURE) ?? []).map(compact);
  if (figures.some((f) => !request.some((r) => r.text.includes(f)))) return false;
  const words = contentWords(line);
  return request.some(({ words: s }) => {
    if (s.size === 0) return false;
    let shared = 0;
    for (const w of s) if (words.has(w)) shared++;
    return shared > 0 && shared >= s.size / 2;
  });
}

const HEADING = /^\s{0,3}(#{1,6})\s/;
const SOURCES = /^\s{0,3}#{1,6}\s*(Sources|References|来源|参考)/i;
/** The steps the run went on without: titles of work not done prove nothing was found. */
const GAPS = /^\s{0,3}#{1,6}\s*(Assumptions and gaps|假设与缺口)\s*$/i;

export interface ReportText {
  /**
   * Without the title (the first level-1 heading), the list of steps left out, and the Sources list. A section heading stays
   * only when its section has a line that is not an echo, so "## Relaywright" over an empty or
   * echo-only section does not count.
   */
  content: string;
  /** The content without the lines that echo what the requester said. */
  body: string;
}

/** The report's content and body; `said` is the goal and every amendment. */
export function reportText(report: string, request: readonly string[]): ReportText {
  const saidWords = request.map(said);
  const lines = report.split("\n");
  const end = lines.findIndex((l) => SOURCES.test(l) || GAPS.test(l));
  const content: string[] = [];
  const body: string[] = [];
  let heading: string | null = null;
  let pending: string[] = [];
  let titleSeen = false;
  for (const line of end >= 0 ? lines.slice(0, end) : lines) {
    const h = HEADING.exec(line);
    if (h?.[1] === "#" && !titleSeen) {
      titleSeen = true;
      continue;
    }
    if (h) {
      content.push(...pending);
      pending = [];
      heading = line;
      continue;
    }
    const finding = line.trim() !== "" && !echoes(line, saidWords);
    if (!finding) {
      // Held until the section shows a finding, so its heading can go before it.
      (heading === null ? content : pending).push(line);
      continue;
    }
    if (heading !== null) {
      content.push(heading, ...pending);
      body.push(heading);
      heading = null;
      pending = [];
    }
    content.push(line);
    body.push(line);
  }
  content.push(...pending);
  return { content: content.join("\n"), body: body.join("\n") };
}
