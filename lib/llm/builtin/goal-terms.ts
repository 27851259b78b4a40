import { isStopWord, normalise, type Token, tokens } from "./text";

/**
 * What a goal is about, found by rule: proper names (capitalised or quoted), the aspects asked
 * about (phrases of content words), and whether it asks to compare.
 */
export interface GoalTerms {
  compare: boolean;
  /** Proper names in order of appearance: "Loomwork", "Project X", "Asia-Pacific". */
  names: string[];
  /** What is compared (≥ 2) when `compare`; otherwise empty. */
  entities: string[];
  /** Topic phrases that are not entities: "market size", "任务成功率". */
  aspects: string[];
  /** Names and aspects together, in the order the goal mentions them. */
  ordered: string[];
  /** Content words, a Chinese dictionary word counting as one: below 2 the goal is too vague. */
  contentWords: number;
}

const COMPARE =
  /\b(?:compare|compared|comparing|comparison|vs\.?|versus|contrast|benchmark against)\b|对比|比较|相比|孰优孰劣/i;
const WHICH_BEST =
  /\bwhich\b.*\b(?:best|better|most|least|fastest|cheapest|strongest|leading|top|winner)\b|哪(?:个|家|款|一个|种).*(?:最|更)/i;
const QUOTED =
  /"([^"]{2,80})"|“([^”]{2,80})”|「([^」]{2,80})」|『([^』]{2,80})』|(?<=^|\s)'([^']{2,80})'(?=$|[\s,.;:!?])/g;
const COORDINATORS = new Set([
  "and",
  "or",
  "&",
  ",",
  "、",
  "，",
  "和",
  "与",
  "跟",
  "及",
  "以及",
  "或",
  "vs",
  "versus",
  "/",
]);
const ANCHORS = new Set(["compare", "comparing", "between", "对比", "比较", "vs", "versus"]);

/**
 * Nouns that open many goals ("Market size of …"): capitalised only because they come first,
 * so they are not taken for names.
 */
const COMMON_OPENERS = new Set(
  (
    "market markets pricing price prices cost costs adoption regulation regulations risk risks growth trends " +
    "trend state impact benefits history status outlook performance security safety revenue share usage " +
    "demand supply vendors vendor tools frameworks agent agents companies products current recent latest " +
    "global regional key main top customer customers enterprise industry sales investment funding " +
    "put get pull draw assemble estimate calculate work build collect gather identify determine exec " +
    "keep include focus add rank recommend highlight consider avoid skip cover limit answer send note " +
    "remember assume use check look explain summarise summarize review assess evaluate investigate " +
    "write draft prepare provide tell show list give find make create help also then next first " +
    "finally memo brief background context deadline ignore exclude drop leave stick aim target"
  ).split(" "),
);

interface Run {
  words: Token[];
  /** The break before this run (a stop word or punctuation), lower-cased; "" at the start. */
  before: string;
}

export function parseGoalTerms(text: string): GoalTerms {
  const found: { text: string; at: number; name: boolean }[] = [];
  let quotedCount = 0;
  // Quoted phrases are names as written; blanking them (same length) keeps later offsets valid.
  const unquoted = text.replace(QUOTED, (...m: unknown[]) => {
    const whole = m[0] as string;
    const inner = (m.slice(1, 6) as (string | undefined)[]).find((x) => x !== undefined) ?? "";
    if (inner.trim()) {
      found.push({ text: inner.trim(), at: m[6] as number, name: true });
      quotedCount++;
    }
    return `,${" ".repeat(Math.max(0, whole.length - 1))}`;
  });
  const all = tokens(unquoted);
  const runs = toRuns(all);
  const compare = COMPARE.test(text) || WHICH_BEST.test(text);

  for (const run of runs) {
    const at = run.words[0]?.start ?? 0;
    if (run.words[0]?.cjk) {
      found.push({ text: run.words.map((w) => w.text).join(""), at, name: false });
      continue;
    }
    for (const part of splitNames(run, all)) found.push({ ...part, at: part.at });
  }
  found.sort((a, b) => a.at - b.at);
  const names = found.filter((f) => f.name).map((f) => f.text);
  const aspects = found.filter((f) => !f.name).map((f) => f.text);

  let entities: string[] = [];
  if (compare) {
    entities = dedupe(names).length >= 2 ? dedupe(names) : coordinated(runs);
  }
  // "Which agent framework handles tool failures best?": the phrase after "which" is what is
  // chosen among, not something to research; the rest is the criterion.
  const category = compare && entities.length === 0 ? runs.find((r) => r.before === "which") : undefined;
  const categoryText = category ? runText(category).toLowerCase() : "";
  const hasOtherAspects = aspects.some((a) => normalise(a) !== categoryText);
  const entitySet = new Set(
    [...entities, ...(hasOtherAspects && categoryText ? [categoryText] : [])].map(normalise),
  );
  const isAspect = (a: string) => !entitySet.has(normalise(a)) && !/^[\d.,%-]+$/.test(a);
  return {
    compare,
    names: dedupe(names),
    entities,
    aspects: dedupe(aspects.filter(isAspect)),
    ordered: dedupe(found.filter((f) => f.name || isAspect(f.text)).map((f) => f.text)),
    contentWords: countContent(all) + quotedCount,
  };
}

