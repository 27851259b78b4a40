import { tagEnglish } from "./english";

/**
 * Chinese names of countries and world regions → their English names, from the Unicode CLDR data
 * the JavaScript runtime ships (`Intl.DisplayNames`): "中国" → "China", "北美洲" → "North America".
 * Figures are listed under English names; a Chinese request names the same places in Chinese.
 */

/** UN M.49 codes of continents and world regions (CLDR names them as it names countries). */
const M49 = [
  "001",
  "002",
  "003",
  "005",
  "009",
  "011",
  "013",
  "014",
  "015",
  "017",
  "018",
  "019",
  "021",
  "029",
  "030",
  "034",
  "035",
  "039",
  "053",
  "054",
  "057",
  "061",
  "142",
  "143",
  "145",
  "150",
  "151",
  "154",
  "155",
  "202",
  "419",
];

let table: Map<string, string> | undefined;

export function placeNamesZh(): ReadonlyMap<string, string> {
  if (table) return table;
  const zh = new Intl.DisplayNames(["zh"], { type: "region", fallback: "none" });
  const en = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const codes = [...letters].flatMap((a) => [...letters].map((b) => `${a}${b}`));
  const out = new Map<string, string>();
  for (const code of [...codes, ...M49]) {
    let name: string | undefined;
    let english: string | undefined;
    try {
      name = zh.of(code);
      english = en.of(code);
    } catch {
      continue;
    }
    if (!name || !english || !/\p{Script=Han}/u.test(name) || out.has(name)) continue;
    out.set(name, english);
    // "北美洲" is also said "北美" (and 南美, 中美): a part of the Americas without its 洲.
    if (/^\p{Script=Han}美洲$/u.test(name) && !out.has(name.slice(0, -1)))
      out.set(name.slice(0, -1), english);
  }
  table = out;
  return out;
}

let english: string[] | undefined;

/** English names of countries and world regions (CLDR), for reading a people's name back to its place. */
function placeNamesEn(): readonly string[] {
  if (english) return english;
  english = [...new Set(placeNamesZh().values())];
  return english;
}

const demonyms = new Map<string, boolean>();

/** A people's or language's adjective, as compromise's lexicon tags it ("Chinese", "German"; not "than", "span"). */
function isDemonym(word: string): boolean {
  const key = word.toLowerCase();
  let known = demonyms.get(key);
  if (known === undefined) {
    known = tagEnglish(`the ${key} market`)[1]?.tags.has("Demonym") ?? false;
    demonyms.set(key, known);
  }
  return known;
}

/**
 * The place a people's or language's adjective names: "Chinese" → "China", "Japanese" → "Japan",
 * "European" → "Europe", "Brazilian" → "Brazil"; "Korean" names none (there are two Koreas). The
 * word must be an adjective of a people (compromise's lexicon says which); its stem, its ending
 * (-n, -an, -ean, -ian, -ese) cut, must begin exactly one one-word place name; "North American"
 * is read whole, by `adjectivesAsPlaces`. Null when the word is no such adjective.
 */
export function placeOfAdjective(word: string, before = ""): string | null {
  const w = word.trim();
  if (!/^\p{Lu}\p{Ll}+$/u.test(w) || !isDemonym(w)) return null;
  // The longest stem first: "Indian" is "Indi-an" (India), not "Ind-ian" (India or Indonesia).
  for (const ending of ["n", "an", "ean", "ian", "ese"]) {
    if (!w.endsWith(ending) || w.length - ending.length < 3) continue;
    const stem = w.slice(0, -ending.length);
    // "North American": the place of two words the adjective ends ("North America").
    const whole = before ? placeNamesEn().filter((p) => p.startsWith(`${before} ${stem}`)) : [];
    if (whole.length === 1) return whole[0] as string;
    const found = placeNamesEn().filter((p) => p.startsWith(stem) && !p.includes(" "));
    if (found.length === 1) return found[0] as string;
  }
  return null;
}

/** Is this the English name of a country or world region ("China", "Asia", "North America")? */
export const isPlaceName = (name: string): boolean =>
  placeNamesEn().some((p) => p.toLowerCase() === name.trim().toLowerCase());

const capital = (w: string): string => (w[0] ?? "").toUpperCase() + w.slice(1).toLowerCase();

/** A text with each people's adjective read as its place, in any case ("chinese spending" → "China spending"). */
export function adjectivesAsPlaces(text: string): string {
  const parts = text.split(/(\p{L}+)/u);
  // parts alternate: separator, word, separator, word, …
  for (let i = 1; i < parts.length; i += 2) {
    const w = parts[i] as string;
    if (w.length < 4) continue;
    const before = i >= 3 && /^\s+$/u.test(parts[i - 1] as string) ? capital(parts[i - 2] as string) : "";
    const place = placeOfAdjective(capital(w), before);
    if (!place) continue;
    // "North American" is North America, both words; "Chinese" is China.
    if (before && place.startsWith(`${before} `)) {
      parts[i - 2] = "";
      parts[i - 1] = "";
    }
    parts[i] = place;
  }
  return parts.join("");
}

