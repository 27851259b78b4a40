import { nounPhrases } from "./phrases";

/**
 * What a request rules out: "leave Asia-Pacific and the rest of the world out", "excluding
 * Cortexa", "without the analytics add-on", "不包括亚太地区". The object of an excluding verb or
 * preposition, split at its coordinators, is a list of things the report must not present as
 * findings — a change of scope, not words to search for.
 */
const EN_SPAN: RegExp[] = [
  /\b(?:leave|leaving|keep|keeping)\s+(.{2,80}?)\s+out\b/giu,
  /\b(?:remove|removing|take|taking|scratch|scratching|strike|striking|delete|deleting|eliminate|eliminating)\s+(.{2,60}?)\s+(?:out of|off|from)\b/giu,
  /\b(?:replace|replacing|swap|swapping|switch|switching)\s+(.{2,60}?)\s+(?:with|for|by)\b/giu,
  /\b(?:exclude|excluding|excluded|except(?:\s+for)?|drop|dropping|omit|omitting|not including|other than|apart from|instead of|rather than|in place of)\s+(.{2,80}?)(?=[.;:!?)]|,\s*(?:and|but|i|we|only|just|please|so)\b|\s+(?:and|but)\s+(?:i|we|only|just|please)\b|$)/giu,
];
/** "the dog numbers aren't needed", "Europe is no longer relevant": what the request says it can do without. */
const EN_NOT_NEEDED =
  /(?:^|[.;:!?,]\s*|\b(?:and|but|so)\s+)([^.;:!?,]{2,60}?)\s+(?:is|are)(?:n['’]t|\s+not|\s+no\s+longer)\s+(?:needed|required|wanted|necessary|relevant)\b/giu;
const ZH_SPAN =
  /(?:不包括|不包含|排除|去掉|剔除|不要(?:包括|算上?)?|除了)\s*([^，。；！？,.;!?]{1,30}?)(?:之外|以外|外)?(?=[，。；！？,.;!?]|$)/gu;

/** "Cortexa is off the table", "Quillon is out of scope", "Tessaract Labs is out - …": a name said to be out. */
const EN_OUT =
  /(\p{Lu}[\p{L}\d-]+(?:\s+\p{Lu}[\p{L}\d-]+)*)\s+(?:is|are)\s+(?:now\s+)?(?:off the table|out of scope|out of the picture|ruled out|out(?=\s*(?:[-–—,;:!?]|\.(?:\s|$)|$)))/gu;

export function excludedItems(text: string): string[] {
  const spans: string[] = [];
  for (const re of EN_SPAN) {
    for (const m of text.matchAll(re)) {
      const span = m[1] as string;
      // "Cortexa is off the table, so leave it out": a pronoun stands for the names before it in its sentence.
      if (/^(?:it|them)$/iu.test(span.trim())) {
        const before =
          text
            .slice(0, m.index)
            .split(/[.!?\n]/)
            .at(-1) ?? "";
        const names = nounPhrases(before).filter((p) => p.name && !p.owned);
        const meant = /^it$/iu.test(span.trim()) ? names.slice(-1) : names;
        spans.push(...meant.map((p) => p.text));
        continue;
      }
      spans.push(span);
    }
  }
  for (const m of text.matchAll(EN_OUT)) spans.push(m[1] as string);
  for (const m of text.matchAll(EN_NOT_NEEDED)) spans.push(m[1] as string);
  for (const m of text.matchAll(ZH_SPAN)) spans.push(m[1] as string);
  const items = spans.flatMap((span) =>
    span
      .split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|nor)\s+|[、和及与或]/u)
      .map((part) =>
        part
          .replace(/^(?:the|any|all|of|a|an)\s+/iu, "")
          .replace(/\s+(?:entirely|completely|altogether|too|as well|for now|please)$/iu, "")
          // "the dog numbers": the figures about dogs — the words before a generic head say what.
          .replace(/(?<=\S)\s+(?:numbers|figures|data|stats|statistics|details|bits|parts?|sections?)$/iu, "")
          .trim(),
      )
      // "excluding Quillon, with a table": a phrase led by a preposition is the sentence going on.
      .filter(
        (part) =>
          part.length >= 2 &&
          !/^(?:it|them|that|this|those|these|me|us)$/iu.test(part) &&
          !/^(?:with|in|for|as|to|by|on|at|from|into)\b/iu.test(part),
      ),
  );
  return [...new Set(items)];
}
