"use client";

import { StatusBadge } from "@/components/ui/status-badge";
import type { Decision, Reflection, TaskState } from "@/lib/agent/state";
import type { AttemptRecord } from "./task-history";

const since = (at: number | null, start: number | null) =>
  at === null || start === null ? "" : `+${((at - start) / 1000).toFixed(1)}s`;

const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n)} ms`);

interface AttemptsProps {
  attempts: AttemptRecord[];
  startedAt: number | null;
  /** The task's live attempt and status: an attempt without an outcome is either this one or abandoned. */
  current: { attempt: number; status: TaskState["status"] };
}

export function AttemptsSection({ attempts: recorded, startedAt, current }: AttemptsProps) {
  // A retry queued by the reducer has no events yet; list it so the attempt count adds up.
  const attempts =
    recorded.length > 0 && !recorded.some((a) => a.attempt === current.attempt)
      ? [...recorded, { attempt: current.attempt, startedAt: null, tries: [], outcome: null }]
      : recorded;
  return (
    <section className="td-section" aria-labelledby="td-attempts">
      <h3 id="td-attempts">Attempts</h3>
      {attempts.length === 0 ? (
        <p className="muted">Not started yet.</p>
      ) : (
        <ol className="td-attempts">
          {attempts.map((a) => (
            <li key={a.attempt} className="td-attempt" data-testid="task-attempt" data-attempt={a.attempt}>
              <div className="td-attempt-head">
                <strong>Attempt {a.attempt}</strong>
                {a.startedAt !== null && <span className="muted mono">{since(a.startedAt, startedAt)}</span>}
                {a.outcome ? (
                  <StatusBadge status={a.outcome.status} />
                ) : a.attempt === current.attempt ? (
                  <StatusBadge status={current.status} />
                ) : (
                  <span className="muted td-small">no outcome recorded</span>
                )}
              </div>
              {a.outcome && <p className="td-small">{a.outcome.text}</p>}
              {a.tries.length > 0 && (
                <table className="td-tries">
                  <thead>
                    <tr>
                      <th scope="col">Try</th>
                      <th scope="col">Tool</th>
                      <th scope="col">Result</th>
                      <th scope="col">Time</th>
                    </tr>
                  </thead>
                  <tbody>
                    {a.tries.map((t) => (
                      <tr key={t.try}>
                        <td className="mono">{t.try}</td>
                        <td className="mono">{t.tool}</td>
                        <td>
                          {t.result ? (
                            <>
                              <span className={`td-code ${t.result.ok ? "is-ok" : "is-bad"}`}>
                                <span aria-hidden="true">{t.result.ok ? "✓ " : "✕ "}</span>
                                {t.result.code}
                              </span>
                              <Flags cached={t.cached} replayed={t.replayed} transient={t.result.transient} />
                              <div className="td-small">{t.result.summary}</div>
                            </>
                          ) : (
                            <span className="muted">no return recorded</span>
                          )}
                        </td>
                        <td className="mono">{t.result ? ms(t.result.durationMs) : "—"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Flags({ cached, replayed, transient }: { cached: boolean; replayed: boolean; transient: boolean }) {
  if (!cached && !replayed && !transient) return null;
  return (
    <span className="td-flags">
      {cached && (
        <span className="td-tag" title="Recorded earlier for the same idempotency key; not run again">
          cached
        </span>
      )}
      {replayed && (
        <span className="td-tag" title="Reused from the parent run of this fork">
          replayed
        </span>
      )}
      {transient && (
        <span className="td-tag td-tag-warn" title="A transient error: the executor retries">
          transient
        </span>
      )}
    </span>
  );
}

export function ResultSection({ task }: { task: TaskState }) {
  const r = task.result;
  return (
    <section className="td-section" aria-labelledby="td-result">
      <h3 id="td-result">Result</h3>
      {!r ? (
        <p className="muted">No result for the current attempt yet.</p>
      ) : (
        <>
          <p>
            <span className={`td-code ${r.ok ? "is-ok" : "is-bad"}`}>
              <span aria-hidden="true">{r.ok ? "✓ " : "✕ "}</span>
              {r.code}
            </span>{" "}
            {r.summary} <span className="muted mono">· tool confidence {r.confidence.toFixed(2)}</span>
          </p>
          {r.evidence.length === 0 ? (
            <p className="muted">No evidence cited.</p>
          ) : (
            <ul className="td-evidence" data-testid="task-evidence">
              {r.evidence.map((e) => (
                <li key={`${e.docId}|${e.quote}`}>
                  <div>
                    <strong>{e.title}</strong> <span className="muted mono">{e.docId}</span>
                  </div>
                  <blockquote>{e.quote}</blockquote>
                </li>
              ))}
            </ul>
          )}
          {r.claims.length > 0 && (
            <dl className="td-claims">
              {r.claims.map((c) => (
                <div key={`${c.key}|${c.docId}|${c.value}`}>
                  <dt>{c.key}</dt>
                  <dd>
                    {c.value} <span className="muted mono">({c.docId})</span>
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </>
      )}
    </section>
  );
}

export function DecisionsSection({ decisions }: { decisions: Decision[] }) {
  return (
    <section className="td-section" aria-labelledby="td-decisions">
      <h3 id="td-decisions">Decisions</h3>
      {decisions.length === 0 ? (
        <p className="muted">No decisions about this task.</p>
      ) : (
        <ul className="td-decisions">
          {decisions.map((d) => (
            <li key={d.seq} data-kind={d.kind}>
              <span className="td-tag">{d.kind}</span>
              <span className="muted mono">{d.trigger}</span>
              {d.attempt !== null && <span className="muted"> · attempt {d.attempt}</span>}
              <div className="td-small">{d.reason}</div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const answerLabels: [keyof Reflection["answers"], string][] = [
  ["goalAlignment", "Goal alignment"],
  ["evidence", "Evidence"],
  ["missingConditions", "Missing conditions"],
  ["conflicts", "Conflicts"],
  ["nextAction", "Next action"],
];

export function ReflectionsSection({ reflections }: { reflections: Reflection[] }) {
  return (
    <section className="td-section" aria-labelledby="td-reflections">
      <h3 id="td-reflections">Reflections</h3>
      {reflections.length === 0 ? (
        <p className="muted">The agent has not reflected on this task.</p>
      ) : (
        reflections.map((r) => (
          <div key={r.seq} className="td-reflection" data-testid="task-reflection">
            <div className="td-attempt-head">
              <strong>Attempt {r.attempt}</strong>
              <span className="td-tag">{r.action}</span>
              <span className="muted mono">{r.trigger}</span>
              {r.repeated && (
                <span
                  className="td-tag td-tag-warn"
                  title="Reached before: the direction was forced to change"
                >
                  <span aria-hidden="true">↻ </span>repeated
                </span>
              )}
              {r.effective !== null && (
                <span className={`td-tag ${r.effective ? "" : "td-tag-warn"}`}>
                  {r.effective ? "helped" : "did not help"}
                </span>
              )}
            </div>
            <p className="td-small">
              <strong>Conclusion:</strong> {r.conclusion}
            </p>
            <dl className="td-answers">
              {answerLabels.map(([k, label]) => (
                <div key={k}>
                  <dt>{label}</dt>
                  <dd>{r.answers[k] || "—"}</dd>
                </div>
              ))}
            </dl>
            {r.hint && <p className="td-small muted">Hint: {r.hint}</p>}
            {r.question && <p className="td-small muted">Asked: {r.question}</p>}
          </div>
        ))
      )}
    </section>
  );
}
