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
