import { isChineseContentTag, tagChinese } from "../language/chinese";
import { splitSentences } from "../tools/sentences";

/** A document as a read returned it: its text and its listed figures. */
export interface ReadDoc {
  docId: string;
  text: string;
  figures: { name: string; value: string }[];
}

/** What the later steps draw on: the documents read (each once, and every read), facts and figures extracted. */
export interface Sources<D extends ReadDoc = ReadDoc> {
  reads: D[];
  /** Every read of every document, a document read twice twice: what settles a garbled read. */
  readings?: D[];
  facts: { text: string; docId: string }[];
  figures: { name: string; value: string; docId: string }[];
}

/**
 * One value per named figure before anything is written or calculated. A figure fetched twice
 * can come back two ways (a garbled page, a garbled extraction), and the monitor's reflection
 * only says which value has more support; without this the report would still quote both. Each
 * document has one vote, shared among its fetches (every read, its extraction) by the value each
 * gave; a document that lists no such figure votes for a value it states in a sentence with the
 * figure's distinguishing name ("Fernbrook", "China"). The value with strictly the most votes is
 * the figure's value, and the others are replaced by it wherever they stand for that figure (the
 * document's list, the sentences naming it, the facts quoted from it). With no majority, within a
 * document its read wins over its extraction: a quote must be what its source says, the rule the
 * monitor's faithfulness check applies too.
 */
export function settleFigures<D extends ReadDoc, S extends Sources<D>>(up: S): S {
  const readings = up.readings ?? up.reads;
  const names = new Map<string, string>();
  // name → docId → the value each fetch of the document gave, reads first
  const given = new Map<string, Map<string, { value: string; read: boolean }[]>>();
  const give = (name: string, docId: string, value: string, read: boolean) => {
    const key = keyOf(name);
    if (!names.has(key)) names.set(key, name);
    const byDoc = given.get(key) ?? new Map<string, { value: string; read: boolean }[]>();
    given.set(key, byDoc);
    byDoc.set(docId, [...(byDoc.get(docId) ?? []), { value: value.trim(), read }]);
  };
  for (const d of readings) for (const f of d.figures) give(f.name, d.docId, f.value, true);
  for (const f of up.figures) give(f.name, f.docId, f.value, false);

  // docId → the corrections its text, list and facts need: [figure name, wrong value, right value]
  const fixes = new Map<string, Fix[]>();
  for (const [key, byDoc] of given) {
    const all = new Set([...byDoc.values()].flatMap((fetches) => fetches.map((f) => f.value)));
    if (all.size < 2) continue;
    const name = names.get(key) as string;
    const votes = new Map<string, number>();
    for (const fetches of byDoc.values())
      for (const f of fetches) votes.set(f.value, (votes.get(f.value) ?? 0) + 1 / fetches.length);
    const rare = rarestWord(name, readings);
    const voted = new Set<string>();
    for (const d of readings) {
      if (byDoc.has(d.docId) || voted.has(d.docId) || !rare) continue;
      for (const v of all) {
        if (!statesIn(d.text, rare, v)) continue;
        votes.set(v, (votes.get(v) ?? 0) + 1);
        voted.add(d.docId);
      }
    }
    const [first, second] = [...votes].sort((a, b) => b[1] - a[1]);
    const winner = first && second && first[1] > second[1] + 1e-9 ? first[0] : null;
    for (const [docId, fetches] of byDoc) {
      const right = winner ?? mostGiven(fetches.filter((f) => f.read)) ?? mostGiven(fetches);
      if (!right) continue;
      for (const f of fetches) if (f.value !== right) addFix(fixes, docId, [name, f.value, right, rare]);
    }
  }

  const requoted = requote(up.facts, readings);
  if (fixes.size === 0) return requoted === up.facts ? up : { ...up, facts: requoted };

  const fixFigures = <T extends { name: string; value: string }>(docId: string, list: readonly T[]): T[] =>
    list.map((f) => {
      const fix = fixes
        .get(docId)
        ?.find(([n, wrong]) => keyOf(n) === keyOf(f.name) && f.value.trim() === wrong);
      return fix ? { ...f, value: fix[2] } : f;
    });
  const fixDoc = (d: D): D =>
    fixes.has(d.docId)
      ? { ...d, figures: fixFigures(d.docId, d.figures), text: fixText(d.text, fixes.get(d.docId) ?? []) }
      : d;
  return {
    ...up,
    reads: up.reads.map(fixDoc),
    readings: readings.map(fixDoc),
    figures: up.figures.map((f) => fixFigures(f.docId, [f])[0] ?? f),
    facts: up.facts.map((f) =>
      fixes.has(f.docId) ? { ...f, text: fixText(f.text, fixes.get(f.docId) ?? []) } : f,
    ),
  };
}

