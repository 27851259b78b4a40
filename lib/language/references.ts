import { type TaggedWord, tagEnglish } from "./english";

/**
 * References to choices made in the requester's own world, found by grammar rather than by a
 * list of verbs: a definite noun phrase whose reduced relative clause has a first-person or
 * in-house subject and a past-tense verb — "the vendor we shortlisted", "the two frameworks our
 * team picked", "the ceiling finance signed off". Nothing in a library can say which one that is.
 * A named subject ("the market Halden measured") or a document ("the figures the report gave")
 * is something a source can answer, so it is not one.
 */
export function decidedElsewhere(text: string): string[] {
  const words = tagEnglish(text);
  const found: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const det = words[i] as TaggedWord;
    if (!/^(?:the|those|that|these)$/i.test(det.text) || det.post.trim() !== "") continue;
    let j = i + 1;
    const ref: TaggedWord[] = [];
    while (
      j < words.length &&
      isNominal(words[j] as TaggedWord) &&
      (words[j - 1] as TaggedWord).post.trim() === ""
    ) {
      ref.push(words[j] as TaggedWord);
      j++;
    }
    if (ref.length === 0) continue;
    if (/^(?:that|which)$/i.test(words[j]?.text ?? "")) j++;
    let subject = subjectAt(words, j);
    if (subject === 0 && ref.length >= 2 && isInHouse(ref.at(-1) as TaggedWord)) {
      // "the ceiling finance signed off": the last noun of the run is the clause's subject.
      ref.pop();
      j--;
      subject = 1;
    }
    // The head of what is referred to is a common noun ("the Project X assistant", not "the Halden").
    const head = ref.at(-1) as TaggedWord;
    if (subject === 0 || head.tags.has("ProperNoun") || /^\p{Lu}/u.test(head.text)) continue;
    let k = j + subject;
    if (/^(?:have|has|had)$/i.test(words[k]?.text ?? "")) k++;
    const verb = words[k];
    if (!verb || !verb.tags.has("PastTense") || verb.tags.has("Copula")) continue;
    // A phrasal verb's particle belongs to it ("signed off"); a preposition starts something else.
    const end = /^(?:off|up|out)$/i.test(words[k + 1]?.text ?? "") ? k + 1 : k;
    found.push(text.slice(det.start, (words[end] as TaggedWord).end));
    i = end;
  }
  return found;
}

const isNominal = (w: TaggedWord): boolean =>
  (w.tags.has("Noun") || w.tags.has("Adjective") || w.tags.has("Value")) &&
  !w.tags.has("Pronoun") &&
  !w.tags.has("Possessive") &&
  !w.tags.has("Date");

/** A lower-case common noun with no determiner of its own: "finance", "procurement", "legal". */
const isInHouse = (w: TaggedWord): boolean =>
  w.tags.has("Noun") && /^\p{Ll}/u.test(w.text) && !w.tags.has("ProperNoun") && !w.tags.has("Pronoun");

/** How many words from `j` make a first-person subject: "we", "I", "our team", "my manager". */
function subjectAt(words: TaggedWord[], j: number): number {
  const w = words[j];
  if (!w) return 0;
  if (/^(?:we|i)$/i.test(w.text)) return 1;
  if (/^(?:our|my)$/i.test(w.text)) {
    let n = 1;
    while (words[j + n]?.tags.has("Noun") && !words[j + n]?.tags.has("Pronoun")) n++;
    return n > 1 ? n : 0;
  }
  return 0;
}
