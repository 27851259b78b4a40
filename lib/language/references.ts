import { isCommonWord, type TaggedWord, tagEnglish } from "./english";

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
    let inferred = false;
    // What is left must still end in a noun: in "the faster region has caught up" the region is the
    // phrase's head, and "faster" names nothing.
    if (
      subject === 0 &&
      ref.length >= 2 &&
      // "How much has the project x market grown": after an auxiliary the phrase is the question's
      // own subject, not a body inside it.
      !/^(?:has|have|had|did|does|do|is|are|was|were)$/i.test(words[i - 1]?.text ?? "") &&
      isInHouse(ref.at(-1) as TaggedWord) &&
      (ref.at(-2) as TaggedWord).tags.has("Noun")
    ) {
      // "the ceiling finance signed off": the last noun of the run is the clause's subject.
      ref.pop();
      j--;
      subject = 1;
      inferred = true;
    }
    // The head of what is referred to is a common noun ("the Project X assistant", not "the Halden").
    const head = ref.at(-1) as TaggedWord;
    if (subject === 0 || head.tags.has("ProperNoun") || /^\p{Lu}/u.test(head.text)) continue;
    let k = j + subject;
    if (/^(?:have|has|had)$/i.test(words[k]?.text ?? "")) k++;
    while (words[k]?.tags.has("Adverb")) k++;
    if (/^(?:are|am|is|were|was)$/i.test(words[k]?.text ?? "") && words[k + 1]?.tags.has("Gerund")) k++;
    const verb = words[k];
    // A reduced relative clause runs on without a stop: "the spot market. Compared with …" ends the
    // phrase at the full stop (or a closing bracket, a comma, a dash), and what follows is no verb of it.
    if (!verb || verb.sentenceStart || /[.?!;:,)）—–]/u.test(words[k - 1]?.post ?? "")) continue;
    if (!doneOrDoing(words, j, k)) continue;
    // "the compound annual growth rate implied between the 2025 and 2030 forecasts": a participle
    // that "between", "by" or "of" follows describes the whole phrase (passive); "rate" is no one
    // who decided. ("the vendor procurement shortlisted on Friday" is theirs: a time follows.)
    const next = words[k + 1];
    if (inferred && /^(?:between|by|of)$/i.test(next?.text ?? "")) continue;
    // A phrasal verb's particle belongs to it ("signed off"); a preposition starts something else.
    const end = /^(?:off|up|out)$/i.test(words[k + 1]?.text ?? "") ? k + 1 : k;
    found.push(text.slice(det.start, (words[end] as TaggedWord).end));
    i = end;
  }
  return found;
}

/** Wanting or needing something is the request itself ("the figures we need"), not a thing of theirs. */
const WANTS =
  /^(?:want|need|require|like|expect|mean|ask|hope|prefer|think|know|see|get|have|should|could|would|can|may|might|must)$/i;

/**
 * The clause's verb says what the requester's side did or does: "we shortlisted", "we're piloting",
 * "we are evaluating", "we use" — not what they want ("we need") or might do ("we'd pay").
 */
