/**
 * Abbreviations the documents define — "three-year total cost of ownership (TCO)", "a compound
 * annual growth rate (CAGR)" — so a request that says "TCO" asks what the documents call "total
 * cost of ownership". A definition is a run of words whose initials (small words aside) spell
 * the capitals in the parentheses right after it; nothing is defined by a list of ours.
 */
const DEFINED = /((?:[\p{L}-]+\s+){1,8}?)\(\s*(\p{Lu}{2,6})s?\s*\)/gu;
const SMALL = /^(?:of|to|the|and|for|in|on|a|an)$/i;

/** Abbreviation → its expansion, from the texts given. */
export function definitions(texts: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const text of texts) {
    for (const m of text.matchAll(DEFINED)) {
      const acronym = m[2] as string;
      const words = (m[1] as string).trim().split(/\s+/);
      // The shortest tail of the words whose initials spell it: "compare three-year total cost of ownership" → the last four.
      for (let start = words.length - 1; start >= 0; start--) {
        const tail = words.slice(start);
        const initialsOf = (ws: string[]) => ws.map((w) => w[0]?.toUpperCase() ?? "").join("");
        const initials = initialsOf(tail.filter((w) => !SMALL.test(w)));
        // Small words may count ("mean time to repair (MTTR)") or not ("total cost of ownership (TCO)").
        const spelled = initials === acronym || initialsOf(tail) === acronym;
        if (spelled && !SMALL.test(tail[0] ?? "")) {
          if (!out.has(acronym)) out.set(acronym, tail.join(" ").toLowerCase());
          break;
        }
        if (initials.length > acronym.length) break;
      }
    }
  }
  return out;
}

/** The text with each defined abbreviation followed by what it stands for: "TCO (total cost of ownership)". */
export function withDefinitions(text: string, defined: ReadonlyMap<string, string>): string {
  let out = text;
  for (const [acronym, expansion] of defined) {
    out = out.replace(new RegExp(`\\b${acronym}s?\\b(?!\\s*\\()`, "g"), (m) => `${m} (${expansion})`);
  }
  return out;
}

/**
 * "TCO", "CAGRs", "IASS-2", "SaaS": an acronym names a measure, a standard or a kind of thing, not
 * an item to research one by one. In mixed case it is four letters at most, two of them capitals
 * and no three lower-case in a row ("SaaS", "PaaS"; not "LangGraph", "GitHub", "McKay").
 */
export const isAcronym = (name: string): boolean =>
  /^\p{Lu}[\p{Lu}\d-]*s?$/u.test(name) ||
  (/^[\p{Lu}\p{Ll}]{3,4}$/u.test(name) &&
    (name.match(/\p{Lu}/gu)?.length ?? 0) >= 2 &&
    !/\p{Ll}{3}/u.test(name));

/**
 * Whether a clipped abbreviation may stand for a name no text defines it as: its letters in order
 * within the name, starting each of the name's words ("APAC" for "Asia-Pacific": A-sia, P-a-C-ific;
 * "LATAM" for "Latin America"; not "EMEA" for "Europe").
 */
export function abbreviates(acronym: string, name: string): boolean {
  const letters = acronym.toLowerCase().replace(/[^\p{L}]/gu, "");
  const words = name
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 0 && !SMALL.test(w));
  if (letters.length < 2 || words.length === 0 || letters.length > name.length) return false;
  // Each word is entered at its first letter and gives a run of letters of its own, in order.
  const match = (i: number, w: number): boolean => {
    if (w === words.length) return i === letters.length;
    const word = words[w] as string;
    if (letters[i] !== word[0]) return false;
    let k = i + 1;
    let at = 1;
    // Take letters of this word greedily, trying every split point with the next word.
    for (;;) {
      if (match(k, w + 1)) return true;
      if (k >= letters.length) return false;
      const found = word.indexOf(letters[k] as string, at);
      if (found < 0) return false;
      at = found + 1;
      k++;
    }
  };
  return match(0, 0);
}

let currencies: ReadonlySet<string> | undefined;

/**
 * The name is currency codes only ("GBP", "GBP->EUR", "USD/CNY"): the unit a figure is in, or a
 * conversion asked, never a subject. The codes are ISO 4217's, as the runtime knows them.
 */
export function currencyCodesOnly(name: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf("currency"));
  const codes = name.trim().split(/\s*(?:->|→|=>|>|\/|\bto\b|-)\s*/u);
  return (
    codes.length > 0 &&
    codes.every((c) => /^[A-Z]{3}$/u.test(c) && (currencies as ReadonlySet<string>).has(c))
  );
}
