/** A value with its unit: "USD 0.42", "81%", "38,000 stars", "42 亿美元". Bare years are not values. */
export const VALUE =
  /(?:USD|US\$|EUR|RMB|CNY|人民币|[$€£¥])\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:billion|million|thousand|bn|亿|万))?(?:\s?(?:美元|元))?(?:\s(?:per|a)\s[a-z]+(?:\s(?:per|a)\s[a-z]+)?)?|\d[\d,]*(?:\.\d+)?\s?(?:%|percent\b|per cent\b|billion\b|million\b|thousand\b|stars\b|seconds\b|s\b|ms\b|minutes\b|hours\b|days\b|months\b|years\b|tool calls\b|亿美元|亿元|万|元|美元|个月|秒)/giu;

/** Every value with a unit in `text`, in order. */
export const valuesIn = (text: string): string[] => [...text.matchAll(VALUE)].map((m) => m[0].trim());