/** The places a text names (lower case): one- and two-word names, in any case, and peoples' adjectives. */
export function placesNamed(text: string): Set<string> {
  const words = adjectivesAsPlaces(text)
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
    .map(capital);
  const out = new Set<string>();
  // A two-letter code the runtime's CLDR data names ("US", "UK", "EU"), written in capitals.
  for (const code of text.match(/\b\p{Lu}{2}\b/gu) ?? []) {
    const name = regionOfCode(code);
    if (name) out.add(name.toLowerCase());
  }
  for (let i = 0; i < words.length; i++) {
    const two = `${words[i]} ${words[i + 1] ?? ""}`;
    if (i + 1 < words.length && isPlaceName(two)) {
      out.add(two.toLowerCase());
      i++;
    } else if (isPlaceName(words[i] as string) && words[i] !== "World")
      out.add((words[i] as string).toLowerCase());
  }
  // "the world market" is the global one: no place.
  return out;
}

/** The English name of a two-letter region code ("US" → "United States", "UK" → "United Kingdom"). */
function regionOfCode(code: string): string | null {
  try {
    const name = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" }).of(
      code === "UK" ? "GB" : code,
    );
    return name ?? null;
  } catch {
    return null;
  }
}

let tongues: ReadonlyMap<string, string | null> | undefined;

/**
 * English names of languages (CLDR, as the runtime ships it), each with the place it is most
 * spoken in by CLDR's likely subtags: "French" → "France", "Dutch" → "Netherlands". A language's
 * name is also its people's adjective, which `placeOfAdjective` cannot read back ("French" is no
 * stem of "France").
 */
function languageNames(): ReadonlyMap<string, string | null> {
  if (tongues) return tongues;
  const languages = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
  const regions = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  const out = new Map<string, string | null>();
  const letters = "abcdefghijklmnopqrstuvwxyz";
  for (const a of letters)
    for (const b of letters) {
      const code = `${a}${b}`;
      let name: string | undefined;
      try {
        name = languages.of(code);
      } catch {
        continue;
      }
      // One word, long enough not to be an initialism's look-alike ("Ewe", "Ido").
      if (!name || !/^\p{Lu}\p{Ll}{3,}$/u.test(name)) continue;
      const region = new Intl.Locale(code).maximize().region;
      out.set(name, region ? (regions.of(region) ?? null) : null);
    }
  tongues = out;
  return out;
}

/** Is this word a language's English name ("French", "English", "Vietnamese")? */
export const isLanguageName = (word: string): boolean => languageNames().has(word.trim());

/** The place a language's name stands for as a people's adjective ("French household" → "France"), or null. */
export const placeOfLanguage = (word: string): string | null => languageNames().get(word.trim()) ?? null;

/**
 * The place a people's name stands for, whether a language's name ("French household" → "France")
 * or another people's adjective, read whole with the words before it ("North American utility" →
 * "North America", "European" → "Europe"). Null when the name is no people's.
 */
export function placeOfPeople(name: string): string | null {
  const words = name.trim().split(/\s+/);
  const last = words.at(-1) ?? "";
  if (words.length === 1) return placeOfLanguage(last) ?? placeOfAdjective(last);
  return placeOfAdjective(last, words.slice(0, -1).join(" "));
}

/**
 * A place's people's adjectives, as `placeOfAdjective` reads them back: "Brazil" → "Brazilian",
 * "China" → "Chinese", "Europe" → "European". A document that writes "Brazilian utilities" names
 * Brazil.
 */
export function adjectivesOfPlace(place: string): string[] {
  const p = place.trim();
  if (!/^\p{Lu}\p{Ll}+$/u.test(p)) return [];
  const out = new Set<string>();
  for (const stem of new Set([p, p.replace(/[aeiouy]$/u, "")]))
    for (const ending of ["n", "an", "ean", "ian", "ese"]) {
      const word = stem + ending;
      if (placeOfAdjective(word) === p) out.add(word);
    }
  return [...out];
}

/**
 * The name says what language or register to write in, not what to write about: a language's
 * name after words of manner ("Plain English", "simple Chinese"), or written after "in"/"into"
 * ("in French").
 */
export function writingLanguage(name: string, goal: string): boolean {
  const words = name.trim().split(/\s+/);
  const last = words.at(-1) ?? "";
  if (!isLanguageName(last)) return false;
  if (words.length > 1) return true;
  return new RegExp(`\\b(?:in|into)\\s+(?:plain\\s+|simple\\s+)?${last}\\b`, "iu").test(goal);
}
