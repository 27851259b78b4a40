import { isAcronym } from "./abbreviations";
import { isCommonWord, type TaggedWord, tagEnglish } from "./english";

/**
 * The requester's own things that only they can give the figures of: what their own documents fix,
 * and what reached them lately. Found by grammar, like the rest of lib/language/references.ts.
 */

/**
 * A thing fixed by the requester's own document, plan or place: "the crew size in our FY26 ops
 * plan", "the figures from my deck", "the whole maintenance crew at our Lyon plant", "Project X in
 * our home region". A definite noun phrase or a name located in a first-person one — which one it
 * is, only they can say. (The agent's own library is not theirs to supply.)
 */
const IN_OWN =
  /(?:\b(?:[Tt]he|THE)\s+((?:[\p{L}\d-]+\s+){0,3}?[\p{L}\d-]+)|(?<![\p{L}\d-])(\p{Lu}[\p{L}\d-]*(?:\s+\p{Lu}[\p{L}\d-]*)*))\s+(?:[Ii]n|IN|[Ff]rom|FROM|[Aa]t|AT)\s+(?:[Oo]ur|OUR|[Mm]y|MY)\s+((?:[\p{L}\d-]+\s+){0,3}[\p{L}\d-]+)/gu;
/** "at our …" locates a thing only in a place of work ("at our Lyon plant"), not a time ("at my earliest convenience"). */
const PLACE_OF_WORK =
  /\b(?:plants?|sites?|factor(?:y|ies)|offices?|warehouses?|facilit(?:y|ies)|branch(?:es)?|depots?|stores?|mills?|yards?|labs?|campus(?:es)?|hospitals?|clinics?|centres?|centers?)\b/i;
/** Where the owned phrase ends: a word that starts another part of the sentence, or a name. */
const OWN_END =
  /^(?:above|below|than|and|or|vs|versus|with|for|to|of|at|is|are|was|were|by|on)$|^\p{Lu}\p{Ll}/u;

export function ownedLocation(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IN_OWN)) {
    // A name, not a word capitalised by its place ("Trends in our industry") or an acronym ("AI in my view").
    const name = m[2];
    if (name && !name.includes(" ") && (isCommonWord(name) || isAcronym(name))) continue;
    const owned = (m[3] ?? "").split(/\s+/);
    // A name may open it ("our Lyon plant"): a name after that starts another part of the sentence.
    const end = owned.findIndex(
      (w, i) => OWN_END.test(w) && !(i === 0 && /^\p{Lu}/u.test(w) && owned.length > 1),
    );
    const kept = end < 0 ? owned : owned.slice(0, end);
    if (/\bat\s+(?:our|my)\s/i.test(m[0]) && !PLACE_OF_WORK.test(kept.join(" "))) continue;
    // "our library" is the agent's; "our lives" is no thing of theirs a number comes from.
    if (
      kept.length === 0 ||
      /\b(?:library|libraries|index|sources?|documents?|lives|life|world|time)\b/i.test(kept.join(" "))
    )
      continue;
    out.push(m[0].slice(0, m[0].length - (m[3] ?? "").length) + kept.join(" "));
  }
  return out;
}

/**
 * Something that reached the requester lately, and what it says: "Fernbrook's renewal quote for
 * our 300 crews landed yesterday". A noun phrase with a common noun at its head as the subject of a
 * past-tense verb dated relative to now ("yesterday", "last week", "this morning"): a source has a
 * date of its own, so this is their thing.
 */
const RECENTLY =
  /^\s*(?:[\p{L}-]+\s+){0,2}?(?:yesterday|today|this (?:morning|afternoon|week)|earlier (?:today|this week)|last (?:night|week|month|quarter|monday|tuesday|wednesday|thursday|friday))\b/iu;

