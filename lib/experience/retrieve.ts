import { describeLesson, type Lesson, type Situation } from "./lesson";

/** What the agent is told about one recalled lesson, and why it was picked. */
export interface RecalledLesson {
  lessonId: string;
  /** 0..1: the match score times the lesson's confidence. */
  score: number;
  /** One phrase per matching part ("same tool read", "2 shared goal terms: price, vendor"). */
  reasons: string[];
  summary: string;
  action: Lesson["action"];
  outcome: Lesson["outcome"];
  confidence: number;
}

/** Weights of the explainable match; the structural parts dominate, goal terms refine. */
export const MATCH_WEIGHTS = { tool: 0.35, failureCode: 0.3, trigger: 0.2, goalTerms: 0.15 } as const;
/** Below this match score a lesson is not recalled, however few lessons there are. */
export const MATCH_THRESHOLD = 0.5;
/** A lesson whose confidence decayed below this is kept for the record but never recalled. */
export const MIN_CONFIDENCE = 0.25;
export const TOP_K = 3;

/** What ranking reads of a lesson: a store can fetch just these columns. */
export type RankableLesson = Pick<
  Lesson,
  "id" | "signature" | "action" | "outcome" | "confidence" | "usedCount" | "disabled"
>;

export interface Match {
  score: number;
  reasons: string[];
}

/**
 * How well a lesson fits a situation, with the reasons. A lesson that names a tool, trigger or
 * failure code and differs there does not match at all: its experience is about another situation.
 * At least one structural part must match, so shared goal words alone never recall a lesson.
 */
export function matchLesson(
  lesson: Pick<Lesson, "signature">,
  s: Situation,
  mine: ReadonlySet<string> = new Set(s.goalTerms),
): Match | null {
  if (lesson.signature.language !== s.language) return null;
  const reasons: string[] = [];
  let score = 0;
  let structural = 0;
  for (const part of ["tool", "failureCode", "trigger"] as const) {
    const want = lesson.signature[part];
    if (!want) continue;
    if (want !== s[part]) return null;
    score += MATCH_WEIGHTS[part];
    structural++;
    reasons.push(`same ${part === "failureCode" ? "failure code" : part} ${want}`);
  }
  if (structural === 0) return null;
  // Distinct terms: a repeated term is one term, so the goal part never exceeds its weight.
  const shared = [...new Set(lesson.signature.goalTerms)].filter((t) => mine.has(t));
  const union = new Set([...s.goalTerms, ...lesson.signature.goalTerms]).size;
  if (shared.length > 0 && union > 0) {
    score += MATCH_WEIGHTS.goalTerms * (shared.length / union);
    reasons.push(
      `${shared.length} shared goal term${shared.length === 1 ? "" : "s"}: ${shared.slice(0, 4).join(", ")}`,
    );
  }
  return { score: Math.round(score * 1000) / 1000, reasons };
}

/** The top lessons for a situation: enabled, confident enough, matching above the threshold. */
export function rankLessons(lessons: Iterable<RankableLesson>, s: Situation, k = TOP_K): RecalledLesson[] {
  const hits: RecalledLesson[] = [];
  const mine = new Set(s.goalTerms);
  for (const l of lessons) {
    if (l.disabled || l.confidence < MIN_CONFIDENCE) continue;
    const m = matchLesson(l, s, mine);
    if (!m || m.score < MATCH_THRESHOLD) continue;
    hits.push({
      lessonId: l.id,
      score: Math.round(m.score * l.confidence * 1000) / 1000,
      reasons: [...m.reasons, `confidence ${l.confidence.toFixed(2)} after ${l.usedCount} uses`],
      summary: describeLesson(l),
      action: l.action,
      outcome: l.outcome,
      confidence: l.confidence,
    });
  }
  return hits.sort((a, b) => b.score - a.score || a.lessonId.localeCompare(b.lessonId)).slice(0, k);
}
