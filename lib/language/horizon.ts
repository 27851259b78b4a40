/**
 * The time span a request asks a figure over, and the period a figure is stated per: "per year",
 * "annual", "一年" ask a yearly figure; "over three years", "three-year", "三年" a total over 36
 * months; "USD 39 per technician per month" is stated per month. A cost asked per year from a
 * monthly price needs × 12 months — the units say so, not a guess at the arithmetic.
 */
export interface Span {
  months: number;
  /** A rate per that span ("per year") rather than a total over it ("over three years"). */
  rate: boolean;
}

/** Small numbers written as words, English and Chinese ("three-year", "三年", "at least two sources"). */
export const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  a: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  一: 1,
  两: 2,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  十: 10,
};

const count = (raw: string): number | null => {
  const n = NUMBER_WORDS[raw.toLowerCase()] ?? Number(raw);
  return Number.isFinite(n) && n > 0 && n <= 50 ? n : null;
};

const UNIT_MONTHS: Record<string, number> = { year: 12, yr: 12, month: 1, quarter: 3, week: 12 / 52 };

const NUM = "(\\d+|one|two|three|four|five|six|seven|eight|nine|ten)";
const MULTI_EN = new RegExp(
  `\\b${NUM}[- ](year|yr|month|quarter|week)s?\\b|(?<![\\d.,])(\\d+)(yrs?|mos?)\\b|\\b(?:over|across|for|within)\\s+(?:the\\s+next\\s+|the\\s+first\\s+)?${NUM}\\s+(year|yr|month|quarter|week)s?\\b`,
  "i",
);
const RATE_EN =
  /\b(?:(annual(?:ly)?|yearly|per annum|p\.a\.|year-(?:one|1)|first-year)|(monthly)|(quarterly)|(weekly)|(?:per|a|an|each|every|\/)\s*(year|yr|month|mo|quarter|week))\b/i;
const MULTI_ZH = /([一两二三四五六七八九十\d]+)\s*(?:个)?(年|月|季度)(?!度)/u;
const RATE_ZH = /(每年|年度|年费|一年|全年|每月|月费|每季度)/u;

/** The span the request (or an answer, an amendment) asks for; null when it names none. */
export function requestedSpan(text: string): Span | null {
  const multi = MULTI_EN.exec(text);
  if (multi) {
    const n = count((multi[1] ?? multi[3] ?? multi[5]) as string);
    // "3yr", "18mos": the unit abbreviated and written on.
    const unit = ((multi[2] ?? multi[4] ?? multi[6]) as string)
      .toLowerCase()
      .replace(/s$/, "")
      .replace(/^mo$/, "month");
    if (n) return { months: n * (UNIT_MONTHS[unit] ?? 12), rate: n === 1 };
  }
  const zhMulti = MULTI_ZH.exec(text);
  if (zhMulti) {
    const n = count(zhMulti[1] as string);
    const months = zhMulti[2] === "年" ? 12 : zhMulti[2] === "月" ? 1 : 3;
    if (n) return { months: n * months, rate: n === 1 };
  }
  const rate = RATE_EN.exec(text);
  if (rate) {
    if (rate[1]) return { months: 12, rate: true };
    if (rate[2]) return { months: 1, rate: true };
    if (rate[3]) return { months: 3, rate: true };
    if (rate[4]) return { months: 12 / 52, rate: true };
    const unit = (rate[5] as string).toLowerCase();
    return { months: unit === "mo" ? 1 : (UNIT_MONTHS[unit] ?? 12), rate: true };
  }
  const zhRate = RATE_ZH.exec(text);
  if (zhRate)
    return {
      months: /月/.test(zhRate[1] as string) ? 1 : /季/.test(zhRate[1] as string) ? 3 : 12,
      rate: true,
    };
  return null;
}

/**
 * The period a figure is stated per ("USD 39 per technician per month" → 1 month, "USD 1,800 per
 * seat per year" → 12) or the span it totals ("three-year cost per technician" → 36, not a rate);
 * null when neither its name nor its value says.
 */
export function statedSpan(name: string, value: string): Span | null {
  const per = /(?:\bper|\ba|\/)\s*(year|yr|month|mo|quarter|week)\b|(每年|每月|\/年|\/月)/iu.exec(value);
  // Chinese states the rate right before the amount ("每人每月 46 美元"): the name's last words.
  const before = per ? null : /(每年|每月)[^\d]{0,3}$/u.exec(name);
  if (per || before) {
    const unit = (per?.[1] ?? per?.[2] ?? before?.[1] ?? "").toLowerCase();
    return {
      months: /^mo|月/.test(unit) ? 1 : unit === "quarter" ? 3 : unit === "week" ? 12 / 52 : 12,
      rate: true,
    };
  }
  const span = requestedSpan(`${name} ${value}`);
  return span && !span.rate ? span : null;
}

/** The clause of the request that names the span ("Halden's three-year total cost per technician"): what is totalled. */
export function spanClause(text: string): string | null {
  for (const clause of text.split(/[,;:.?!，。；：？！\n]|\s[-–—]\s|\b(?:and then|then)\b/u)) {
    const span = requestedSpan(clause);
    if (span && !span.rate) return clause.trim();
  }
  return null;
}

/** Words asking a figure restated over another span: "what it comes to per year", "annualised". */
export const CONVERTS =
  /\b(?:comes?\s+(?:to|out\s+at)|works?\s+out\s+(?:to|at)|amounts?\s+to|annuali[sz]ed?)\b/iu;
