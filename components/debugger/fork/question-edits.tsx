"use client";

import type { RunEvent } from "@/lib/agent/events";
import type { RunState } from "@/lib/agent/state";
import type { ForkAnswer } from "./fork-dialog";

/**
 * The questions asked up to the shown step: a pending one takes the fork's answer; an answered
 * one can be answered differently, which forks from just before its answer was recorded.
 */
export function QuestionEdits({
  state,
  seq,
  events,
  answer,
  onAnswer,
}: {
  state: RunState;
  seq: number;
  events: readonly RunEvent[];
  answer: ForkAnswer | null;
  onAnswer: (a: ForkAnswer | null) => void;
}) {
  const questions = Object.values(state.questions).sort((a, b) => a.askedSeq - b.askedSeq);
  if (questions.length === 0) return null;
  const answeredAt = (id: string) =>
    events.find((e) => e.type === "question.answered" && e.questionId === id && e.seq <= seq)?.seq ?? seq;
  return (
    <fieldset className="fork-questions">
      <legend>Questions</legend>
      {questions.map((q) => {
        const mine = answer?.questionId === q.id;
        const pending = q.status === "pending";
        const at = pending ? seq : answeredAt(q.id) - 1;
        const otherChosen = answer !== null && !mine;
        return (
          <div key={q.id} className="fork-question" data-testid="fork-question" data-question={q.id}>
            <p>
              <strong>{q.prompt}</strong>
              <br />
              <span className="muted">
                {pending
                  ? "Waiting for an answer."
                  : `Answered “${q.answer ?? ""}” by ${q.answeredBy ?? "someone"}.`}
              </span>
            </p>
            {pending || mine ? (
              <label>
                <span className="muted">
                  {pending ? "The fork’s answer" : `New answer (forks from #${at}, before the first answer)`}
                </span>
                <input
                  value={mine ? answer.answer : ""}
                  onChange={(e) =>
                    onAnswer(
                      e.target.value ? { questionId: q.id, answer: e.target.value, forkSeq: at } : null,
                    )
                  }
                  maxLength={4_000}
                  disabled={otherChosen}
                  data-testid="fork-answer"
                />
              </label>
            ) : (
              <button
                type="button"
                className="btn"
                disabled={otherChosen}
                onClick={() => onAnswer({ questionId: q.id, answer: q.answer ?? "", forkSeq: at })}
                data-testid="fork-reanswer"
              >
                Answer differently…
              </button>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
