/**
 * Quantities as sources write them: "USD 4.2 billion", "86%", "12 minutes", "18.0 亿元" read into an
 * amount with what is written before and after it, and amounts written back the way people write
 * them, in the unit (and the Chinese magnitude) of the figure they came from.
 */

export interface Quantity {
  amount: number;
  /** "USD", "%", "" … as written before or after the number. */
  prefix: string;
  suffix: string;
  /** A Chinese magnitude the source wrote ("18.0 亿元"): results are given in it too ("5.3 亿元"). */
  zhScale?: "万" | "亿";
}

const MAGNITUDE: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  m: 1e6,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
  trillion: 1e12,
};
const ZH_MAGNITUDE: Record<string, number> & { 万: number; 亿: number } = { 万: 1e4, 亿: 1e8 };

/** "USD 4.2 billion" → 4.2e9 with prefix "USD"; "86%" → 86 "%"; "12 minutes" → 12 "minutes". */
export function parseQuantity(text: string): Quantity | null {
  const m = /^(.*?)(-?\d[\d,]*(?:\.\d+)?)\s*(.*)$/u.exec(text.trim());
  if (!m) return null;
  const amount = Number((m[2] as string).replace(/,/g, ""));
  if (!Number.isFinite(amount)) return null;
  // An aside after the value ("14,200 (4.8% share)", "USD 2.1 billion (est.)") is no part of its unit.
  let suffix = (m[3] as string).replace(/\s*\([^()]*\)/g, " ").trim();
  let scale = 1;
  let zhScale: Quantity["zhScale"];
  const word = /^(thousand|million|billion|trillion|bn|k|m|b)\b\.?\s*/i.exec(suffix);
  const zh = /^([万亿])/u.exec(suffix);
  if (word?.[1]) {
    scale = MAGNITUDE[word[1].toLowerCase()] ?? 1;
    suffix = suffix.slice(word[0].length);
  } else if (zh?.[1]) {
    scale = ZH_MAGNITUDE[zh[1]] ?? 1;
    zhScale = zh[1] as "万" | "亿";
    suffix = suffix.slice(1);
  }
  const q: Quantity = { amount: amount * scale, prefix: (m[1] as string).trim(), suffix: suffix.trim() };
  return zhScale ? { ...q, zhScale } : q;
}

/** A number as people write it: thousands separated, at most 2 decimals, large amounts in words. */
export function formatAmount(n: number): string {
  const abs = Math.abs(n);
  for (const [word, size] of [
    ["billion", 1e9],
    ["million", 1e6],
  ] as const) {
    // Three significant figures at least: "704 million", "3.22 billion", not "704.4 million".
    if (abs >= size) return `${abs >= size * 100 ? Math.round(n / size) : round(n / size)} ${word}`;
  }
  return round(n).toLocaleString("en-US", { maximumFractionDigits: 2 });
}

export const round = (n: number) => Math.round(n * 100) / 100;
/** A percentage as reports give one: to a tenth ("26.2%", not "26.19%"). */
export const tenth = (n: number) => Math.round(n * 10) / 10;

export function withUnit(n: number, q: Quantity): string {
  // "人民币 5.3 亿元": in the magnitude the source counts in, not "530 million 元".
  // (Smaller amounts in the smaller magnitude: 0.05 亿 is 500 万.)
  const scale = q.zhScale
    ? (["亿", "万"] as const).find(
        (w) =>
          ZH_MAGNITUDE[w] <= (ZH_MAGNITUDE[q.zhScale as string] ?? 0) && Math.abs(n) >= ZH_MAGNITUDE[w] * 0.1,
      )
    : undefined;
  const zh = scale ? ZH_MAGNITUDE[scale] : undefined;
  const body = zh
    ? `${round(n / zh).toLocaleString("en-US", { maximumFractionDigits: 2 })} ${scale}`
    : formatAmount(n);
  const suffix = q.suffix === "%" ? "%" : q.suffix ? `${zh ? "" : " "}${q.suffix}` : "";
  return `${q.prefix ? `${q.prefix} ` : ""}${body}${suffix}`.trim();
}
