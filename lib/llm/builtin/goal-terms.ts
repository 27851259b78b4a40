import { nounPhrases } from "../../language/phrases";
import { placeOnly } from "../../language/places";
import { isCjk, isStopWord, normalise } from "./text";

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
  /** The first names joined by "and", "or", "vs" or commas ("for Nordvale and Tessaract"), compare or not. */
  coordinatedNames: string[];
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

interface Run {
  text: string;
  at: number;
  name: boolean;
  /** The requester's own thing: counted as content, never a topic. */
  owned?: boolean;
  /** Written as a possessive: it has what follows ("Halvard Instruments' share"). */
  possessor?: boolean;
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
  const all = contentPhrases(unquoted);
  // What the requester owns makes the request specific (it counts) but is no topic.
  const runs = all.filter((r) => !r.owned);
  const between = /\bbetween\b/i.test(text) && runs.filter((r) => r.name).length >= 2;
  const compare = COMPARE.test(text) || WHICH_BEST.test(text) || between;
  // A name written in lower case ("tessaract labs - …") is still a name: written as one.
  for (const run of runs)
    found.push({ text: run.name ? asName(run.text) : run.text, at: run.at, name: run.name });
  found.sort((a, b) => a.at - b.at);
  const names = found.filter((f) => f.name).map((f) => f.text);
  const aspects = found.filter((f) => !f.name).map((f) => f.text);

  let entities: string[] = [];
  if (compare) {
    // What the comparison word coordinates ("choosing between A and B") is what is compared; other
    // names of the goal (a plant, an analyst firm, a standard) are context, not sides.
    const sides = coordinated(runs, unquoted);
    const namedSides = sides.filter((side) => runs.some((r) => r.name && runText(r) === side));
    const joined = coordinatedNames(runs);
    // Failing those, the names the request writes as names, except a place it sets the request in
    // ("for a plant in Suzhou"): "Thursday's steering committee" is no side of "before vs after".
    // A name a possessive owns ("Tessarine's Project X market share") is what the side has, not a side.
    const owned = new Set(runs.filter((r) => r.name && r.before === "'s").map(runText));
    const written = dedupe(names).filter((n) => text.includes(n) && !placeOnly(n, text) && !owned.has(n));
    entities =
      namedSides.length >= 2
        ? namedSides
        : joined.length >= 2
          ? joined
          : written.length >= 2
            ? written
            : sides;
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
    coordinatedNames: coordinatedNames(runs),
    aspects: dedupe(aspects.filter(isAspect)),
    ordered: dedupe(found.filter((f) => f.name || isAspect(f.text)).map((f) => f.text)),
    contentWords: countContent(all) + quotedCount,
  };
}

/**
 * The goal's noun phrases (a part-of-speech tagger finds them), with the words that only ask for
 * research ("report", "compare", "help") trimmed from their edges: what is left names a subject.
 */
function contentPhrases(text: string): Run[] {
  const runs: Run[] = [];
  for (const p of nounPhrases(text)) {
    const words = p.text.split(/\s+/);
    while (words.length > 0 && isStopWord(words[0] as string)) words.shift();
    while (words.length > 0 && isStopWord(words.at(-1) as string)) words.pop();
    const kept = words.join(" ").trim();
    if (kept === "" || isStopWord(kept)) continue;
    runs.push({
      text: kept,
      at: p.at + Math.max(0, p.text.indexOf(kept)),
      name: p.name,
      before: p.before,
      owned: p.owned,
      possessor: p.possessor,
    });
  }
  return runs;
}

/** "compare postgres and mysql": the runs joined by and/or/commas after the comparison word. */
function coordinated(runs: Run[], text: string): string[] {
  const start = runs.findIndex((r) => ANCHORS.has(r.before));
  if (start < 0) return [];
  const anchor = runs[start]?.before ?? "";
  const list: string[] = [];
  // "A vs B": the run before the anchor is the first entity; when that is what a name has ("Halvard
  // Instruments' share … vs Fernbrook"), the name that has it is.
  if ((anchor === "vs" || anchor === "versus") && start > 0) {
    const before = runs.slice(0, start);
    // Within the clause that compares: "Using Gartner's figures, … vs Fernbrook" has no Gartner side.
    const anchorAt = (runs[start] as Run).at;
    const owner = before.findLast(
      (r) => r.name && r.possessor && !/[,;:.?!]/.test(text.slice(r.at, anchorAt)),
    );
    list.push(runText((before.at(-1)?.name ? before.at(-1) : (owner ?? before.at(-1))) as Run));
  }
  list.push(runText(runs[start] as Run));
  for (let i = start + 1; i < runs.length; i++) {
    const run = runs[i] as Run;
    if (!COORDINATORS.has(run.before)) break;
    list.push(runText(run));
  }
  return list.length >= 2 ? dedupe(list).slice(0, 4) : [];
}

const runText = (run: Run): string => (run.name ? asName(run.text) : run.text);

/** "tessaract" → "Tessaract"; a name with capitals of its own ("iPhone", "LangGraph") is left alone. */
const asName = (text: string): string =>
  /\p{Lu}/u.test(text)
    ? text
    : text.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, c: string) => space + c.toUpperCase());

/** Names in a row joined by coordinators: "Nordvale and Tessaract", "Loomwork, Relaywright or Cortexa". */
function coordinatedNames(runs: Run[]): string[] {
  for (let i = 0; i < runs.length; i++) {
    const list: string[] = [];
    for (let j = i; j < runs.length; j++) {
      const run = runs[j] as Run;
      if (!run.name || (j > i && !COORDINATORS.has(run.before))) break;
      list.push(runText(run));
    }
    if (list.length >= 2) return dedupe(list).slice(0, 4);
  }
  return [];
}

/** Content words: a name counts once, a Chinese phrase once per two characters. */
function countContent(runs: Run[]): number {
  let count = 0;
  for (const run of runs) {
    if (run.name) count++;
    else if (isCjk(run.text)) count += Math.max(1, Math.floor(Array.from(run.text).length / 2));
    else count += run.text.split(/\s+/).length;
  }
  return count;
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
