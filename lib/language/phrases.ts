import { isChineseContentTag, isChineseNounTag, tagChinese } from "./chinese";
import {
  isCommonWord,
  isEverydayWord,
  isImperativeVerb,
  isParticleCompound,
  isUsualWord,
  type TaggedWord,
  tagEnglish,
} from "./english";

/**
 * The noun phrases of a request, found with a part-of-speech tagger rather than word lists:
 * greetings, dates and times, pronouns and demonstratives ("the other one", 这个), question words,
 * modal and request verbs, numbers and superlatives end a phrase and are never part of one, and a
 * phrase counts only when it holds a noun. Each phrase is split into proper names and common words.
 */
export interface Phrase {
  text: string;
  /** Offset in the text. */
  at: number;
  /** A proper name ("Loomwork", "Project X", "Asia-Pacific"). */
  name: boolean;
  /** What ended the phrase before this one ("and", ",", "vs", "which"…), lower-cased; "" at the start. */
  before: string;
  /**
   * The requester's own ("our compliance roadmap", "my team"): it makes a request specific, but no
   * library has it, so it is no topic. A name written as one inside it is not owned ("our Loomwork").
   */
  owned?: boolean;
  /** Written as a possessive ("Halvard Instruments' share", "Quillon's Scout"): it has what follows. */
  possessor?: boolean;
}

const HAN = /\p{Script=Han}/u;

/** Phrases of a text in either language; Latin stretches inside Chinese text are names. */
export function nounPhrases(text: string): Phrase[] {
  return HAN.test(text) ? chinesePhrases(text) : englishPhrases(text);
}

/** Tags that never belong to a topic phrase. */
const BREAK_TAGS = [
  "Determiner",
  "Preposition",
  "Conjunction",
  "Pronoun",
  "QuestionWord",
  "Modal",
  "Copula",
  "Adverb",
  "Expression",
  "Date",
  "Value",
  "Auxiliary",
  "Negative",
  "Particle",
  "Superlative",
  "Comparative",
];

type Role = "name" | "noun" | "modifier" | "break";

/** "Project X", "Windows 11", "GPT 4o": a short code after a word makes both one name. */
const CODE = /^[\p{Lu}\d][\p{Lu}\d.]{0,3}$/u;

/**
 * A word the tagger read as a bare verb is a noun where grammar says so: right after a modifier
 * ("reliable long-running tasks") or coordinated with a noun ("market size and growth"), when
 * nothing follows that a verb would take (a preposition, punctuation or the end).
 */
function nounByPosition(words: TaggedWord[], i: number, previous: Role | undefined): boolean {
  const word = words[i] as TaggedWord;
  const t = word.tags;
  if (!t.has("Verb") || t.has("PastTense") || t.has("Modal") || t.has("Copula") || t.has("Auxiliary"))
    return false;
  const next = words[i + 1];
  const ends =
    !next || word.post.trim() !== "" || next.tags.has("Preposition") || next.tags.has("Conjunction");
  if (!ends) return false;
  if (previous === "modifier" || previous === "noun") return true;
  const before = words[i - 1];
  const beforeThat = words[i - 2];
  return Boolean(
    before?.tags.has("Conjunction") &&
      beforeThat &&
      (beforeThat.tags.has("Noun") || CODE.test(beforeThat.text)),
  );
}

/** Words that join the phrases on either side of them. */
const COORDINATING = /^(?:and|or|nor|vs|versus|plus|&)$/;

/** Two usual words run together ("headcount", "uptime", "workflow"): a compound noun, never a name. */
function compounded(word: string): boolean {
  const w = word.toLowerCase();
  for (let k = 2; k <= w.length - 3; k++)
    if (isUsualWord(w.slice(0, k)) && isUsualWord(w.slice(k))) return true;
  return false;
}

