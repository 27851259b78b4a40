import { isAcronym } from "../language/abbreviations";
import type { GoalSpec } from "../planner/plan-schema";
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
}

/**
 * Topics are checked against the library index before anything is planned: a phrase no document
 * contains ("offline all afternoon", "the other one") cannot be researched, so it is left out and
 * said so. Proper names stay whatever the index says — a subject the library lacks is a finding
 * (or a question), never something to drop silently — and so does everything when nothing is found.
 */
export async function groundTopics(spec: GoalSpec, library: DocumentLibrary): Promise<Grounding> {
  const names = new Set(entityNames(spec));
  // Every name the request gives, compared or not: "Corvane" beside a grounded "Quillon" is still unknown.
  // An acronym ("SLA", "CAGRs") names a measure the documents may spell out, not a thing.
  const named = spec.topics.filter((t) => /^\p{Lu}/u.test(t) && !isAcronym(t));
  const central = [...new Set([...names, ...named])];
  const unknown: string[] = [];
  for (const name of central) {
    const hits = await library.search(name, { limit: 3 });
    const docs = await Promise.all(hits.map((h) => library.get(h.docId)));
    if (docs.some((d) => d && mentionsWords(`${d.title} ${d.text}`, name))) continue;
    // "NA" for "North America": an initialism of a name the library has is known.
    if (/^\p{Lu}{2,5}$/u.test(name) && (await abbreviates(name, library))) continue;
    unknown.push(name);
  }
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const topic of spec.topics) {
    if (names.has(topic) || /^\p{Lu}/u.test(topic) || /\p{Script=Han}/u.test(topic)) {
      kept.push(topic);
      continue;
    }
    const hits = await library.search(topic, { limit: 3 });
    if (hits.some((h) => h.coverage >= MIN_COVERAGE)) kept.push(topic);
    else dropped.push(topic);
  }
  if (kept.length === 0 || dropped.length === 0) return { spec, dropped: [], unknown };
  return { spec: { ...spec, topics: kept }, dropped, unknown };
}

/** Every word of the name is in the text itself, not just a fuzzy neighbour of it. */
function mentionsWords(text: string, name: string): boolean {
  const lower = text.toLowerCase();
  // "Europe's Project X": the possessive is grammar, the words are "Europe", "Project", "X".
  return name
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/['’]s?$/u, ""))
    .every((w) => lower.includes(w));
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

/** The library has a name of capitalised words whose initials spell the acronym ("North America" → NA). */
async function abbreviates(acronym: string, library: DocumentLibrary): Promise<boolean> {
  const words = `\\p{Lu}[\\p{L}-]*`;
  const phrase = new RegExp(`\\b${Array(acronym.length).fill(`(${words})`).join("\\s+")}\\b`, "gu");
  // Bounded: an acronym the index does not know is rare, and a large library is sampled, not read whole.
  for (const meta of (await library.list()).slice(0, MAX_DOCS_FOR_INITIALS)) {
    const doc = await library.get(meta.id);
    for (const m of `${doc?.title ?? ""}\n${doc?.text ?? ""}`.matchAll(phrase)) {
      if (
        m
          .slice(1)
          .map((w) => (w ?? "")[0])
          .join("") === acronym
      )
        return true;
    }
  }
  return false;
}
