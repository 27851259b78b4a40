import { isCjk, stemmedTermSet } from "../tools/library/tokenize";
import type { LessonLanguage } from "./lesson";

const MAX_TERMS = 12;

/**
 * The goal's content terms, stemmed, as a lesson signature keeps them: the clarified topics when
 * there are any (the planner already picked the content words), else the goal's own words.
 * Short Latin tokens ("a", "of") carry no situation; CJK bigrams do.
 */
export function goalTerms(goal: string, topics: readonly string[] = []): string[] {
  const source = topics.length > 0 ? topics.join(" ") : goal;
  const out: string[] = [];
  for (const t of stemmedTermSet(source)) {
    if (!/^[\p{L}\p{N}]+$/u.test(t) || t.length > 40) continue;
    if (!isCjk(t) && t.length < 3) continue;
    out.push(t);
    if (out.length === MAX_TERMS) break;
  }
  return out;
}

/** The language a goal is written in, as far as lessons care. */
export const goalLanguage = (goal: string): LessonLanguage => (/\p{Script=Han}/u.test(goal) ? "zh" : "en");