/** Suffixes that derive common nouns: "adoption", "deployment", "readiness", "reliability". */
const ABSTRACT = /\p{L}{3}(?:tion|sion|ment|ness|ity|ance|ence|ship|ism)$/iu;

function englishRole(word: TaggedWord, next: TaggedWord | undefined, text: string): Role {
  const t = word.tags;
  // A possessive determiner ("our", the tagger's possessive noun) opens a phrase; it is no part of it.
  if (/^(?:our|my|their|your)$/i.test(word.text)) return "break";
  const proper = t.has("ProperNoun") || t.has("Acronym") || /\p{Ll}\p{Lu}/u.test(word.text);
  const capitalised = /^\p{Lu}/u.test(word.text);
  if (word.sentenceStart && capitalised) {
    const common = isCommonWord(word.text);
    // "Background: …", "Context: …": a dictionary word labelling what follows is not a name.
    if (common && /^[:：]/.test(word.post.trim())) return "break";
    if (next && CODE.test(next.text) && word.post.trim() === "") return "name";
    // "Market size of …" is a compound noun, "Compare the …" an order: a verb opening a sentence
    // is followed by its object's determiner, a name or a pronoun, not by another common noun.
    const compound =
      next &&
      /^\p{Ll}/u.test(next.text) &&
      (next.tags.has("Noun") || next.tags.has("Gerund")) &&
      !next.tags.has("Pronoun");
    const objectFollows = !compound && !next?.tags.has("Conjunction");
    // A rare dictionary word as the subject of a verb ("Quillon dropped Scout's price"): a usual
    // noun may open a sentence as its subject ("Revenue grew"); a word few writers use is a name.
    const verbFollows = next && /^\p{Ll}/u.test(next.text) && next.tags.has("Verb") && !next.tags.has("Noun");
    if (
      common &&
      verbFollows &&
      !isUsualWord(word.text) &&
      !ABSTRACT.test(word.text) &&
      !compounded(word.text)
    )
      return "name";
    if (common && objectFollows && isImperativeVerb(word.text, text.slice(word.end, word.end + 80))) {
      return "break";
    }
    // A rare dictionary word before a noun ("Quillon pricing") is more likely a name than an order.
    // "Annual list cost …": an adjective the dictionary knows qualifies the noun after it.
    if (common && compound && t.has("Adjective") && !t.has("ProperNoun")) return "modifier";
    // A derived abstract noun ("Adoption rate", "Deployment cost") is never one.
    if (common && compound) return isEverydayWord(word.text) || ABSTRACT.test(word.text) ? "noun" : "name";
    const nameLike =
      /^\p{Lu}[\p{Lu}\d]+$/u.test(word.text) ||
      t.has("ProperNoun") ||
      Boolean(next && /^\p{Lu}/u.test(next.text) && !next.sentenceStart) ||
      !common;
    if (nameLike && !BREAK_TAGS.some((b) => t.has(b))) return "name";
  }
  if (t.has("Possessive") && !proper) return "break";
  if (BREAK_TAGS.some((b) => t.has(b)) && !(proper && !t.has("Pronoun") && !t.has("Date"))) return "break";
  if (proper || (capitalised && !word.sentenceStart)) return "name";
  // A word no dictionary knows, written in lower case ("loomwork vs relaywright"), is a name all the
  // same; one with digits in it is a notation ("p95s", "h100"), not a name.
  // The tagger reads an unknown word opening a request as an order ("tessaract labs - …"), but an
  // order is a verb the dictionary knows.
  const guessedOrder = t.has("Imperative") && word.sentenceStart;
  if (
    (t.has("Noun") || guessedOrder) &&
    /^\p{Ll}{4,}$/u.test(word.text) &&
    !isCommonWord(word.text) &&
    !isParticleCompound(word.text)
  )
    return "name";
  if (t.has("Noun") || t.has("Gerund")) return "noun";
  if (t.has("Adjective")) return "modifier";
  return "break";
}