function doneOrDoing(words: TaggedWord[], subjectAt: number, k: number): boolean {
  const verb = words[k] as TaggedWord;
  const subject = words[subjectAt] as TaggedWord;
  if (verb.tags.has("PastTense") && !verb.tags.has("Copula")) return true;
  // What a body does now ("the rates Kestrel measures") may be a source's; only "we" and "our …" are the requester.
  if (!/^(?:we|i|our|my)(?:['’](?:re|m|ve|d))?$/i.test(subject.text)) return false;
  // "we're piloting", "we are evaluating": the subject or an auxiliary of being, then a gerund.
  const being =
    /['’](?:re|m)$/i.test(subject.text) || /^(?:are|am|is|were|was)$/i.test(words[k - 1]?.text ?? "");
  if (verb.tags.has("Gerund")) return being;
  if (/['’]d$/i.test(subject.text)) return false;
  return (
    verb.tags.has("PresentTense") &&
    !verb.tags.has("Copula") &&
    !verb.tags.has("Auxiliary") &&
    !verb.tags.has("Modal") &&
    !WANTS.test(verb.text)
  );
}

const isNominal = (w: TaggedWord): boolean =>
  (w.tags.has("Noun") || w.tags.has("Adjective") || w.tags.has("Value")) &&
  !w.tags.has("Pronoun") &&
  !w.tags.has("Possessive") &&
  !w.tags.has("Date");

/**
 * A lower-case singular common noun with no determiner of its own: "finance", "procurement",
 * "legal". A plural ("the agent frameworks described in the library") is the head of a passive
 * relative, not a body that decided something.
 */
const isInHouse = (w: TaggedWord): boolean =>
  w.tags.has("Noun") &&
  /^\p{Ll}/u.test(w.text) &&
  !w.tags.has("ProperNoun") &&
  !w.tags.has("Pronoun") &&
  !w.tags.has("Plural");

/** How many words from `j` make a first-person subject: "we", "I", "our team", "my manager". */
function subjectAt(words: TaggedWord[], j: number): number {
  const w = words[j];
  if (!w) return 0;
  if (/^(?:we|i)(?:['’](?:re|m|ve|d))?$/i.test(w.text)) return 1;
  if (/^(?:our|my)$/i.test(w.text)) {
    let n = 1;
    while (words[j + n]?.tags.has("Noun") && !words[j + n]?.tags.has("Pronoun")) n++;
    return n > 1 ? n : 0;
  }
  return 0;
}

/**
 * The same in a main clause: what the requester's side decided, named but not given — "Finance
 * has signed off a per-seat ceiling", "Our CFO approved a budget", "We picked two frameworks".
 * The object is the reference; with no number after it in its sentence, only a person can say what it is.
 */
export function decidedInClause(text: string): string[] {
  const words = tagEnglish(text);
  const found: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as TaggedWord;
    let n = 0;
    if (/^(?:we|i)$/i.test(w.text)) n = 1;
    else if (/^(?:our|my)$/i.test(w.text)) n = subjectAt(words, i);
    else if (w.sentenceStart && isCommonWord(w.text) && w.tags.has("Noun") && !w.tags.has("Pronoun")) {
      // "Finance has signed off …": an in-house body opening the sentence. "Procurement shortlisted
      // one vendor" with no auxiliary counts only when the request then uses what it chose ("that
      // vendor's list price"): "Revenue grew a lot" chooses nothing.
      const next = words[i + 1];
      n = /^(?:has|have|had)$/i.test(next?.text ?? "")
        ? 1
        : next?.tags.has("PastTense") && !next.tags.has("Copula")
          ? -1
          : 0;
    }
    if (n === 0) continue;
    const usedLater = n === -1;
    if (usedLater) n = 1;
    let k = i + n;
    // "We have a fixed per-seat budget": having something unnamed is theirs to say, like deciding it.
    const has =
      /^(?:has|have|had)$/i.test(words[k]?.text ?? "") && /^(?:a|an|some)$/i.test(words[k + 1]?.text ?? "");
    if (!has && /^(?:has|have|had)$/i.test(words[k]?.text ?? "")) k++;
    const verb = words[k];
    if (!has && (!verb?.tags.has("PastTense") || verb.tags.has("Copula"))) continue;
    if (/^(?:off|up|out|on)$/i.test(words[k + 1]?.text ?? "")) k++;
    // Something new and unnamed ("a ceiling", "two frameworks"); "the Halden note" is a known thing.
    let j = k + 1;
    if (!/^(?:a|an|some)$/i.test(words[j]?.text ?? "") && !words[j]?.tags.has("Value")) continue;
    j++;
    const start = words[j];
    let end = j;
    for (; end < words.length; end++) {
      const cur = words[end] as TaggedWord;
      // "a per-seat ceiling": hyphenated modifiers belong to the phrase; "for the pilot" does not.
      const nominal = cur.tags.has("Noun") || cur.tags.has("Adjective") || cur.tags.has("Hyphenated");
      if (!nominal || cur.tags.has("Pronoun") || cur.tags.has("Date")) break;
      if (cur.post.trim() !== "" && cur.post.trim() !== "-") {
        end++;
        break;
      }
    }
    // A noun phrase ends in its noun: "one vendor last week" is "one vendor".
    while (end - 1 > j && !words[end - 1]?.tags.has("Noun")) end--;
    if (!start || end === j) continue;
    const last = words[end - 1] as TaggedWord;
    // A number in it or in the rest of the sentence says what it is ("600 seats", "a per-seat
    // ceiling of USD 60"); so does "if": a choice supposed ("if we bought 600 seats") is no event.
    // A year or a date ("for 2026", "on 3 March") says when, not what it is.
    const rest = withoutDates(text.slice(last.end).split(/[.?!;\n]/)[0] ?? "");
    const object = text.slice((words[k + 1] as TaggedWord).start, last.end);
    if (/\d/.test(rest) || /\d/.test(object) || /^(?:if|when|once|should)$/i.test(words[i - 1]?.text ?? ""))
      continue;
    const head = last.text.replace(/[^\p{L}-]+$/u, "").toLowerCase();
    if (usedLater && !laterUse(text.slice(last.end), head)) continue;
    found.push(text.slice((words[k + 1] as TaggedWord).start, last.end));
    i = end;
  }
  return found;
}

/** Years and dates written out ("2026", "3 March", "15 September 2025") taken out of a text. */
const withoutDates = (text: string): string =>
  text
    .replace(
      /\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?:\s+(?:19|20)\d\d)?\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?\b/giu,
      " ",
    )
    .replace(/\b(?:19|20)\d\d\b/g, " ");

/** "that vendor", "the vendor": the thing chosen, used again later in the request (words, not a pattern built from them). */
function laterUse(text: string, head: string): boolean {
  const words = text.toLowerCase().split(/[^\p{L}\d-]+/u);
  return words.some((w, i) => w === head && /^(?:that|this|the)$/.test(words[i - 1] ?? ""));
}

/**
 * One side of a comparison only the requester can name: "how our incumbent vendor stacks up
 * against Fernbrook", "compare my current supplier with Quillon", "Fernbrook versus our provider".
 * A first-person noun phrase (a common noun at its head) that a relation of comparison joins to the
 * other side: nothing in a library says which one it is.
 */
const COMPARED_AFTER =
  /^\s*(?:(?:stacks?|measures?|lines?)\s+up|compares?|fares?|stands?|performs?|does)?\s*(?:against|versus|vs\.?|compared\s+(?:to|with)|to|with)\s/i;
// Not "against" before it: "check the figures against our library" checks, it does not compare.
const COMPARED_BEFORE = /\b(?:versus|vs\.?|compared?\s+(?:to|with)?|than|between)\s*$/i;

export function ownComparisonSide(text: string): string[] {
  const words = tagEnglish(text);
  const found: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as TaggedWord;
    if (!/^(?:our|my)$/i.test(w.text)) continue;
    let j = i + 1;
    while (
      j < words.length &&
      isNominal(words[j] as TaggedWord) &&
      (words[j - 1] as TaggedWord).post.trim() === ""
    )
      j++;
    const head = words[j - 1] as TaggedWord;
    if (j === i + 1 || !head.tags.has("Noun") || head.tags.has("ProperNoun") || /^\p{Lu}/u.test(head.text))
      continue;
    const before = text.slice(Math.max(0, w.start - 30), w.start);
    const after = text.slice(head.end, head.end + 40);
    // "compare our X with Y" / "our X stacks up against Y" / "Y versus our X".
    const compared =
      COMPARED_AFTER.test(after) && (/\bcompare\s*$/i.test(before) || !/^\s*(?:to|with)\s/i.test(after))
        ? true
        : COMPARED_BEFORE.test(before);
    if (compared) found.push(text.slice(w.start, head.end));
    i = j - 1;
  }
  return found;
}

/**
 * The requester's own thing as the owner of what is asked: "size our home region's market", "my
 * company's share". A first-person noun phrase with a common noun at its head, in the possessive:
 * the request is about that one, and nothing in a library says which one it is.
 */
export function ownPossessor(text: string): string[] {
  const words = tagEnglish(text);
  const found: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!/^(?:our|my)$/i.test((words[i] as TaggedWord).text)) continue;
    let j = i + 1;
    while (j < words.length && (words[j - 1] as TaggedWord).post.trim() === "") {
      const w = words[j] as TaggedWord;
      if (w.tags.has("Pronoun") || !(w.tags.has("Noun") || w.tags.has("Adjective"))) break;
      if (/['’]s?$/.test(w.text) || w.tags.has("Possessive")) {
        // "for our board's meeting" says whom the report is for, not what it is about.
        const purpose = /\b(?:for|to)\s*$/i.test(text.slice(0, (words[i] as TaggedWord).start));
        if (!purpose && w.tags.has("Noun") && !w.tags.has("ProperNoun") && !/^\p{Lu}/u.test(w.text))
          found.push(text.slice((words[i] as TaggedWord).start, w.end).replace(/['’]s?$/, ""));
        break;
      }
      j++;
    }
  }
  return found;
}

/**
 * The requester says not to come back with questions: a negation ("no need to", "don't", "without",
 * 不用/无需) governing a verb of consulting them ("check back", "ask", "confirm", 问我/确认), the verb
 * with them as its object or alone ("don't ask, just compute").
 */
const DECLINES_EN =
  /\b(?:no need to|(?:do not|don't|dont|never|without|please don't|no)\s+(?:need to\s+)?)\s*(?:(?:check(?:ing)? (?:back|in)|follow(?:ing)? up|com(?:e|ing) back|get(?:ting)? back|question(?:s|ing)?)\b|(?:ask(?:ing)?|confirm(?:ing)?|clarify(?:ing)?|bother(?:ing)?|consult(?:ing)?)(?:\s+(?:me|us)\b|(?=\s*(?:[,.;:!]|[-–—]\s|$)|\s+(?:just|anything|(?:any\s+)?questions?)\b)))/i;
const DECLINES_ZH =
  /(?:不用|无需|不必|别|不要)(?:再)?(?:问我|找我|跟我确认|和我确认|向我确认|确认|打扰|追问)/;

export function declinesQuestions(goal: string): boolean {
  return DECLINES_EN.test(goal) || DECLINES_ZH.test(goal);
}
