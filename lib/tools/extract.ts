import { z } from "zod";
import { DocId, type LibraryDocument } from "./library/document";
import { stemmedTermSet as termSet } from "./library/tokenize";
import { requireReadDocuments } from "./require-read";
import { splitSentences } from "./sentences";
import { type Claim, type Tool, ToolError } from "./tool";

export const ExtractInput = z.object({
  docIds: z.array(DocId).min(1).max(10),
  topic: z.string().trim().min(1).max(300),
  maxFacts: z.number().int().min(1).max(30).default(8),
});
export type ExtractInput = z.infer<typeof ExtractInput>;

export interface ExtractedFact {
  text: string;
  docId: string;
  title: string;
}

export interface ExtractedFigure {
  docId: string;
  name: string;
  value: string;
}

export interface ExtractData {
  topic: string;
  facts: ExtractedFact[];
  /** Key figures whose name shares a term with the topic; the same figures are returned as claims. */
  figures: ExtractedFigure[];
}

/** A number in a sentence usually means a figure: worth more than a bare mention of the topic. */
const FIGURE_BONUS = 0.3;
/** The topic as a phrase ("market size", not "mid-size … market") is the surest sign of the right sentence. */
const PHRASE_BONUS = 0.3;
const HAS_NUMBER = /\d/;
const MAX_FACT_CHARS = 500;

/** The key under which the monitor compares claims: the same metric named twice must collide. */
export function normaliseClaimKey(name: string): string {
  return name.toLowerCase().replace(/\s+/g, " ").trim();
}

export const extractTool: Tool<ExtractInput> = {
  name: "extract",
  description:
    "Pick the sentences about a topic out of documents already read in this run, and the key figures " +
    "whose names match the topic. Deterministic (no model): word overlap with the topic, with a " +
    "bonus for sentences containing numbers. Give a short noun-phrase topic, e.g. 'market size'.",
  input: ExtractInput,
  timeoutMs: 10_000,
  async run(input, ctx) {
    const docs = await requireReadDocuments(input.docIds, ctx);
    const topicTerms = termSet(input.topic);
    if (topicTerms.size === 0) {
      throw new ToolError("invalid_input", `the topic «${input.topic}» has no searchable words`);
    }
    const facts = pickFacts(docs, input.topic, topicTerms, input.maxFacts);
    const figures = docs.flatMap((doc) =>
      doc.figures
        .filter((figure) => sharesTerm(figure.name, topicTerms))
        .map((figure) => ({ docId: doc.id, name: figure.name, value: figure.value })),
    );
    const claims: Claim[] = figures.map((f) => ({
      key: normaliseClaimKey(f.name),
      value: f.value,
      docId: f.docId,
    }));
    const data: ExtractData = { topic: input.topic, facts, figures };
    const docsWithFacts = new Set(facts.map((f) => f.docId)).size;
    return {
      data,
      summary:
        `${facts.length} fact${facts.length === 1 ? "" : "s"} on «${input.topic}» from ${docsWithFacts} of ` +
        `${docs.length} document${docs.length === 1 ? "" : "s"}; ${figures.length} matching key figure${figures.length === 1 ? "" : "s"}.`,
      confidence:
        facts.length === 0
          ? 0
          : Math.round(
              (0.5 * Math.min(1, facts.length / Math.min(input.maxFacts, 4)) +
                0.5 * (docsWithFacts / docs.length)) *
                100,
            ) / 100,
      evidence: facts.map((f) => ({ docId: f.docId, title: f.title, quote: f.text })),
      claims,
    };
  },
};

interface Candidate extends ExtractedFact {
  score: number;
  docIndex: number;
  position: number;
}

/**
 * Best-scoring sentences, at first at most an equal share per document so one long document
 * cannot crowd the others out of a comparison; leftover slots then go to the best remaining.
 */
function pickFacts(
  docs: LibraryDocument[],
  topic: string,
  topicTerms: Set<string>,
  maxFacts: number,
): ExtractedFact[] {
  const phrase = topic.toLowerCase().replace(/\s+/g, " ");
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  docs.forEach((doc, docIndex) => {
    splitSentences(doc.text).forEach((sentence, position) => {
      const terms = termSet(sentence);
      const overlap = [...topicTerms].filter((term) => terms.has(term)).length;
      const key = sentence.toLowerCase();
      if (overlap === 0 || seen.has(key)) return;
      seen.add(key);
      const score =
        overlap / topicTerms.size +
        (HAS_NUMBER.test(sentence) ? FIGURE_BONUS : 0) +
        (key.replace(/\s+/g, " ").includes(phrase) ? PHRASE_BONUS : 0);
      candidates.push({
        text: sentence.slice(0, MAX_FACT_CHARS),
        docId: doc.id,
        title: doc.title,
        score,
        docIndex,
        position,
      });
    });
  });
  candidates.sort((a, b) => b.score - a.score || a.docIndex - b.docIndex || a.position - b.position);

  const share = Math.ceil(maxFacts / docs.length);
  const perDoc = new Map<string, number>();
  const chosen = new Set<Candidate>();
  for (const candidate of candidates) {
    if (chosen.size === maxFacts) break;
    const count = perDoc.get(candidate.docId) ?? 0;
    if (count >= share) continue;
    perDoc.set(candidate.docId, count + 1);
    chosen.add(candidate);
  }
  for (const candidate of candidates) {
    if (chosen.size === maxFacts) break;
    chosen.add(candidate);
  }
  return candidates.filter((c) => chosen.has(c)).map(({ text, docId, title }) => ({ text, docId, title }));
}

function sharesTerm(text: string, terms: Set<string>): boolean {
  for (const term of termSet(text)) if (terms.has(term)) return true;
  return false;
}