function englishPhrases(text: string): Phrase[] {
  const words = tagEnglish(text);
  const phrases: Phrase[] = [];
  let current: { word: TaggedWord; role: Role }[] = [];
  let before = "";
  let pending = "";
  // "our compliance roadmap", "my team": what the requester owns is no library topic (a name in it
  // still is: "our Loomwork deployment"). A run right after an owned one, with nothing between, is
  // the same noun phrase.
  let ownedBefore = false;
  const flush = () => {
    if (current.length > 0) {
      const owned = /^(?:our|my)$/i.test(before) || (ownedBefore && before === "");
      const parts = splitNames(current, before);
      // Only a name written as one (capitalised) survives: a lower-case word no dictionary knows
      // ("roadmap") is taken for a name elsewhere, but under "our" it is their thing.
      phrases.push(
        ...(owned
          ? parts.map((p) => (p.name && /^\p{Lu}/u.test(p.text) ? p : { ...p, owned: true }))
          : parts),
      );
      ownedBefore = owned;
    }
    current = [];
  };
  let gapWord: string | null = null;
  words.forEach((word, i) => {
    if (!/[\p{L}\p{N}]/u.test(word.text)) {
      flush();
      pending = word.text.trim().slice(0, 1);
      return;
    }
    let role = englishRole(word, words[i + 1], text);
    if (role === "break" && nounByPosition(words, i, current.at(-1)?.role)) role = "noun";
    if (role === "break") {
      flush();
      pending = word.text.toLowerCase();
      if (!COORDINATING.test(pending)) gapWord = pending;
    } else {
      if (current.length === 0) {
        // "Suzhou: which hits first, China's …": a comma after other words joins nothing; what
        // comes before the run is the last word of the gap that is no coordinator.
        before = gapWord && /^[,;:/]$/.test(pending) ? gapWord : pending;
        pending = "";
        gapWord = null;
      }
      current.push({ word, role });
      // A name's possessive ends it: "Asia-Pacific's Project X spend" is the region's, not a name
      // "Asia-Pacific's Project X"; "Quillon's Scout" is two names, maker and product.
      if (
        role === "name" &&
        /['’]s$/u.test(word.text) &&
        words[i + 1] &&
        /^\p{Lu}/u.test(words[i + 1]?.text ?? "")
      ) {
        flush();
        pending = "'s";
      }
    }
    // Punctuation after a word ends the phrase, except the hyphen inside "long-running".
    const post = word.post.trim();
    if (post !== "" && post !== "-") {
      flush();
      pending = post.slice(0, 1);
    }
  });
  flush();
  return phrases;
}

/** A run of content words split into names and the common words around them. */
function splitNames(run: { word: TaggedWord; role: Role }[], before: string): Phrase[] {
  const out: Phrase[] = [];
  let i = 0;
  while (i < run.length) {
    const name = run[i]?.role === "name";
    let j = i;
    while (j < run.length && (run[j]?.role === "name") === name) j++;
    let part = run.slice(i, j);
    // "how many vendors": the count asked is no part of the subject ("vendors" is); "by how many
    // percentage points", "how many dollars": the unit the answer is given in is none at all.
    const howMany = !name && i === 0 && before === "how" && /^(?:many|much)$/i.test(part[0]?.word.text ?? "");
    if (howMany) part = part.slice(1);
    const unitsOnly = part.length > 0 && part.every((p) => isUnitWord(p.word));
    // "in percent", "in dollars": a unit after "in" or "as" says how a figure is given, not what to research.
    // What follows "per" is what a figure is counted by ("per technician/month", "per seat"), never a topic.
    const unitOnly =
      !name && i === 0 && (before === "per" || ((howMany || /^(?:in|as)$/.test(before)) && unitsOnly));
    const hasNoun = !unitOnly && (name || part.some((p) => p.role === "noun"));
    if (hasNoun) {
      const first = part[0]?.word as TaggedWord;
      const last = part.at(-1)?.word as TaggedWord;
      // Hyphenated words keep their hyphen: the slice of the original text does that.
      let phrase = joinWords(part.map((p) => p.word));
      const possessor = /(?:['’]s|s['’])$/u.test(last?.text ?? "") || /^['’]/u.test(last?.post ?? "");
      if (name) phrase = phrase.replace(/['’]s?$/u, "");
      else phrase = phrase.toLowerCase();
      if (first && last)
        out.push({
          text: phrase,
          at: first.start,
          name,
          before: out.length ? "" : before,
          ...(possessor ? { possessor: true } : {}),
        });
    }
    i = j;
  }
  return out;
}

/**
 * A unit of measure: what the tagger marks as one (a currency, a unit, a span of time), or the
 * units of a difference between percentages it does not know ("percentage points", "pp").
 */
function isUnitWord(w: TaggedWord): boolean {
  return (
    w.tags.has("Unit") ||
    w.tags.has("Currency") ||
    w.tags.has("Duration") ||
    /^(?:percentage|percent|points?|pts|pp|share)$/i.test(w.text)
  );
}

function joinWords(words: TaggedWord[]): string {
  let s = "";
  words.forEach((w, k) => {
    const prev = words[k - 1];
    s += k === 0 ? w.text : prev?.post === "-" ? `-${w.text}` : ` ${w.text}`;
  });
  return s;
}

function chinesePhrases(text: string): Phrase[] {
  const words = tagChinese(text);
  const phrases: Phrase[] = [];
  let i = 0;
  let before = "";
  while (i < words.length) {
    const w = words[i];
    if (!w) break;
    // Latin words (and the spaces between them) inside Chinese text are one name: "Project X".
    if (w.tag === "eng") {
      let j = i + 1;
      while (j + 1 < words.length && words[j]?.text.trim() === "" && words[j + 1]?.tag === "eng") j += 2;
      const name = text.slice(w.start, words[j - 1]?.end ?? w.end).trim();
      phrases.push({ text: name, at: w.start, name: true, before });
      before = "";
      i = j;
      continue;
    }
    if (!isChineseContentTag(w.tag)) {
      if (w.text.trim() !== "") before = w.text;
      i++;
      continue;
    }
    let j = i;
    while (j < words.length && isChineseContentTag(words[j]?.tag ?? "") && words[j]?.tag !== "eng") j++;
    let run = words.slice(i, j);
    const next = words[j];
    // A request's own verbs at the edges are not the subject: "看中国市场" opens with a verb,
    // "全球市场规模是" ends with the copula. A noun phrase keeps no leading plain verb before two
    // nouns, nor a trailing one-character verb (是, 到, 写), when it has a noun.
    if (run.some((r) => isChineseNounTag(r.tag))) {
      // A verb before two nouns governs them ("看中国市场"); before one it may name it ("采用情况").
      while (
        run.length > 2 &&
        run[0]?.tag === "v" &&
        run.slice(1).filter((r) => isChineseNounTag(r.tag)).length >= 2
      )
        run = run.slice(1);
      while (
        run.length > 1 &&
        /^v/.test(run.at(-1)?.tag ?? "") &&
        Array.from(run.at(-1)?.text ?? "").length === 1
      )
        run = run.slice(0, -1);
    }
    const prevBreak = before;
    const nominal =
      run.some((r) => isChineseNounTag(r.tag)) ||
      // A verb used as a noun: "增长的报告", "规模和增长".
      next?.tag === "uj" ||
      /^[和与及、]$/.test(prevBreak);
    const joined = run.map((r) => r.text).join("");
    if (nominal && Array.from(joined).length >= 2) {
      phrases.push({ text: run.map((r) => r.text).join(""), at: run[0]?.start ?? 0, name: false, before });
    }
    before = "";
    i = j;
  }
  return phrases;
}
