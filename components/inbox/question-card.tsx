"use client";

import Link from "next/link";
import type { Jsonified } from "@/components/runs/fetch-json";
import { TimeAgo, TimeUntil } from "@/components/runs/time";
import type { QuestionRow } from "@/lib/runs/run-store";
import { AnswerForm } from "./answer-form";
import styles from "./inbox.module.css";

export type QuestionItem = Jsonified<QuestionRow>;

export const ORIGIN: Record<QuestionItem["origin"], { icon: string; label: string; why: string }> = {
  clarify: {
    icon: "?",
    label: "Clarify goal",
    why: "The goal is too vague to plan; the agent waits for it to be made clearer.",
  },
  task: {
    icon: "▸",
    label: "Task",
    why: "The plan has a step that asks a person; its answer is the step's result.",
  },
  gate: {
    icon: "◆",
    label: "Monitor gate",
    why: "The monitor judged a step's result not good enough to go on with, and wants a decision.",
  },
};

interface Props {
  question: QuestionItem;
  /** When the question's run started, if known. */
  runStartedAt?: string;
  onAnswered: (question: QuestionItem, summary: string) => void;
  /** Someone else answered first (or the question is gone): shown in place until dismissed. */
  onResolvedElsewhere: (question: QuestionItem, message: string) => void;
  resolvedElsewhere?: string;
  onDismiss: (question: QuestionItem) => void;
}

/** One pending question: which run and task asked, why, and the controls its kind accepts. */
export function QuestionCard(props: Props) {
  const { question: q, resolvedElsewhere, runStartedAt } = props;
  const origin = ORIGIN[q.origin];
  const id = `q-${q.id.replace(/[^\w-]/g, "_")}`;

  return (
    <article
      className={`panel ${styles.card}`}
      data-testid="question-card"
      data-question-id={q.id}
      data-run-id={q.runId}
      data-origin={q.origin}
      aria-labelledby={`${id}-prompt`}
    >
      <header className={styles.cardHead}>
        <span className="badge">
          <span aria-hidden="true">{origin.icon}</span> {origin.label}
          {q.taskId ? ` · task ${q.taskId}` : ""}
        </span>
        <span className={styles.hint}>
          asked <TimeAgo iso={q.askedAt} />
        </span>
      </header>
      <div className={styles.cardRun} data-testid="card-run">
        <span className={styles.hint}>Run</span>{" "}
        <Link href={`/runs/${encodeURIComponent(q.runId)}`} className={styles.runLink}>
          {q.goal}
        </Link>{" "}
        <span className={styles.hint}>
          <code>{q.runId}</code>
          {runStartedAt && (
            <>
              {" "}
              · started <TimeAgo iso={runStartedAt} />
            </>
          )}
        </span>
      </div>

      <p id={`${id}-prompt`} className={styles.prompt}>
        {q.prompt}
      </p>
      {q.blocking !== false && (
        <p className={styles.hint} data-testid="card-why">
          Why: {origin.why}
        </p>
      )}
      {q.blocking === false && (
        <p className={styles.hint} data-testid="card-aside">
          The run did not stop for this: it goes on and states the gap. An answer given while it runs is taken
          in as a change to its goal.
        </p>
      )}
      {q.blocking !== false && q.deadline && (
        <p className={styles.hint} data-testid="card-deadline">
          Answer <TimeUntil iso={q.deadline} />: after that{" "}
          {q.onDeadline === "skip"
            ? "the run goes on without this step and states the gap."
            : q.onDeadline === "none"
              ? "the run goes on without the answer and states the gap in its report."
              : "the run stops without a report rather than guess."}
        </p>
      )}

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
        <AnswerForm
          question={q}
          onAnswered={(summary) => props.onAnswered(q, summary)}
          onResolvedElsewhere={(message) => props.onResolvedElsewhere(q, message)}
        />
      )}
    </article>
  );
}
