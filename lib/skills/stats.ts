import type { RunEvent } from "../agent/events";

export interface SkillStats {
  skill: string;
  kind: string;
  firings: number;
  /** Firings per outcome (continue, retry, repair, injected, …). */
  outcomes: Record<string, number>;
  /** Firings on a task whose confidence was known when it fired, so a rise can be judged. */
  measured: number;
  /** Of those, firings after which the task's next assessment came out higher. */
  rises: number;
  /** rises / measured; null when none could be measured. */
  effectiveness: number | null;
}

export interface DecisionShare {
  code: number;
  model: number;
  /** code / (code + model); null without decisions. */
  codeShare: number | null;
}

type Fired = Extract<RunEvent, { type: "skill.fired" }>;

/**
 * Per skill: how often it fired, with what outcome, and how often the task's confidence rose after
 * it (its next assessment against the confidence it had when the skill fired). A firing before the
 * task's first assessment has nothing to rise from and is not counted as measured.
 */
export function skillStats(events: readonly RunEvent[]): SkillStats[] {
  const by = new Map<string, SkillStats>();
  events.forEach((e, i) => {
    if (e.type !== "skill.fired") return;
    const s = by.get(e.skill) ?? {
      skill: e.skill,
      kind: e.kind,
      firings: 0,
      outcomes: {},
      measured: 0,
      rises: 0,
      effectiveness: null,
    };
    s.firings++;
    s.outcomes[e.outcome] = (s.outcomes[e.outcome] ?? 0) + 1;
    const before = e.values.confidence;
    if (e.taskId && before !== null) {
      const next = events.slice(i + 1).find((x) => x.type === "task.assessed" && x.taskId === e.taskId) as
        | Extract<RunEvent, { type: "task.assessed" }>
        | undefined;
      if (next) {
        s.measured++;
        if (next.confidence > before) s.rises++;
      }
    }
    s.effectiveness = s.measured > 0 ? s.rises / s.measured : null;
    by.set(e.skill, s);
  });
  return [...by.values()].sort((a, b) => b.firings - a.firings || a.skill.localeCompare(b.skill));
}

/**
 * Decision paths taken by a rule vs chosen by the model's reply (the article's ~70/30 rule of
 * thumb): every firing of a code or hybrid skill is one path; a prompt skill only adds to a prompt.
 */
export function decisionShare(events: readonly RunEvent[]): DecisionShare {
  const paths = events.filter((e): e is Fired => e.type === "skill.fired" && e.kind !== "prompt");
  const code = paths.filter((e) => e.decidedBy === "code").length;
  const model = paths.length - code;
  return { code, model, codeShare: paths.length > 0 ? code / paths.length : null };
}
