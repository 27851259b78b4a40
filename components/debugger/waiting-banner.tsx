"use client";

import { memo, useState } from "react";
import { AnswerForm } from "@/components/inbox/answer-form";
import { ORIGIN } from "@/components/inbox/question-card";
import { isTerminal, type Question, type RunStatus } from "@/lib/agent/state";
import { questionKey } from "@/lib/runs/run-store";
import { useRunView } from "./run-view-context";

/** Open questions, those the run waits on first; a question asked aside only while the run runs. */
const pendingOf = (questions: Record<string, Question>, status: RunStatus) =>
  Object.values(questions)
    .filter(
      (q) => q.status === "pending" && (q.blocking !== false ? status === "waiting" : !isTerminal(status)),
    )
    .sort((a, b) => Number(a.blocking === false) - Number(b.blocking === false) || a.askedSeq - b.askedSeq);

/**
 * A waiting run's call to action: its question and the inbox's answer form, on the run's own page.
 * Follows the head, not the scrubbed moment: the question is pending now, whatever is shown below.
 */
export const WaitingBanner = memo(function WaitingBanner({ runId }: { runId: string }) {
  const questions = useRunView((v) => v.head.questions);
  const status = useRunView((v) => v.head.status);
  const [sent, setSent] = useState<{ questionId: string; summary: string } | null>(null);
  const [elsewhere, setElsewhere] = useState<string | null>(null);
  const pending = pendingOf(questions, status);
  const q = pending[0];

  // Until the answer's event arrives the question still looks pending here: show what was sent.
  if (!q || q.id === sent?.questionId) {
    return sent ? (
      <p className="waiting-sent" role="status">
        <span aria-hidden="true">✓</span> You {sent.summary}. The run goes on.
      </p>
    ) : null;
  }
  const origin = ORIGIN[q.origin];
  return (
    <section className="waiting-banner panel" data-testid="waiting-banner" aria-labelledby="waiting-title">
      <div className="waiting-head">
        <h2 id="waiting-title">
          {q.blocking === false ? "The run asks (it goes on meanwhile)" : "This run waits for your answer"}
        </h2>
        <span className="badge badge-waiting">
          {origin.label}
          {q.taskId ? ` · task ${q.taskId}` : ""}
        </span>
        {pending.length > 1 && <span className="muted">and {pending.length - 1} more after it</span>}
      </div>
      <p className="waiting-prompt">{q.prompt}</p>
      <p className="muted">
        {q.blocking === false
          ? "Why: it found nothing to use for this and states it as a gap; an answer given while it runs is taken in as a change to its goal."
          : `Why: ${origin.why}`}
      </p>
      {elsewhere ? (
        <p className="state-error" role="alert">
          <strong>Not sent.</strong> {elsewhere}
        </p>
      ) : (
        <AnswerForm
          key={q.id}
          question={{
            id: questionKey(runId, q.id),
            origin: q.origin,
            choices: q.choices,
            blocking: q.blocking,
          }}
          onAnswered={(summary) => setSent({ questionId: q.id, summary })}
          onResolvedElsewhere={setElsewhere}
        />
      )}
    </section>
  );
});
