/**
 * Dates as sources write them — "9 February 2025", "February 2025", "2025-02-18", "Q1 2026",
 * "2025 年 2 月 18 日" — to a calendar day, and whole days or months between two of them. A date
 * without a day (a month, a quarter) is its first day, and says so (`precise: false`).
 */
export interface CalendarDate {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  /** The source gave the day. */
  precise: boolean;
}

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

export function parseDate(text: string): CalendarDate | null {
  const t = text.trim();
  let m = /^((?:19|20)\d\d)-(\d\d)(?:-(\d\d))?$/.exec(t);
  if (m) return make(Number(m[1]), Number(m[2]), m[3] ? Number(m[3]) : null);
  m = /^(?:(\d{1,2})\s+)?([A-Za-z]+)(?:\s+(\d{1,2}),?)?\s+((?:19|20)\d\d)$/.exec(t);
  if (m) {
    const month = MONTHS.indexOf((m[2] as string).toLowerCase()) + 1;
    if (month === 0) return null;
    const day = m[1] ?? m[3];
    return make(Number(m[4]), month, day ? Number(day) : null);
  }
  m = /^Q([1-4])\s+((?:19|20)\d\d)$/i.exec(t);
  if (m) return make(Number(m[2]), (Number(m[1]) - 1) * 3 + 1, null);
  m = /^((?:19|20)\d\d)\s*年\s*(\d{1,2})\s*月(?:\s*(\d{1,2})\s*日)?$/u.exec(t);
  if (m) return make(Number(m[1]), Number(m[2]), m[3] ? Number(m[3]) : null);
  return null;
}

function make(year: number, month: number, day: number | null): CalendarDate | null {
  if (month < 1 || month > 12 || (day !== null && (day < 1 || day > 31))) return null;
  return { year, month, day: day ?? 1, precise: day !== null };
}

export type DurationUnit = "days" | "weeks" | "months" | "years";

/** Whole days (or weeks, months, years to a tenth) from `a` to `b`. */
export function between(a: CalendarDate, b: CalendarDate, unit: DurationUnit): number {
  if (unit === "months" || unit === "years") {
    const months = (b.year - a.year) * 12 + (b.month - a.month) - (b.day < a.day ? 1 : 0);
    return unit === "months" ? months : Math.round((months / 12) * 10) / 10;
  }
  const days = Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000,
  );
  return unit === "days" ? days : Math.round((days / 7) * 10) / 10;
}
