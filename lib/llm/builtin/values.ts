/** A value with its unit: "USD 0.42", "81%", "38,000 stars", "42 亿美元". Bare years are not values. */
export const VALUE =
  /(?:USD|US\$|EUR|RMB|CNY|人民币|[$€£¥])\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:billion|million|thousand|bn|亿|万))?(?:\s?(?:美元|元))?(?:\s(?:per|a)\s[a-z]+(?:\s(?:per|a)\s[a-z]+)?)?|\d[\d,]*(?:\.\d+)?\s?(?:%|percent\b|per cent\b|billion\b|million\b|thousand\b|stars\b|seconds\b|s\b|ms\b|minutes\b|hours\b|days\b|months\b|years\b|tool calls\b|亿美元|亿元|万|元|美元|个月|秒)/giu;

/** Every value with a unit in `text`, in order. */
export const valuesIn = (text: string): string[] => [...text.matchAll(VALUE)].map((m) => m[0].trim());

/** A date a sentence states: "February 2025", "1 July 2026", "Q1 2026", "2026-07-01", "2026 年 7 月 1 日". Bare years are not. */
export const DATE =
  /\b(?:\d{1,2}\s+)?(?:January|February|March|April|May|June|July|August|September|October|November|December)(?:\s+\d{1,2},?)?\s+(?:19|20)\d\d\b|\bQ[1-4]\s+(?:19|20)\d\d\b|\b(?:(?:first|second|third|fourth|last) (?:quarter|half)|(?:early|mid|late)-?)\s*(?:of\s+)?(?:19|20)\d\d\b|\b(?:19|20)\d\d-\d\d(?:-\d\d)?\b|(?:19|20)\d\d\s*年\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*日)?/gu;

/** Every date in `text`, in order. */
export const datesIn = (text: string): string[] => [...text.matchAll(DATE)].map((m) => m[0].trim());
