import { splitSentences } from "../../tools/sentences";
import type { ResearchFrame } from "./frame";
import { isCjk, matchTerms, normalise } from "./text";
import { type Fact, readIds, type Upstream } from "./upstream";

/**
 * The facts a report may use: from read documents only, without text that addresses the
 * reader's AI ("ignore previous instructions…"), with a trust mark per document.
 */

/** Text written to steer an AI rather than to inform: never quoted, and its document trusted less. */
const INSTRUCTION_LIKE =
  /\b(?:ignore (?:all |any )?(?:the )?(?:previous|prior|above|earlier) (?:instructions|prompts?|rules)|disregard (?:all |the )?(?:previous|above|prior)|(?:note|message) (?:to|for) (?:any|all|the) (?:ai|llm|language model|assistant|agent)|also (?:cover|include|discuss|add) [^.]{0,80}\b(?:in|to) (?:this|the|your) (?:report|answer|summary)|ai (?:system|model|assistant)s? reading|in your (?:report|answer|response|summary|output)|do not (?:mention|cite|disclose|reveal) (?:this|these)|delete (?:the )?(?:sources|citations|references)|system prompt|you (?:must|should) (?:write|say|state|claim))\b|忽略(?:之前|以上|前面|所有)的?(?:指令|指示|要求)|在(?:你的)?报告中(?:写|声称)|删除(?:来源|引用)/i;

/** Sources the library itself marks as weak: archived releases, unverified newsletters, vendor claims. */
const WEAK_SOURCE =
  /\b(?:archived|outdated|unverified|press release|vendor (?:claim|blog|marketing)|company blog|marketing|sponsored|self-reported|rumou?r|anonymous)\b|存档|未经核实|过时|厂商宣传|软文/i;

export const isInstructionLike = (text: string): boolean => INSTRUCTION_LIKE.test(text);

/** A title or source line that marks a document as weak evidence. */
export const isWeakSource = (text: string): boolean => WEAK_SOURCE.test(text);

export interface Evidence {
  facts: Fact[];
  /** Read documents, in reading order. */
  docs: Upstream["reads"];
  /** Documents to rank below the others: weak provenance or text aimed at an AI. */
  weak: Set<string>;
}

const MIN_LATIN_CHARS = 25;
const MIN_CJK_CHARS = 10;
/** Sentences per read document considered besides the extracted facts. */
const SENTENCES_PER_DOC = 60;

export function gatherEvidence(up: Upstream, frame: ResearchFrame): Evidence {
  const read = readIds(up);
  const weak = new Set<string>();
  for (const doc of up.reads) {
    if (isWeakSource(`${doc.title} ${doc.source}`) || isInstructionLike(doc.text)) weak.add(doc.docId);
  }
  // A document whose forecasts later documents overtook is dated: ranked below them.
  for (const s of up.superseded ?? []) weak.add(s.docId);
  // Extracted facts first (they keep their topic); then the read documents' own sentences, since
  // extract matches exact words only and would miss "price" for a facet called "pricing".
  const facts = [...up.facts.filter((f) => read.has(f.docId)), ...sentencesOfReads(up, frame)];
  // "Name: value" lines of a document's key-figures list belong in the Key figures section, not the prose.
  const figureLines = new Set(
    up.reads.flatMap((d) => d.figures.map((f) => normalise(`${f.name}: ${f.value}`))),
  );
  const seen = new Set<string>();
  const usable = facts
    .map((f, order) => ({
      ...f,
      order,
      text: f.text.trim().replace(/[;；]$/u, (end) => (end === ";" ? "." : "。")),
    }))
    .filter((f) => {
      const key = normalise(f.text);
      if (seen.has(key) || figureLines.has(key) || isInstructionLike(f.text) || /[?？]$/u.test(f.text))
        return false;
      seen.add(key);
      return isCjk(f.text) ? f.text.length >= MIN_CJK_CHARS : f.text.length >= MIN_LATIN_CHARS;
    });
  return { facts: usable, docs: up.reads, weak };
}

/** The read documents' own sentences that share a term with the goal. */
function sentencesOfReads(up: Upstream, frame: ResearchFrame): Fact[] {
  const wanted = matchTerms([...frame.facets.map((f) => f.query), frame.title, frame.request].join(" "));
  const facts: Fact[] = [];
  for (const doc of up.reads) {
    for (const text of splitSentences(doc.text).slice(0, SENTENCES_PER_DOC)) {
      const terms = matchTerms(text);
      if ([...wanted].some((t) => terms.has(t))) {
        facts.push({
          text: text.slice(0, 500),
          docId: doc.docId,
          title: doc.title,
          topic: "",
          order: facts.length,
        });
      }
    }
  }
  return facts;
}
