"use client";

import { type KeyboardEvent, useState } from "react";
import { answerQuestionAction } from "@/app/actions";
import type { QuestionRow } from "@/lib/runs/run-store";
import styles from "./inbox.module.css";

/** What the form needs of a question; the inbox row and the run page's own state both have it. */
export type AnswerableQuestion = Pick<QuestionRow, "id" | "origin" | "choices"> & { blocking?: boolean };

/**
 * What each gate choice does, written on the card: the agent reads these words (execute-step), so
 * the card says the effect rather than a generic Approve/Reject that meant the same as two of them.
 */
const GATE_EFFECT: Record<string, string> = {
  retry: "Try the step again, with what the monitor noted.",
  skip: "Leave this task out; the run goes on without it.",
  stop: "Stop the whole run here.",
};

interface Props {
  question: AnswerableQuestion;
  onAnswered: (summary: string) => void;
  /** Someone else answered first (or the question is gone). */
  onResolvedElsewhere: (message: string) => void;
  /** Disables the controls from outside (e.g. resolved elsewhere). */
  disabled?: boolean;
}

/**
 * The answer controls for one question, by kind: a gate takes one of its verdicts or the missing
 * information; a clarify or task question takes an answer (its suggestions send with one click).
 */
export function AnswerForm({ question: q, disabled, ...on }: Props) {
  const [text, setText] = useState("");
  const [sending, setSending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = `q-${q.id.replace(/[^\w-]/g, "_")}`;
  const locked = sending !== null || disabled === true;
  // A question asked aside takes information or "none", never a verdict: the run did not stop.
  const aside = q.blocking === false;
  const gate = q.origin === "gate" && !aside;

  async function send(answer: string, summary: string) {
    if (!answer.trim()) {
      setError(gate ? "Pick a choice, or type the missing information." : "Type an answer first.");
      document.getElementById(`${id}-answer`)?.focus();
      return;
    }
    setError(null);
    setSending(summary);
    try {
      // Signed on the server by whoever is signed in (the local admin without sign-in).
      const result = await answerQuestionAction({ questionId: q.id, answer });
      if (result.ok) return on.onAnswered(summary);
      if (result.code === "conflict" || result.code === "question_not_found") {
        on.onResolvedElsewhere(result.message);
      } else {
        setError(`${result.message} Change the answer and send again.`);
      }
    } catch {
      setError("The server could not be reached. Your answer is still here; send it again when it is back.");
    } finally {
      setSending(null);
    }
  }

  const sendText = () => send(text, `answered “${text.trim()}”`);
  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
      e.preventDefault();
      void sendText();
    }
  }

  return (
    <>
      {gate && q.choices.length > 0 && (
        <fieldset className={styles.gateChoices}>
          <legend className={styles.hint}>Decide — one click sends</legend>
          {q.choices.map((choice) => (
            <div key={choice} className={styles.gateChoice}>
              <button
                type="button"
                className={`btn ${choice === "stop" ? "btn-danger" : ""}`}
                data-testid="gate-choice"
                data-choice={choice}
                disabled={locked}
                aria-describedby={`${id}-${choice}-effect`}
                onClick={() => send(choice, `chose “${choice}”`)}
              >
                {choice[0]?.toUpperCase()}
                {choice.slice(1)}
              </button>
              <span id={`${id}-${choice}-effect`} className={styles.hint}>
                {GATE_EFFECT[choice] ?? "Sent to the agent as your answer."}
              </span>
            </div>
          ))}
        </fieldset>
      )}
      {!gate && q.choices.length > 0 && (
        <fieldset className={styles.choices}>
          <legend className={styles.hint}>Suggested answers — one click sends it as your answer</legend>
          {q.choices.map((choice) => (
            <button
              key={choice}
              type="button"
              className="btn"
              data-testid="suggested-answer"
              disabled={locked}
              onClick={() => send(choice, `answered “${choice}”`)}
            >
              {choice}
            </button>
          ))}
        </fieldset>
      )}
      <div className={styles.answerField}>
        <label htmlFor={`${id}-answer`}>{gate ? "Or give the missing information" : "Your answer"}</label>
        <textarea
          id={`${id}-answer`}
          data-testid="answer-input"
          rows={2}
          value={text}
          disabled={locked}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error !== null || undefined}
          aria-describedby={error ? `${id}-error` : `${id}-effect`}
        />
        <span id={`${id}-effect`} className={styles.hint}>
          {aside
            ? 'Your answer is taken in as a change to the run\'s goal while it runs; "none" leaves the gap.'
            : q.origin === "clarify"
              ? "The agent reads your answer with the goal to make it clear enough to plan."
              : gate
                ? "Your text becomes this task's result and the run goes on."
                : "Your answer becomes this task's result and the run goes on."}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.errorText} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={`btn ${gate ? "" : "btn-primary"}`}
          data-testid="answer-submit"
          disabled={locked}
          onClick={sendText}
        >
          {sending?.startsWith("answered") ? "Sending…" : "Send answer"}
        </button>
        <span className={styles.hint}>
          or <kbd>Ctrl</kbd>/<kbd>⌘</kbd> + <kbd>Enter</kbd>
        </span>
      </div>
    </>
  );
}
