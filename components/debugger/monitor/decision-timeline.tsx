"use client";

import Link from "next/link";
import { useId, useState } from "react";
import type { DecisionKind } from "@/lib/agent/events";
import { type Decision, type RunState, recallKey } from "@/lib/agent/state";
import { Empty } from "../../ui/states";

/** A symbol and a tone per decision kind (and reflection action): the tone is a hint, the word is the meaning. */
const look: Record<string, { icon: string; tone: "ok" | "info" | "warn" | "bad" }> = {
  continue: { icon: "→", tone: "ok" },
  accept: { icon: "✓", tone: "ok" },
  retry: { icon: "↻", tone: "info" },
  reflect: { icon: "◎", tone: "info" },
  repair: { icon: "✚", tone: "warn" },
  replan: { icon: "⇄", tone: "warn" },
  rollback: { icon: "↶", tone: "warn" },
  ask_user: { icon: "?", tone: "warn" },
  abort: { icon: "■", tone: "bad" },
};

export function KindChip({ kind }: { kind: string }) {
  const l = look[kind] ?? { icon: "•", tone: "info" };
  return (
    <span className={`mon-chip mon-tone-${l.tone}`} data-testid="decision-kind">
      <span aria-hidden="true">{l.icon}</span> {kind.replace("_", " ")}
    </span>
  );
}

export function TaskButton({
  taskId,
  attempt,
  onSelectTask,
}: {
  taskId: string;
  attempt?: number | null;
  onSelectTask: (taskId: string) => void;
}) {
  return (
    <button
      type="button"
      className="mon-task"
      onClick={() => onSelectTask(taskId)}
      title={`Show task ${taskId} in the graph`}
      data-testid="select-task"
    >
      {taskId}
      {attempt != null && <span className="muted"> · attempt {attempt}</span>}
    </button>
  );
}

/** The lessons from earlier runs the gate recalled before this decision, with why they matched. */
function LessonsUsed({ lessons }: { lessons: RunState["recalls"][string] }) {
  return (
    <ul className="mon-lessons" data-testid="decision-lessons" aria-label="Lessons from earlier runs">
      {lessons.map((l) => (
        <li key={l.lessonId}>
          <Link href={`/lessons?q=${encodeURIComponent(l.lessonId)}`} title={l.lessonId}>
            {l.summary}
          </Link>{" "}
          <span className="muted">
            score {l.score.toFixed(2)}: {l.reasons.join("; ")}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function DecisionTimeline({
  decisions,
  skills,
  recalls = {},
  onSelectTask,
}: {
  decisions: Decision[];
  /** The skill that made each decision, by the decision's seq. */
  skills?: ReadonlyMap<number, string>;
  recalls?: RunState["recalls"];
  onSelectTask: (taskId: string) => void;
}) {
  const [kind, setKind] = useState<"all" | DecisionKind>("all");
  const id = useId();
  const counts = new Map<DecisionKind, number>();
  for (const d of decisions) counts.set(d.kind, (counts.get(d.kind) ?? 0) + 1);
  // A filter left on a kind that no longer occurs (time travel to earlier) would hide everything.
  const active = kind !== "all" && counts.has(kind) ? kind : "all";
  const shown = active === "all" ? decisions : decisions.filter((d) => d.kind === active);

  return (
    <section className="mon-section" aria-labelledby={`${id}-title`}>
      <div className="mon-section-head">
        <h3 id={`${id}-title`}>
          Decisions <span className="mon-count">{decisions.length}</span>
        </h3>
        {decisions.length > 0 && (
          <label className="inline" htmlFor={`${id}-kind`}>
            Kind
            <select
              id={`${id}-kind`}
              value={active}
              onChange={(e) => setKind(e.target.value as typeof kind)}
              data-testid="decision-filter"
            >
              <option value="all">All ({decisions.length})</option>
              {[...counts].map(([k, n]) => (
                <option key={k} value={k}>
                  {k} ({n})
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {decisions.length === 0 ? (
        <Empty title="No decisions yet">The monitor decides after each task result is assessed.</Empty>
      ) : (
        <ol className="mon-timeline">
          {shown.map((d) => (
            <li
              key={d.seq}
              className="mon-decision"
              data-testid="decision"
              data-kind={d.kind}
              data-trigger={d.trigger}
            >
              <span className="mon-seq" title="event seq">
                #{d.seq}
              </span>
              <div className="mon-decision-body">
                <div className="mon-decision-head">
                  <KindChip kind={d.kind} />
                  <code className="mon-trigger" title="trigger">
                    {d.trigger}
                  </code>
                  {skills?.get(d.seq) && (
                    <span className="mon-skill" title="the skill that acted" data-testid="decision-skill">
                      skill {skills.get(d.seq)}
                    </span>
                  )}
                  {d.taskId && (
                    <TaskButton taskId={d.taskId} attempt={d.attempt} onSelectTask={onSelectTask} />
                  )}
                </div>
                <p className="mon-reason">{d.reason}</p>
                {d.taskId && d.attempt != null && recalls[recallKey("gate", d.taskId, d.attempt)] && (
                  <LessonsUsed lessons={recalls[recallKey("gate", d.taskId, d.attempt)] ?? []} />
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