/** The value most fetches gave, the first one given on a tie. */
function mostGiven(fetches: readonly { value: string }[]): string | null {
  const counts = new Map<string, number>();
  for (const f of fetches) counts.set(f.value, (counts.get(f.value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

const keyOf = (name: string) => name.toLowerCase().replace(/\s+/g, " ").trim();

/** [figure name, wrong value, right value, the name's distinguishing word] */
type Fix = [string, string, string, string | null];

function addFix(fixes: Map<string, Fix[]>, docId: string, fix: Fix) {
  const list = fixes.get(docId) ?? [];
  if (!list.some((f) => f[0] === fix[0] && f[1] === fix[1])) list.push(fix);
  fixes.set(docId, list);
}

/** The figure name's words that say what it is: no year, no short word; Chinese as jieba segments it. */
const nameWords = (name: string): string[] =>
  name
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .flatMap((w) =>
      /\p{Script=Han}/u.test(w)
        ? tagChinese(w)
            .filter((x) => isChineseContentTag(x.tag) && x.text.length >= 2)
            .map((x) => x.text)
        : [w],
    )
    .filter((w) => w.length > 2 || /\p{Script=Han}/u.test(w))
    .filter((w) => !/^(?:19|20)\d\d$/.test(w));

/** A sentence names a figure when it has at least half of its name's words (and one at least). */
function namesFigure(sentence: string, name: string): boolean {
  const words = nameWords(name);
  if (words.length === 0) return false;
  const lower = sentence.toLowerCase();
  const had = words.filter((w) => lower.includes(w)).length;
  return had >= 1 && had * 2 >= words.length;
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The value as it stands in a sentence: whole, or (a value with one number) that number alone. */
function valuePattern(value: string): RegExp | null {
  const numbers = value.match(/\d+(?:[.,]\d+)*/g) ?? [];
  if (numbers.length === 0) return null;
  const whole = `(?<![\\d.,])${literal(value)}(?![\\d])`;
  const alone = numbers.length === 1 ? `|(?<![\\d.,])${literal(numbers[0] as string)}(?![\\d]|[.,]\\d)` : "";
  return new RegExp(`${whole}${alone}`, "g");
}

/**
 * The word of a figure's name that tells it from the others: of its names ("Fernbrook", "China";
 * any word when it has none), the one the fewest documents read have.
 */
function rarestWord(name: string, readings: readonly ReadDoc[]): string | null {
  const texts = [...new Map(readings.map((d) => [d.docId, d.text.toLowerCase()])).values()];
  const capitalised = new Set(
    (name.match(/\p{Lu}[\p{L}\p{N}-]*/gu) ?? []).map((w) => w.toLowerCase()).filter((w) => w.length > 2),
  );
  const words = nameWords(name);
  const pool = words.some((w) => capitalised.has(w)) ? words.filter((w) => capitalised.has(w)) : words;
  const ranked = pool
    .map((w) => ({ w, docs: texts.filter((t) => t.includes(w)).length }))
    .filter((x) => x.docs > 0)
    .sort((a, b) => a.docs - b.docs);
  return ranked[0]?.w ?? null;
}

function statesIn(text: string, word: string, value: string): boolean {
  const pattern = valuePattern(value);
  if (!pattern) return false;
  return splitSentences(text).some(
    (s) => s.toLowerCase().includes(word) && new RegExp(pattern.source).test(s),
  );
}

/** The wrong value replaced by the right one in the sentences and list lines that name its figure. */
function fixText(text: string, fixes: readonly Fix[]): string {
  return text
    .split("\n")
    .map((line) => {
      let out = line;
      for (const sentence of splitSentences(line)) {
        const fixed = fixSentence(sentence, fixes);
        if (fixed !== sentence && out.includes(sentence)) out = out.replace(sentence, () => fixed);
      }
      return out;
    })
    .join("\n");
}

function fixSentence(sentence: string, fixes: readonly Fix[]): string {
  let out = sentence;
  for (const [name, wrong, right, word] of fixes) {
    if (!namesFigure(out, name) && !(word && out.toLowerCase().includes(word))) continue;
    const pattern = valuePattern(wrong);
    if (!pattern) continue;
    const rightNumber = (right.match(/\d+(?:[.,]\d+)*/g) ?? [])[0];
    out = out.replace(pattern, (m) => (m === wrong ? right : (rightNumber ?? m)));
  }
  return out;
}

const NUMBER = /\d+(?:[.,]\d+)*/g;
const masked = (text: string) => text.replace(NUMBER, "#").replace(/\s+/g, " ").trim();

/**
 * A quote must be what its source says: a fact with a figure that no read of its document has,
 * where the document has the same sentence with other figures, is that sentence as read.
 */
function requote<T extends { text: string; docId: string }>(
  facts: readonly T[],
  readings: readonly ReadDoc[],
): T[] {
  const byDoc = new Map<string, string[]>();
  for (const d of readings) byDoc.set(d.docId, [...(byDoc.get(d.docId) ?? []), d.text]);
  let changed = false;
  const out = facts.map((f) => {
    const texts = byDoc.get(f.docId);
    if (!texts) return f;
    const numbers = f.text.match(NUMBER) ?? [];
    if (numbers.every((n) => texts.some((t) => t.includes(n)))) return f;
    const shape = masked(f.text);
    const source = texts.flatMap((t) => splitSentences(t)).find((s) => masked(s) === shape);
    if (!source || source.trim() === f.text.trim()) return f;
    changed = true;
    return { ...f, text: source.trim() };
  });
  return changed ? out : (facts as T[]);
}
