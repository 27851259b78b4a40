import { currencyCodesOnly, isAcronym } from "../language/abbreviations";
import { isCommonWord, isSubjectMatter, misspelledCommonWord } from "../language/english";
import { adjectivesOfPlace, placeOfPeople, writingLanguage } from "../language/place-names";
import { asksOnBehalf, describesRequester, occasionOnly, placeOnly, siteOnly } from "../language/places";
import { type GoalSpec, NOT_IN_LIBRARY, NOT_INDEXED } from "../planner/plan-schema";
import type { DocumentLibrary } from "../tools/library/document-library";

/** Share of a topic's words a document must hold for the topic to count as found in the library. */
const MIN_COVERAGE = 0.5;

export interface Grounding {
  spec: GoalSpec;
  /** Common-word topics the library index knows nothing of: left out of the plan. */
  dropped: string[];
  /**
   * Names the request gives (the sides compared and any other) that no document contains:
   * the report cannot say anything about them unless a person does.
   */
  unknown: string[];
  /**
   * An unknown name is what the report is about: a side of the comparison, a name the request
   * asks something of (not only a place it puts its subject in), or every name it gives. Without
   * it there is no report to write; without a mere place, there is.
   */
  essential: boolean;
}

/**
 * Topics are checked against the library index before anything is planned: a phrase no document
 * contains ("offline all afternoon", "the other one") cannot be researched, so it is left out and
 * said so. Proper names stay whatever the index says — a subject the library lacks is a finding
 * (or a question), never something to drop silently — and so does everything when nothing is found.
 */