/** Maximal phrases of content words, cut at stop words, punctuation and changes of script. */
function toRuns(all: Token[]): Run[] {
  const runs: Run[] = [];
  let current: Token[] = [];
  let before = "";
  let pendingBreak = "";
  const flush = () => {
    if (current.length > 0) runs.push({ words: current, before });
    current = [];
  };
  for (const t of all) {
    const isBreak = t.kind === "punct" || isStopWord(t.text);
    if (isBreak) {
      flush();
      pendingBreak = t.text.toLowerCase();
      continue;
    }
    const last = current.at(-1);
    if (last && last.cjk !== t.cjk) flush();
    if (current.length === 0) {
      before = pendingBreak;
      pendingBreak = "";
    }
    current.push(t);
  }
  flush();
  return runs;
}

/** A Latin run split into proper names and the common words around them. */
function splitNames(run: Run, all: Token[]): { text: string; name: boolean; at: number }[] {
  const parts: { text: string; name: boolean; at: number }[] = [];
  let i = 0;
  while (i < run.words.length) {
    const at = run.words[i]?.start ?? 0;
    const name = nameLength(run.words, i, all);
    if (name > 0) {
      parts.push({
        text: run.words
          .slice(i, i + name)
          .map((w) => w.text)
          .join(" "),
        name: true,
        at,
      });
      i += name;
      continue;
    }
    let j = i;
    while (j < run.words.length && nameLength(run.words, j, all) === 0) j++;
    const common = run.words.slice(i, j).filter((w) => !/^\d[\d.,]*$/.test(w.text));
    if (common.length > 0) {
      parts.push({
        text: common.map((w) => w.text.toLowerCase()).join(" "),
        name: false,
        at: common[0]?.start ?? at,
      });
    }
    i = j;
  }
  return parts;
}

/** How many words from `i` form a proper name (0 if none starts there). */
function nameLength(words: Token[], i: number, all: Token[]): number {
  const first = words[i] as Token;
  if (!isCapitalised(first.text)) return 0;
  if (startsSentence(first, all) && !looksLikeNameAtStart(first, words[i + 1])) return 0;
  let n = 1;
  while (i + n < words.length) {
    const next = words[i + n] as Token;
    if (isCapitalised(next.text) || /^[A-Z0-9][A-Za-z0-9.]*$/.test(next.text)) n++;
    else break;
  }
  return n;
}

/** First word of the goal or of a later sentence ("… long tasks. Keep it to a memo."): capitalised anyway. */
function startsSentence(word: Token, all: Token[]): boolean {
  const i = all.indexOf(word);
  if (i <= 0) return true;
  const prev = all[i - 1] as Token;
  return prev.kind === "punct" && /^[.?!:;]+$/.test(prev.text);
}

const isCapitalised = (w: string): boolean => /^\p{Lu}/u.test(w) || /^\p{Ll}+\p{Lu}/u.test(w);

/** A sentence's first word is capitalised anyway: a name only if it is not a common opener. */
function looksLikeNameAtStart(word: Token, next: Token | undefined): boolean {
  if (/^\p{Lu}+$/u.test(word.text) || /\p{Ll}\p{Lu}/u.test(word.text)) return true;
  if (next && isCapitalised(next.text)) return true;
  return !COMMON_OPENERS.has(word.text.toLowerCase());
}

/** "compare postgres and mysql": the runs joined by and/or/commas after the comparison word. */
function coordinated(runs: Run[]): string[] {
  const start = runs.findIndex((r) => ANCHORS.has(r.before));
  if (start < 0) return [];
  const anchor = runs[start]?.before ?? "";
  const list: string[] = [];
  // "A vs B": the run before the anchor is the first entity.
  if ((anchor === "vs" || anchor === "versus") && start > 0) list.push(runText(runs[start - 1] as Run));
  list.push(runText(runs[start] as Run));
  for (let i = start + 1; i < runs.length; i++) {
    const run = runs[i] as Run;
    if (!COORDINATORS.has(run.before)) break;
    list.push(runText(run));
  }
  return list.length >= 2 ? dedupe(list).slice(0, 4) : [];
}

const runText = (run: Run): string =>
  run.words[0]?.cjk ? run.words.map((w) => w.text).join("") : run.words.map((w) => w.text).join(" ");

function countContent(all: Token[]): number {
  let count = 0;
  let hanSingles = 0;
  for (const t of all) {
    if (t.kind !== "word" || isStopWord(t.text) || /^\d[\d.,]*$/.test(t.text)) {
      if (hanSingles >= 2) count++;
      hanSingles = 0;
      continue;
    }
    if (t.cjk && Array.from(t.text).length === 1) {
      hanSingles++;
      continue;
    }
    if (hanSingles >= 2) count++;
    hanSingles = 0;
    count++;
  }
  return count + (hanSingles >= 2 ? 1 : 0);
}

function dedupe(items: string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = normalise(item);
    if (key === "" || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
