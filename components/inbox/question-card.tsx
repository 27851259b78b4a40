"use client";

import Link from "next/link";
import { type KeyboardEvent, useState } from "react";
import { answerQuestionAction } from "@/app/actions";
import type { Jsonified } from "@/components/runs/fetch-json";
import { TimeAgo } from "@/components/runs/time";
import type { QuestionRow } from "@/lib/runs/run-store";
import styles from "./inbox.module.css";

export type QuestionItem = Jsonified<QuestionRow>;

export type Reply = { answer: string } | { decision: "approve" | "reject" };

const ORIGIN: Record<QuestionItem["origin"], { icon: string; label: string; help: string }> = {
  clarify: {
    icon: "?",
    label: "Clarify goal",
    help: "The agent needs the goal made clearer before it plans.",
  },
  task: { icon: "▸", label: "Task", help: "Asked while working on a task." },
  gate: { icon: "◆", label: "Monitor gate", help: "The monitor stopped a step and wants a decision." },
};

interface Props {
  question: QuestionItem;
  reviewer: string;
  /** Called instead of sending when no reviewer name is set. */
  onNeedName: () => void;
  onAnswered: (question: QuestionItem, summary: string) => void;
  /** Someone else answered first (or the question is gone): shown in place until dismissed. */
  onResolvedElsewhere: (question: QuestionItem, message: string) => void;
  resolvedElsewhere?: string;
  onDismiss: (question: QuestionItem) => void;
}

export function QuestionCard(props: Props) {
  const { question: q, reviewer, resolvedElsewhere } = props;
  const [text, setText] = useState("");
  const [sending, setSending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const origin = ORIGIN[q.origin];
  const id = `q-${q.id.replace(/[^\w-]/g, "_")}`;
  const locked = sending !== null || resolvedElsewhere !== undefined;

  async function send(reply: Reply, summary: string) {
    if (!reviewer.trim()) return props.onNeedName();
    if ("answer" in reply && !reply.answer.trim()) {
      setError("Type an answer, pick a suggested one, or approve or reject.");
      document.getElementById(`${id}-answer`)?.focus();
      return;
    }
    setError(null);
    setSending(summary);
    try {
      const result = await answerQuestionAction({ questionId: q.id, ...reply, by: reviewer.trim() });
      if (result.ok) return props.onAnswered(q, summary);
      if (result.code === "conflict" || result.code === "question_not_found") {
        props.onResolvedElsewhere(q, result.message);
      } else {
        setError(`${result.message} Change the answer and send again.`);
      }
    } catch {
      setError("The server could not be reached. Your answer is still here; send it again when it is back.");
    } finally {
      setSending(null);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
      e.preventDefault();
      void send({ answer: text }, `answered “${text.trim()}”`);
    }
  }

  return (
    <article
      className={`panel ${styles.card}`}
      data-testid="question-card"
      data-question-id={q.id}
      aria-labelledby={`${id}-prompt`}
      aria-busy={sending !== null}
    >
      <header className={styles.cardHead}>
        <span className="badge" title={origin.help}>
          <span aria-hidden="true">{origin.icon}</span> {origin.label}
          {q.origin === "task" && q.taskId ? ` ${q.taskId}` : ""}
        </span>
        <span className={styles.hint}>
          asked <TimeAgo iso={q.askedAt} />
        </span>
        <Link href={`/runs/${encodeURIComponent(q.runId)}`} className={styles.runLink}>
          <span className={styles.hint}>Run:</span> {q.goal}
        </Link>
      </header>

      <p id={`${id}-prompt`} className={styles.prompt}>
        {q.prompt}
      </p>

      {resolvedElsewhere !== undefined ? (
        <div className={styles.resolved} role="alert">
          <span>
            <strong>Not sent.</strong> {resolvedElsewhere} Nothing more to do here.
          </span>
          <button type="button" className="btn" onClick={() => props.onDismiss(q)}>
            Dismiss
          </button>
        </div>
      ) : (
        <>
          {q.choices.length > 0 && (
            <fieldset className={styles.choices}>
              <legend className={styles.hint}>Suggested answers — one click sends</legend>
              {q.choices.map((choice) => (
                <button
                  key={choice}
                  type="button"
                  className="btn"
                  disabled={locked}
                  onClick={() => send({ answer: choice }, `answered “${choice}”`)}
                >
                  {choice}
                </button>
              ))}
            </fieldset>
          )}
          <div className={styles.answerField}>
            <label htmlFor={`${id}-answer`}>Your answer</label>
            <textarea
              id={`${id}-answer`}
              data-testid="answer-input"
              rows={2}
              value={text}
              disabled={locked}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
              aria-invalid={error !== null || undefined}
              aria-describedby={error ? `${id}-error` : `${id}-keys`}
            />
          </div>
          {error && (
            <p id={`${id}-error`} className={styles.errorText} role="alert">
              {error}
            </p>
          )}
          <div className={styles.actions}>
            <button
              type="button"
              className="btn btn-primary"
              data-testid="answer-submit"
              disabled={locked}
              onClick={() => send({ answer: text }, `answered “${text.trim()}”`)}
            >
              {sending?.startsWith("answered") ? "Sending…" : "Send answer"}
            </button>
            <span id={`${id}-keys`} className={styles.hint}>
              or <kbd>Ctrl</kbd>/<kbd>⌘</kbd> + <kbd>Enter</kbd>
            </span>
            <span className={styles.decisions}>
              <button
                type="button"
                className="btn"
                data-testid="approve"
                disabled={locked}
                title="Go on as the agent proposed (retry the step)"
                aria-describedby={`${id}-approve-help`}
                onClick={() => send({ decision: "approve" }, "approved")}
              >
                <span aria-hidden="true">✓</span> Approve
              </button>
              <button
                type="button"
                className="btn btn-danger"
                data-testid="reject"
                disabled={locked}
                title="Skip what the agent asked about"
                aria-describedby={`${id}-reject-help`}
                onClick={() => send({ decision: "reject" }, "rejected")}
              >
                <span aria-hidden="true">✕</span> Reject
              </button>
              <span id={`${id}-approve-help`} className={styles.srOnly}>
                Go on as the agent proposed.
              </span>
              <span id={`${id}-reject-help`} className={styles.srOnly}>
                Skip what the agent asked about.
              </span>
            </span>
          </div>
        </>
      )}
    </article>
  );
}
