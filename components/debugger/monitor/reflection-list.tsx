import { useId } from "react";
import type { Reflection } from "@/lib/agent/state";
import { Empty } from "../../ui/states";
import { KindChip, TaskButton } from "./decision-timeline";

const questions: { key: keyof Reflection["answers"]; label: string }[] = [
  { key: "goalAlignment", label: "Goal alignment" },
  { key: "evidence", label: "Evidence" },
  { key: "missingConditions", label: "Missing conditions" },
  { key: "conflicts", label: "Conflicts" },
  { key: "nextAction", label: "Next action" },
];

/** Whether the attempt after the reflection scored higher; null until that attempt is assessed. */
function Effect({ effective }: { effective: boolean | null }) {
  if (effective === null)
    return (
      <span className="mon-chip mon-tone-idle" data-testid="reflection-effect" data-effective="pending">
        <span aria-hidden="true">…</span> not evaluated yet
      </span>
    );
  return (
    <span
      className={`mon-chip ${effective ? "mon-tone-ok" : "mon-tone-bad"}`}
      data-testid="reflection-effect"
      data-effective={effective}
    >
      <span aria-hidden="true">{effective ? "✓" : "✕"}</span> {effective ? "effective" : "ineffective"}
    </span>
  );
}

export function ReflectionList({
  reflections,
  onSelectTask,
}: {
  reflections: Reflection[];
  onSelectTask: (taskId: string) => void;
}) {
  const id = useId();
  return (
    <section className="mon-section" aria-labelledby={`${id}-title`}>
      <div className="mon-section-head">
        <h3 id={`${id}-title`}>
          Reflections <span className="mon-count">{reflections.length}</span>
        </h3>
      </div>
      {reflections.length === 0 ? (
        <Empty title="No reflections yet">
          The monitor reflects when a result is weak, contradicts earlier ones or repeats itself.
        </Empty>
      ) : (
        <ol className="mon-reflections">
          {reflections.map((r) => (
            <li
              key={r.seq}
              className="mon-reflection"
              data-testid="reflection"
              data-action={r.action}
              data-repeated={r.repeated}
            >
              <div className="mon-decision-head">
                <span className="mon-seq">#{r.seq}</span>
                <TaskButton taskId={r.taskId} attempt={r.attempt} onSelectTask={onSelectTask} />
                <code className="mon-trigger" title="trigger">
                  {r.trigger}
                </code>
              </div>
              <p className="mon-conclusion">{r.conclusion}</p>
              <div className="mon-decision-head">
                <span className="muted">Action</span>
                <KindChip kind={r.action} />
                {r.repeated && (
                  <span className="mon-chip mon-tone-warn" data-testid="reflection-repeated">
                    <span aria-hidden="true">⟳</span> repeated conclusion
                  </span>
                )}
                <Effect effective={r.effective} />
              </div>
              <dl className="mon-answers">
                {questions.map((q) => (
                  <div key={q.key}>
                    <dt>{q.label}</dt>
                    <dd>{r.answers[q.key] || <span className="muted">—</span>}</dd>
                  </div>
                ))}
                {r.hint && (
                  <div>
                    <dt>Hint for the next attempt</dt>
                    <dd>{r.hint}</dd>
                  </div>
                )}
                {r.question && (
                  <div>
                    <dt>Question for a person</dt>
                    <dd>{r.question}</dd>
                  </div>
                )}
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