export function arrivedLately(text: string): string[] {
  const words = tagEnglish(text);
  const found: string[] = [];
  for (let k = 1; k < words.length; k++) {
    const verb = words[k] as TaggedWord;
    if (!verb.tags.has("PastTense") || verb.tags.has("Copula") || verb.tags.has("Auxiliary")) continue;
    if (!RECENTLY.test(text.slice(verb.end, verb.end + 40))) continue;
    // The subject: the nominal words right before the verb ("Fernbrook's renewal quote for our 300
    // crews"), a common noun at the head of its first noun phrase ("quote").
    let j = k;
    let headAt = k - 1;
    while (j > 0) {
      const w = words[j - 1] as TaggedWord;
      if (w.post.trim() !== "" && w.post.trim() !== "-") break;
      if (/^(?:for|of)$/i.test(w.text) && j < k) {
        headAt = j - 2;
        j--;
        continue;
      }
      // A base-form "verb" after a noun is a noun the tagger misread ("renewal quote").
      const misread = w.tags.has("Verb") && !w.tags.has("PastTense") && !!words[j - 2]?.tags.has("Noun");
      const nominal = w.tags.has("Noun") || w.tags.has("Adjective") || w.tags.has("Value") || misread;
      if (!nominal || (w.tags.has("Pronoun") && !w.tags.has("Possessive"))) break;
      j--;
    }
    const head = words[headAt];
    if (j === k || !head || headAt < j) continue;
    // Theirs: the phrase or what follows the verb says so ("for our 300 crews", "landed on my desk").
    const around = text.slice((words[j] as TaggedWord).start, verb.end + 40);
    // "us" in lower case: "US imports" is a country.
    if (!/\b(?:[Oo]ur|[Mm]y|us|me|[Ww]e)\b/.test(around)) continue;
    if (head.tags.has("ProperNoun") || /^\p{Lu}/u.test(head.text) || /^(?:our|my)$/i.test(head.text))
      continue;
    found.push(text.slice((words[j] as TaggedWord).start, head.end));
  }
  return found;
}

/**
 * The requester's own people or things counted in a total they ask for: "what would switching our
 * technicians … save us per year". A first-person noun phrase whose head is a plural common noun:
 * how many there are only they can say. With a number in it ("our 120 techs") it is given.
 */
export function ownCounted(text: string): string[] {
  const words = tagEnglish(text);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!/^(?:our|my)$/i.test(words[i]?.text ?? "")) continue;
    let end = i + 1;
    while (
      end < words.length &&
      end - i <= 3 &&
      ((words[end] as TaggedWord).tags.has("Noun") || (words[end] as TaggedWord).tags.has("Adjective")) &&
      !(words[end] as TaggedWord).tags.has("Pronoun") &&
      !(words[end] as TaggedWord).tags.has("Value") &&
      (words[end - 1] as TaggedWord).post.trim() === ""
    )
      end++;
    const head = words[end - 1] as TaggedWord;
    if (
      end === i + 1 ||
      !head.tags.has("Plural") ||
      head.tags.has("ProperNoun") ||
      /^\p{Lu}/u.test(head.text)
    )
      continue;
    out.push(text.slice((words[i] as TaggedWord).start, head.end));
    i = end - 1;
  }
  return out;
}

/**
 * A paper handed to the requester ("Got a quote from Tallis Power for six T180 chargers", "We
 * received an offer from Kelvra"): its figures only they have, unless its sentence gives an amount.
 * The subject is theirs: none ("Got a …"), "we" or "I".
 */
const RECEIVED =
  /(?:^|[.?!;]\s+)(?:(?:we|i)(?:'ve)?\s+(?:just\s+|have\s+|had\s+)?)?(?:got|received|were sent|was sent|were quoted|was quoted|have|had)\s+(a|an|the|their|this)\s+((?:[\w-]+\s+){0,2}?(?:quote|quotation|offer|bid|invoice|proposal|estimate))\b/giu;
const AMOUNT =
  /(?:USD|EUR|GBP|RMB|CNY|US\$|[$€£¥])\s?\d|\d[\d,.]*\s*(?:k\b|m\b|dollars|euros|pounds|美元|元)/iu;

export function handedOver(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(RECEIVED)) {
    const phrase = `${m[1]} ${m[2]}`;
    const sentence = text.slice(m.index ?? 0).split(/(?<=[.?!;])\s/)[0] ?? "";
    if (!AMOUNT.test(sentence) && text.includes(phrase)) found.push(phrase);
  }
  return found;
}
