/**
 * Every mention of the name in the request stands in a phrase of place: after "in", "across",
 * "within", "outside" or "throughout", alone or in a list of names ("in Southeast Asia (Vietnam,
 * Thailand, Indonesia)").
 */
export function placeOnly(name: string, goal: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const mentions = [...goal.matchAll(new RegExp(`(?<![\\p{L}\\d])${escaped}(?![\\p{L}\\d])`, "gu"))];
  if (mentions.length === 0) return false;
  const place =
    /\b(?:in|across|within|outside|throughout)\s+(?:the\s+)?(?:\p{Lu}[\p{L}-]*(?![\p{L}-])[\s,()]*(?:(?:and|or)\s+)?)*$/u;
  return mentions.every((m) => place.test(goal.slice(0, m.index)));
}
