"use client";

import { useId } from "react";
import type { EventOf, RunEvent } from "@/lib/agent/events";
import { summariseTiers } from "@/lib/llm/routing";
import { decisionShare, skillStats } from "@/lib/skills/stats";

const pct = (x: number) => `${Math.round(x * 100)}%`;

/**
 * Which skills acted in the run so far (firings, outcomes, how often the task's confidence rose
 * after), who decided the paths (code or the model), and the model calls per tier.
 */
export function SkillsSection({ events }: { events: readonly RunEvent[] }) {
  const id = useId();
  const stats = skillStats(events);
  const share = decisionShare(events);
  const tiers = summariseTiers(events.filter((e): e is EventOf<"model.called"> => e.type === "model.called"));
  return (
    <section className="mon-section" aria-labelledby={`${id}-title`} data-testid="skills-section">
      <div className="mon-section-head">
        <h3 id={`${id}-title`}>
          Skills <span className="mon-count">{stats.length}</span>
        </h3>
        <p
          className="muted"
          data-testid="decision-share"
          data-code={share.code}
          data-model={share.model}
          title="Every firing of a code or hybrid skill is one decision path; the model's when its reply chose the action."
        >
          Decision paths: {share.code} by code, {share.model} by the model
          {share.codeShare !== null && ` (${pct(share.codeShare)} code)`}
        </p>
      </div>
      {stats.length === 0 ? (
        <p className="muted">No skill has fired yet.</p>
      ) : (
        <table className="mon-skills">
          <thead>
            <tr>
              <th scope="col">Skill</th>
              <th scope="col">Kind</th>
              <th scope="col">Firings</th>
              <th scope="col">Outcomes</th>
              <th scope="col" title="Share of firings after which the task's next assessment was higher">
                Confidence rose after
              </th>
            </tr>
          </thead>
          <tbody>
            {stats.map((s) => (
              <tr key={s.skill} data-testid="skill-stat" data-skill={s.skill} data-firings={s.firings}>
                <th scope="row">
                  <code>{s.skill}</code>
                </th>
                <td>{s.kind}</td>
                <td>{s.firings}</td>
                <td>
                  {Object.entries(s.outcomes)
                    .map(([o, n]) => `${o.replace("_", " ")} ${n}`)
                    .join(", ")}
                </td>
                <td data-testid="skill-effectiveness">
                  {s.effectiveness === null ? "—" : `${pct(s.effectiveness)} of ${s.measured}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted" data-testid="tier-summary">
        Model tiers:{" "}
        {tiers
          .map(
            (t) =>
              `${t.tier} ${t.calls} call${t.calls === 1 ? "" : "s"}${t.escalated ? ` (${t.escalated} escalated)` : ""}, ${t.tokens} tokens${t.costUsd ? `, $${t.costUsd.toFixed(4)}` : ""}`,
          )
          .join(" · ")}
      </p>
    </section>
  );
}

/** The skill that fired for each decision: the firing recorded just before it. */
export function skillsByDecision(events: readonly RunEvent[]): Map<number, string> {
  const out = new Map<number, string>();
  events.forEach((e, i) => {
    if (e.type !== "decision") return;
    const before = events[i - 1];
    if (before?.type === "skill.fired" && before.taskId === e.taskId) out.set(e.seq, before.skill);
  });
  return out;
}