export async function groundTopics(
  spec: GoalSpec,
  library: DocumentLibrary,
  /** The request as written: a capital opening one of its sentences is no evidence of a name. */
  goal = "",
): Promise<Grounding> {
  const opening = new Set(
    [...goal.matchAll(/(?:^|[.?!:]\s+|\n\s*)(\p{Lu}[\p{L}-]*)/gu)].map((m) => (m[1] as string).toLowerCase()),
  );
  // "Halden's 2025 market size", "Kestrel's fault injection study": a publisher whose figures the
  // request uses is where to look, not a side of the comparison.
  for (const source of await publishersCited(entityNames(spec), goal, library))
    spec = withoutSide(spec, source);
  // "APAC CAGR": an initialism inside a topic that no document uses is researched by the name it
  // stands for ("Asia-Pacific CAGR"), found before anything is looked up by it.
  const inTopics = new Map<string, string>();
  for (const word of new Set(spec.topics.flatMap((t) => (t.includes(" ") ? t.split(/\s+/) : [])))) {
    if (!/^\p{Lu}{2,5}$/u.test(word) || (await mentionedAnywhere(word, library))) continue;
    const full = await abbreviates(word, library);
    // A name, not a title-cased phrase ("The Cost Of"): no function word among its words.
    if (full && !full.split(/[\s-]+/).some((w) => FUNCTION_WORD.test(w))) inTopics.set(word, full);
  }
  if (inTopics.size > 0) spec = expandInitialisms(spec, inTopics);
  // Words of the request that are no subject whatever the library holds: currency codes ("GBP->EUR":
  // a unit, a conversion), the language to write in ("Plain English", "in French"), the occasion the
  // report is for ("the LatAm board deck", "before my supplier call") and the requester's own
  // description ("we're a Suzhou plant"). Never a side of a comparison.
  for (const side of entityNames(spec)) if (notSubject(side, goal)) spec = withoutSide(spec, side);
  const names = new Set(entityNames(spec));
  // Every name the request gives, compared or not: "Corvane" beside a grounded "Quillon" is still unknown.
  // An acronym ("SLA", "CAGRs") names a measure the documents may spell out, not a thing.
  // In a comparison the sides are what must exist; another name ("a Kubernetes operator", "Halden's
  // figures") says what to look for about them, and a miss is a gap the report states.
  const named = spec.topics.filter(
    (t) => /^\p{Lu}/u.test(t) && !isAcronym(t) && (!spec.compare || names.size === 0),
  );
  const central = [...new Set([...names, ...named])];
  const unknown: string[] = [];
  const guessed = new Set<string>();
  // A requester who capitalises names somewhere ("Thursday", "Project X") writes them as names; one
  // who writes all in lower case ("halvorsen robotics — project x mkt share") gives no such sign.
  // ("I" and acronyms — "USD", "TCO" — are capitals of another kind.)
  const writesNames = [...goal.matchAll(/(?<=[\p{L},;)]\s+)\p{Lu}\p{Ll}/gu)].length > 0;
  // "NA" → "North America": an initialism the documents never use is researched by the name it stands for.
  const expanded = new Map<string, string>();
  for (const name of central) {
    const hits = await library.search(name, { limit: 3 });
    const docs = await Promise.all(hits.map((h) => library.get(h.docId)));
    if (docs.some((d) => d && mentionsWords(`${d.title} ${d.text}`, name))) continue;
    // The index splits "add-on" into two words, so "addon" finds nothing there: read the documents.
    if (/\p{L}/u.test(name) && (await mentionedAnywhere(name, library))) continue;
    // "NA" for "North America": an initialism of a name the library has is known.
    const full = /^\p{Lu}{2,5}$/u.test(name) ? await abbreviates(name, library) : null;
    if (full) {
      expanded.set(name, full);
      continue;
    }
    // "Compute cost per task …": an ordinary English word opening a sentence of the request, which
    // the library never uses, is a word capitalised by its place, not a subject to ask about.
    // "We're …": a contraction is its first word.
    const word = name.replace(/['’]\p{L}*$/u, "");
    if (opening.has(word.toLowerCase()) && !isAcronym(name) && isCommonWord(word)) continue;
    // "forcast", written in lower case, is "forecast" mistyped, not a name to ask about.
    if (!goal.includes(name) && goal.includes(name.toLowerCase()) && misspelledCommonWord(name)) continue;
    // "Thursday's steering committee", "short writeup is fine": words the parser took for a name
    // that the requester did not write as one, and that nothing compares, are no subject to ask
    // about; not in the library either, they are left out as any unknown phrase is.
    if (writesNames && !names.has(name) && !goal.includes(name) && !/\p{Script=Han}/u.test(name)) {
      guessed.add(name);
      continue;
    }
    // Left out, not asked about; the requester's own description is recorded as missing below.
    if (notSubject(name, goal) && !describesRequester(name, goal)) {
      guessed.add(name);
      continue;
    }
    // "the French household", "a North American utility": a people's name stands for their place
    // when the library has it ("France", "North America").
    const land = placeOfPeople(name);
    if (land && (await mentionedAnywhere(land, library))) {
      expanded.set(name, land);
      continue;
    }
    // "Brazil" where the documents write "Brazilian utilities": the place is named by its people's adjective.
    if (await someMentioned(adjectivesOfPlace(name), library)) continue;
    unknown.push(name);
  }
  if (expanded.size > 0) spec = expandInitialisms(spec, expanded);
  // Recorded in the spec, so the report says the library lacks it, whichever model writes it.
  if (unknown.length > 0 && !spec.constraints.some((c) => c.startsWith(NOT_IN_LIBRARY)))
    spec = { ...spec, constraints: [...spec.constraints, `${NOT_IN_LIBRARY} ${unknown.join("; ")}`] };
  const kept: string[] = [];
  const dropped: string[] = [];
  // A name no document mentions that only sets the scene ("a co-op in Hamburg") is no step to plan:
  // the constraint above has the report state that the library lacks it.
  const scenery = new Set(unknown.filter((u) => !names.has(u) && setting(u, goal)));
  for (const topic of spec.topics) {
    if (guessed.has(topic) || scenery.has(topic)) {
      dropped.push(topic);
      continue;
    }
    if (names.has(topic) || /^\p{Lu}/u.test(topic) || /\p{Script=Han}/u.test(topic)) {
      kept.push(topic);
      continue;
    }
    const hits = await library.search(topic, { limit: 3 });
    if (hits.some((h) => h.coverage >= MIN_COVERAGE)) kept.push(topic);
    else dropped.push(topic);
  }
  // A name the request only places its subject in ("the Project X market in Latin America", "a
  // co-op in Hamburg") is a part the report can state as missing, even when it is the only name the
  // request gives; a name it asks something of ("Halvora Dynamics revenue", "What share does
  // Halvorsen hold") or compares is what the report is about.
  const isEssential = (u: string) => names.has(u) || !setting(u, goal);
  const essential = unknown.some(isEssential);
  // The question asks about what the report needs first ("Bayfront Electric's fleet rate"), before a
  // site named as where it happens ("the Dunmore Road depot"), which may still be theirs to say.
  const askFirst = (u: string) => isEssential(u) && !siteOnly(u, goal);
  unknown.sort((a, b) => Number(askFirst(b)) - Number(askFirst(a)));
  if (kept.length === 0 || dropped.length === 0) return { spec, dropped: [], unknown, essential };
  // Recorded too, when they name subject matter ("mining", not "all afternoon"): the report says the
  // library has nothing on them.
  const missing = dropped.filter((d) => !guessed.has(d) && !scenery.has(d) && isSubjectMatter(d));
  const constraints =
    missing.length === 0 || spec.constraints.some((c) => c.startsWith(NOT_INDEXED))
      ? spec.constraints
      : [...spec.constraints, `${NOT_INDEXED} ${missing.join("; ")}`];
  return { spec: { ...spec, topics: kept, constraints }, dropped, unknown, essential };
}

/** Currency codes, a language to write in, an occasion, the requester's own description: no subject. */
const notSubject = (name: string, goal: string): boolean =>
  currencyCodesOnly(name) ||
  writingLanguage(name, goal) ||
  occasionOnly(name, goal) ||
  describesRequester(name, goal) ||
  asksOnBehalf(name, goal);

/**
 * The name only says where the subject is or who asks: a place ("in Hamburg"), a people ("French"),
 * the requester's own description ("we're a Suzhou plant"). The report can state it as missing.
 */
const setting = (name: string, goal: string): boolean =>
  placeOnly(name, goal) || describesRequester(name, goal) || placeOfPeople(name) !== null;

/** Every word of the name is in the text itself, not just a fuzzy neighbour of it. */
function mentionsWords(text: string, name: string): boolean {
  // An initialism is found only as itself: "NA" is not the "na" in "finance".
  // A plural is the same initialism ("SMEs" for "SME", "CAGR" for "CAGRs").
  if (isAcronym(name)) {
    const base = name.length > 2 ? name.replace(/s$/, "") : name;
    return new RegExp(`(?<![\\p{L}\\d])${base}s?(?![\\p{L}\\d])`, "u").test(text);
  }
  // "addon" is the documents' "add-on": hyphens are spelling, not words.
  const lower = text.toLowerCase().replace(/(?<=\p{L})-(?=\p{L})/gu, "");
  // "Europe's Project X": the possessive is grammar, the words are "Europe", "Project", "X".
  return name
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/['’]s?$/u, "").replace(/(?<=\p{L})-(?=\p{L})/gu, ""))
    .every((w) => lower.includes(w));
}

/**
 * Sides the request cites as the owner of figures ("Halden's market size", "according to Kestrel")
 * that the library knows as a publisher: a document it searches up gives the name as its source.
 */
async function publishersCited(
  sides: readonly string[],
  goal: string,
  library: DocumentLibrary,
): Promise<string[]> {
  if (sides.length < 2) return [];
  const out: string[] = [];
  for (const name of sides) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const cited = new RegExp(
      `(?<![\\p{L}\\d])${escaped}['’]s?(?![\\p{L}\\d])|\\b(?:according to|per)\\s+${escaped}(?![\\p{L}\\d])`,
      "iu",
    );
    if (!cited.test(goal)) continue;
    const publisher = new RegExp(`^${escaped}(?![\\p{L}\\d])`, "iu");
    const named = new RegExp(`(?<![\\p{L}\\d])${escaped}(?![\\p{L}\\d])`, "iu");
    const hits = await library.search(name, { limit: 5 });
    if (!hits.some((h) => publisher.test(h.source.trim()))) continue;
    // A vendor publishes too ("Quillon press office"): a name some document lists figures for is
    // a thing measured, not only a source.
    let measured = false;
    for (const meta of (await library.list()).slice(0, MAX_DOCS_FOR_INITIALS)) {
      const doc = await library.get(meta.id);
      if (doc?.figures.some((f) => named.test(f.name))) {
        measured = true;
        break;
      }
    }
    if (!measured) out.push(name);
  }
  // Never every side: a request about publishers alone compares them.
  return out.length < sides.length ? out : [];
}

/** The spec without one side: its list of names ("Names A, B and C", "报告提及：A、B") and topics lose it. */
function withoutSide(spec: GoalSpec, name: string): GoalSpec {
  const lists = /^(Names\s+|Has a section for each of\s+|报告提及：)(.+?)(\.?)$/u;
  const drop = (line: string) => {
    const m = lists.exec(line.trim());
    if (!m) return line;
    const zh = (m[1] as string).startsWith("报告");
    const items = (m[2] as string)
      .split(zh ? /、|\s*和\s*|\s*与\s*/u : /,\s*|\s+and\s+/u)
      .map((x) => x.trim())
      .filter((x) => x && x !== name);
    const joined = zh
      ? items.join("、")
      : items.length <= 1
        ? (items[0] ?? "")
        : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
    return `${m[1]}${joined}${m[3]}`;
  };
  const acceptanceCriteria = spec.acceptanceCriteria.map(drop);
  const sides = entityNames({ ...spec, acceptanceCriteria });
  return {
    ...spec,
    topics: spec.topics.filter((t) => t !== name),
    compare: spec.compare && sides.length >= 2,
    acceptanceCriteria,
  };
}

/** What a comparison names, as the clarifier recorded it ("Names A and B"). */
function entityNames(spec: GoalSpec): string[] {
  for (const c of spec.acceptanceCriteria) {
    const m = /^Names\s+(.+?)\.?$/i.exec(c.trim());
    if (m?.[1]) return m[1].split(/,\s*|\s+and\s+/).map((x) => x.trim());
  }
  return [];
}

const MAX_DOCS_FOR_INITIALS = 200;

const FUNCTION_WORD = /^(?:the|a|an|of|and|or|in|on|at|for|to|by|with|from)$/i;

/**
 * A document of the library (a bounded sample of a large one) holds each of the name's words as a
 * word of its own, hyphens read as spelling: "addon" in "add-on", but not "Tern" in "pattern".
 */
/** Any of the words is in some document. */
async function someMentioned(words: readonly string[], library: DocumentLibrary): Promise<boolean> {
  for (const w of words) if (await mentionedAnywhere(w, library)) return true;
  return false;
}

async function mentionedAnywhere(name: string, library: DocumentLibrary): Promise<boolean> {
  const joined = (t: string) => t.toLowerCase().replace(/(?<=\p{L})-(?=\p{L})/gu, "");
  const words = joined(name)
    .split(/\s+/)
    .map((w) => w.replace(/['’]s?$/u, ""))
    .filter(Boolean)
    .map(
      (w) => new RegExp(`(?<![\\p{L}\\d])${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\d])`, "u"),
    );
  if (words.length === 0) return false;
  for (const meta of (await library.list()).slice(0, MAX_DOCS_FOR_INITIALS)) {
    const doc = await library.get(meta.id);
    if (!doc) continue;
    // An initialism as itself (or its plural), in its own case.
    if (
      isAcronym(name)
        ? mentionsWords(`${doc.title} ${doc.text}`, name)
        : words.every((w) => w.test(joined(`${doc.title} ${doc.text}`)))
    )
      return true;
  }
  return false;
}

/** The spec with each initialism written out, in its topics and in its criteria ("Names NA and APAC"). */
function expandInitialisms(spec: GoalSpec, expanded: ReadonlyMap<string, string>): GoalSpec {
  const swap = (text: string) =>
    [...expanded].reduce((t, [short, full]) => t.replace(new RegExp(`\\b${short}\\b`, "gu"), full), text);
  return {
    ...spec,
    topics: [...new Set(spec.topics.map(swap))],
    acceptanceCriteria: spec.acceptanceCriteria.map(swap),
  };
}

/**
 * The name of capitalised words the acronym abbreviates that the library uses most often, or null.
 * Each word (a hyphenated word's parts too) gives the acronym a prefix of itself, in order: "North
 * America" → N·A, "Asia-Pacific" → A·PAC.
 */
async function abbreviates(acronym: string, library: DocumentLibrary): Promise<string | null> {
  const runs = /\p{Lu}[\p{L}]*(?:[\s-]+\p{Lu}[\p{L}]*)*/gu;
  const counts = new Map<string, number>();
  // Bounded: an acronym the index does not know is rare, and a large library is sampled, not read whole.
  for (const meta of (await library.list()).slice(0, MAX_DOCS_FOR_INITIALS)) {
    const doc = await library.get(meta.id);
    for (const m of `${doc?.title ?? ""}\n${doc?.text ?? ""}`.matchAll(runs)) {
      const words = m[0].split(/([\s-]+)/);
      // Every stretch of the run, of as many words as the acronym has letters at most.
      for (let a = 0; a < words.length; a += 2) {
        for (let b = a; b < words.length && (b - a) / 2 < acronym.length; b += 2) {
          const parts = words.slice(a, b + 1).filter((_, k) => k % 2 === 0);
          if (!spells(acronym, parts)) continue;
          const full = words
            .slice(a, b + 1)
            .join("")
            .replace(/\s+/g, " ");
          counts.set(full, (counts.get(full) ?? 0) + 1);
        }
      }
    }
  }
  const named = [...counts].sort((x, y) => y[1] - x[1])[0]?.[0];
  return named ?? (await spelledOut(acronym, library));
}

/**
 * "MTTR" for "mean time to repair": a measure's initialism is the first letters of words in a row,
 * written in lower case, one word per letter.
 */
async function spelledOut(acronym: string, library: DocumentLibrary): Promise<string | null> {
  const n = acronym.length;
  // Two letters spell too many pairs of words to mean anything.
  if (n < 3) return null;
  const want = acronym.toLowerCase();
  const counts = new Map<string, number>();
  for (const meta of (await library.list()).slice(0, MAX_DOCS_FOR_INITIALS)) {
    const doc = await library.get(meta.id);
    for (const line of `${doc?.title ?? ""}\n${doc?.text ?? ""}`.split(/[\n.;:,()]/)) {
      const words = line.toLowerCase().match(/\p{L}+/gu) ?? [];
      for (let i = 0; i + n <= words.length; i++) {
        const run = words.slice(i, i + n);
        if (run.map((w) => w[0]).join("") !== want) continue;
        const full = run.join(" ");
        if (new RegExp(run.join("[\\s-]+"), "u").test(line.toLowerCase()))
          counts.set(full, (counts.get(full) ?? 0) + 1);
      }
    }
  }
  return [...counts].sort((x, y) => y[1] - x[1])[0]?.[0] ?? null;
}

/** The acronym is each word's prefix in turn (at least a letter from each, all of it used). */
function spells(acronym: string, words: readonly string[]): boolean {
  const upper = acronym.toUpperCase();
  const go = (i: number, w: number): boolean => {
    if (w === words.length) return i === upper.length;
    const word = (words[w] as string).toUpperCase();
    for (let n = 1; n <= word.length && i + n <= upper.length; n++) {
      if (word.slice(0, n) !== upper.slice(i, i + n)) break;
      if (go(i + n, w + 1)) return true;
    }
    return false;
  };
  return words.length >= 2 || upper.length <= 1 ? go(0, 0) : false;
}
